/** Every built area with its pages, in sidebar order. A new area adds one line here. */
import { accessListsPages } from '../features/access-lists/pages.ts';
import { accountPages } from '../features/account/pages.ts';
import { accountTransactionsPages } from '../features/account-transactions/pages.ts';
import { auditPages } from '../features/audit/pages.ts';
import { balanceAdjustmentsPages } from '../features/balance-adjustments/pages.ts';
import { bundlesPages } from '../features/bundles/pages.ts';
import { buyNumbersPages } from '../features/buy-numbers/pages.ts';
import { callFlowPages } from '../features/call-flow/pages.ts';
import { callGroupsPages } from '../features/call-groups/pages.ts';
import { callMonitoringPages } from '../features/call-monitoring/pages.ts';
import { callQueuesPages } from '../features/call-queues/pages.ts';
import { callRecordingPages } from '../features/call-recording/pages.ts';

import { callRecordsPages } from '../features/call-records/pages.ts';
import { changeEventsPages } from '../features/change-events/pages.ts';
import { conferencingPages } from '../features/conferencing/pages.ts';
import { customersPages } from '../features/customers/pages.ts';
import { dialThroughPages } from '../features/dial-through/pages.ts';
import { directDebitPages } from '../features/direct-debit/pages.ts';
import { emsErrorsPages } from '../features/ems-errors/pages.ts';
import { internationalAddressesPages } from '../features/international-addresses/pages.ts';
import { invoicesPages, providerInvoicesPages } from '../features/invoices/pages.ts';
import { ivrsPages } from '../features/ivrs/pages.ts';
import { jobsPages } from '../features/jobs/pages.ts';
import { mobilePages } from '../features/mobile/pages.ts';
import { musicOnHoldPages } from '../features/music-on-hold/pages.ts';
import { notificationsPages } from '../features/notifications/pages.ts';
import { ntsPages } from '../features/nts/pages.ts';
import { outboundClisPages } from '../features/outbound-clis/pages.ts';
import { outboxPages } from '../features/outbox/pages.ts';
import { paymentsPages } from '../features/payments/pages.ts';
import { pickupGroupsPages } from '../features/pickup-groups/pages.ts';
import { platformServersPages } from '../features/platform-servers/pages.ts';
import { portingPages } from '../features/porting/pages.ts';
import { promptsPages } from '../features/prompts/pages.ts';
import { registrationPages } from '../features/registration/pages.ts';
import { routingHealthPages } from '../features/routing-health/pages.ts';
import { seatsPages } from '../features/seats/pages.ts';
import { sipTrunksPages } from '../features/sip-trunks/pages.ts';
import { smsPages } from '../features/sms/pages.ts';
import { supportPages } from '../features/support/pages.ts';
import { tariffPages } from '../features/tariff/pages.ts';
import { telephoneNumbersPages } from '../features/telephone-numbers/pages.ts';
import { timeProfilesPages } from '../features/time-profiles/pages.ts';
import { usersPages } from '../features/users/pages.ts';
import { voicemailPages } from '../features/voicemail/pages.ts';
import { registerAreaDialogs } from '../platform/area-dialogs.tsx';
import type { AreaDefinition, AreaPages } from '../platform/areas.ts';

export const AREA_PAGES: AreaPages[] = [
  // Account details and the public registration pages (issue 13).
  accountPages,
  registrationPages,
  // The advice of transfer's public page (issue 27).
  portingPages,
  customersPages,
  timeProfilesPages,
  callGroupsPages,
  callQueuesPages,
  callRecordingPages,
  ivrsPages,
  ntsPages,
  // The trace of a call through the routing (issue 29).
  callFlowPages,
  routingHealthPages,
  pickupGroupsPages,
  accessListsPages,
  dialThroughPages,
  seatsPages,
  sipTrunksPages,
  telephoneNumbersPages,
  emsErrorsPages,
  internationalAddressesPages,
  mobilePages,
  outboundClisPages,
  smsPages,

  callRecordsPages,
  callMonitoringPages,
  musicOnHoldPages,
  promptsPages,
  voicemailPages,
  conferencingPages,
  usersPages,
  auditPages,
  accountTransactionsPages,
  invoicesPages,
  tariffPages,
  paymentsPages,
  bundlesPages,
  directDebitPages,
  notificationsPages,
  outboxPages,
  jobsPages,
  platformServersPages,
  buyNumbersPages,
  changeEventsPages,
  supportPages,
  balanceAdjustmentsPages,
  providerInvoicesPages,
];

registerAreaDialogs(Object.assign({}, ...AREA_PAGES.map((p) => p.dialogs ?? {})));

/** The areas' definitions: the sidebar, breadcrumbs and top bar. */
export const AREAS: AreaDefinition[] = AREA_PAGES.map((p) => p.area);
