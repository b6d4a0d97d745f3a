/**
 * The dashboard's widgets (spec 1 §2 "Dashboard", §7 "Dashboard counts"): each count is the
 * totalRecords of `POST {api}/0/1` on an area's list, linking to the area's page.
 */
import type { Resource } from '../permissions.ts';
import { ROUTING_HEALTH_READ_RESOURCES } from '../routing/access.ts';

export interface DashboardCount {
  label: string;
  /** The list's API path (the count reads POST {api}/0/1). */
  api: string;
  /** The web page the count links to. */
  link: string;
  resource: Resource;
  /** Further resources the count needs read on (a count of findings naming any routing object). */
  alsoRead?: readonly Resource[];
}

/** 'Account Activity', in the spec's order. */
export const ACCOUNT_ACTIVITY: DashboardCount[] = [
  { label: 'Seats', api: '/seat', link: '/seats', resource: 'seats' },
  { label: 'Telephone Numbers', api: '/numbering/allocated', link: '/telephone-numbers', resource: 'numbers' },
  { label: 'Call Groups', api: '/callgroup', link: '/call-groups', resource: 'callGroups' },
  { label: 'Call Queues', api: '/queue', link: '/call-queues', resource: 'queues' },
  { label: 'IVR Menus', api: '/ivr', link: '/ivrs', resource: 'IVR' },
  { label: 'NTS Destinations', api: '/nts', link: '/nts', resource: 'externalExt' },
  { label: 'SIP Trunks', api: '/trunk', link: '/sip', resource: 'SIPTrunks' },
  { label: 'Time Profiles', api: '/timeprofile', link: '/time-profiles', resource: 'timeprofile' },
];

/** 'Account Errors': emergency-service address errors. */
export const EMS_ERRORS_COUNT: DashboardCount = {
  label: 'Emergency Service Errors',
  api: '/numbering/allocated/ems/errors',
  link: '/ems-errors',
  resource: 'numbers',
};

/** 'Account Errors': the findings of routing health (ours, issue 29). */
export const ROUTING_HEALTH_COUNT: DashboardCount = {
  label: 'Routing Health',
  api: '/routinghealth',
  link: '/routing-health',
  resource: 'numbers',
  alsoRead: ROUTING_HEALTH_READ_RESOURCES,
};

export const DASHBOARD_TEXTS = {
  activity: 'Account Activity',
  errors: 'Account Errors',
  emsWarning:
    'Some of your telephone numbers have emergency service address errors. Calls to 999 from these numbers may not give the emergency services your correct address.',
} as const;
