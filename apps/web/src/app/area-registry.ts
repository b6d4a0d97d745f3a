/** Every built area, in sidebar order. A new area adds one line here. */
import { accessListsArea } from '../features/access-lists/area.ts';
import { accountDetailsArea } from '../features/account-details/area.ts';
import { accountTransactionsArea } from '../features/account-transactions/area.ts';
import { auditArea } from '../features/audit/area.ts';
import { balanceAdjustmentsArea } from '../features/balance-adjustments/area.ts';
import { bundlesArea } from '../features/bundles/area.ts';
import { callGroupsArea } from '../features/call-groups/area.ts';
import { callMonitoringArea } from '../features/call-monitoring/area.ts';
import { callQueuesArea } from '../features/call-queues/area.ts';
import { conferencingArea } from '../features/conferencing/area.ts';
import { customPromptsArea } from '../features/custom-prompts/area.ts';
import { customersArea } from '../features/customers/area.ts';
import { dialThroughArea } from '../features/dial-through/area.ts';
import { directDebitArea } from '../features/direct-debit/area.ts';
import { emsErrorsArea } from '../features/ems-errors/area.ts';
import { invoicesArea, providerInvoicesArea } from '../features/invoices/area.ts';
import { ivrsArea } from '../features/ivrs/area.ts';
import { jobsArea } from '../features/jobs/area.ts';
import { mobileArea } from '../features/mobile/area.ts';
import { musicOnHoldArea } from '../features/music-on-hold/area.ts';
import { notificationsArea } from '../features/notifications/area.ts';
import { ntsArea } from '../features/nts/area.ts';
import { outboxArea } from '../features/outbox/area.ts';
import { paymentsArea } from '../features/payments/area.ts';
import { pickupGroupsArea } from '../features/pickup-groups/area.ts';
import { registrationArea } from '../features/registration/area.ts';
import { seatsArea } from '../features/seats/area.ts';
import { sipTrunksArea } from '../features/sip-trunks/area.ts';
import { telephoneNumbersArea } from '../features/telephone-numbers/area.ts';
import { timeProfilesArea } from '../features/time-profiles/area.ts';
import { userManagerArea } from '../features/user-manager/area.ts';
import type { AreaDefinition } from '../platform/areas.ts';

export const AREAS: AreaDefinition[] = [
  // Account details and the public registration pages (issue 13).
  accountDetailsArea,
  registrationArea,
  customersArea,
  timeProfilesArea,
  callGroupsArea,
  callQueuesArea,
  ivrsArea,
  ntsArea,
  pickupGroupsArea,
  accessListsArea,
  dialThroughArea,
  seatsArea,
  sipTrunksArea,
  telephoneNumbersArea,
  emsErrorsArea,
  mobileArea,
  callMonitoringArea,
  musicOnHoldArea,
  customPromptsArea,
  conferencingArea,
  userManagerArea,
  auditArea,
  accountTransactionsArea,
  invoicesArea,
  paymentsArea,
  bundlesArea,
  directDebitArea,
  notificationsArea,
  outboxArea,
  jobsArea,
  balanceAdjustmentsArea,
  providerInvoicesArea,
];
