/**
 * SIP trunks (spec 2 §2, §3, §6, §7 "SIP trunks"): the /trunk resource with status (Direct IP for a
 * host address, otherwise Online / Offline from the registrations), the retail caps, the
 * provider-admin-only switches and the call-restriction permissions, all enforced here.
 */
import {
  DEFAULT_CALL_OPTIONS,
  isProviderAdmin,
  MESSAGES,
  normaliseRestrictions,
  RETAIL_MAX_TRUNKS,
  type SipTrunk,
  type SipTrunkValues,
  sipTrunkFields,
  sipTrunkRoutes,
  TRUNK_ADMIN_FIELDS,
  TRUNK_CHANNELS,
  TRUNK_MESSAGES,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { callOptionFields, deviceStatusFields, sipCredentials } from '../../modules/endpoints/index.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { field, fieldMap, versionedFields } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { resource, type Validator } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import { newSecret } from '../../platform/secrets.ts';
import { adminOnly, destination, maxRecords, ownNumbers, restricted, teamsSwitch } from '../../platform/validators.ts';

const REGISTERED = "(sip_trunks.host = '' and trunk_registrations.expires_at > now())";
const ADDRESS = `(case when sip_trunks.host <> '' then sip_trunks.host when ${REGISTERED} then trunk_registrations.ipaddr end)`;

const fields = fieldMap<SipTrunk>('sip_trunks', {
  ...versionedFields,
  name: field.text('name', { sortable: true, searchable: true, createOnly: true }),
  ...declaredFields(sipTrunkFields),
  ...callOptionFields('SIPTrunks', 'SIPTrunksCallRestrictions'),
  status: field.computed(
    `(case when sip_trunks.host <> '' then 'Direct IP' when ${REGISTERED} then 'Online' else 'Offline' end)`,
    'text',
    { sortable: true, filterable: true },
  ),
  ip: field.computed(`coalesce(${ADDRESS}, '')`, 'text'),
  agent: field.computed(`(case when ${REGISTERED} then trunk_registrations.user_agent else '' end)`, 'text'),
  ...deviceStatusFields({ numberSql: 'sip_trunks.emergency_services_cid', addressSql: ADDRESS }),
  accountNo: field.computed('sip_trunks.account_no', 'number'),
});

/** The list's field map (its sortable and filterable columns are indexed). */
export const sipTrunkLists = [fields];

/**
 * What the trunk's values mean when stored: an empty host is dynamic registration, so IP
 * authentication goes off with it (spec 2 §2: whatever is sent, never a refusal; the form switches
 * it off as the host is cleared); the PIN guards international calls and goes when they are barred.
 */
function prepare(values: SipTrunkValues): SipTrunkValues {
  const trunk = normaliseRestrictions(values);
  return trunk.host.trim() === '' ? { ...trunk, trunkIPAuth: false } : trunk;
}

const CALL_OPTION_DEFAULTS = { trunkIPAuth: false, anyPresentation: false, ...DEFAULT_CALL_OPTIONS };

/**
 * The provider-admin-only fields (spec 2 §6). IP authentication going off because the host was
 * emptied is the host's consequence (spec 2 §2), which anyone who may edit the host may cause.
 */
const trunkAdminOnly: Validator<SipTrunkValues, SipTrunk> = (w) => {
  const values = w.values.host === '' ? { ...w.values, trunkIPAuth: w.current?.trunkIPAuth ?? false } : w.values;
  return adminOnly(TRUNK_ADMIN_FIELDS, CALL_OPTION_DEFAULTS)({ ...w, values });
};

/** Retail accounts: at most 2 channels (a provider admin may set more; a stored value may stay). */
const retailChannels: Validator<SipTrunkValues, SipTrunk> = ({ auth, values, current }) =>
  !isProviderAdmin(auth) &&
  auth.accountKind === 'retail' &&
  values.channelLimit > TRUNK_CHANNELS.retailMax &&
  values.channelLimit !== current?.channelLimit
    ? { channelLimit: TRUNK_MESSAGES.retailChannels }
    : undefined;

export function registerSipTrunkRoutes(api: FastifyInstance, platform: Platform): void {
  const trunks = resource(api, platform, {
    area: 'sip-trunks',
    routes: sipTrunkRoutes,
    table: 'sip_trunks',
    permission: 'SIPTrunks',
    fields,
    from: (q) => q.leftJoin('trunk_registrations', 'trunk_registrations.trunk_id', 'sip_trunks.id'),
    title: 'nickname',
    usage: { type: 'SIP Trunk', link: `'/sip/' || sip_trunks.id` },
    destination: {
      type: 'trunk',
      key: (t) => String(t.id),
      source: { key: 'sip_trunks.id', numericKey: true, label: 'sip_trunks.nickname', order: 'sip_trunks.nickname' },
    },
    prepare,
    // Retail accounts: RETAIL_MAX_TRUNKS (a provider admin may add more, like the provisioned demo estate).
    validateCreate: [
      maxRecords(
        'sip_trunks',
        (auth) => (auth.accountKind === 'retail' ? RETAIL_MAX_TRUNKS : undefined),
        TRUNK_MESSAGES.retailTrunks,
      ),
    ],
    validate: [
      trunkAdminOnly,
      restricted('SIPTrunksCallRestrictions', CALL_OPTION_DEFAULTS),
      retailChannels,
      teamsSwitch,
      ownNumbers(['cliNumber', 'emergencyServicesCid'], TRUNK_MESSAGES.notAccountNumber),
      destination(['trunkFailOver'], {
        type: 'trunk',
        key: (current) => (current ? (current.id as number) : null),
        message: MESSAGES.selectOption,
      }),
    ],
    createColumns: (_values, auth) => ({
      name: `${auth.accountNo}_trunk_${newSecret(6).toLowerCase()}`,
      secret: newSecret(),
    }),
  });

  tenantRoute(api, platform, sipTrunkRoutes.uniqueIps, {
    allow: trunks.rules('read'),
    readOnly: true,
    handler: async ({ db }) => {
      const rows = await sql<{ ip: string }>`
        select distinct ${sql.raw(ADDRESS)} as ip from sip_trunks
        left join trunk_registrations on trunk_registrations.trunk_id = sip_trunks.id
        where ${sql.raw(ADDRESS)} is not null
        order by 1`.execute(db);
      return { records: rows.rows };
    },
  });

  sipCredentials(api, platform, {
    routes: sipTrunkRoutes,
    resource: trunks,
    registrations: { table: 'trunk_registrations', key: 'trunk_id' },
    resetMessage: TRUNK_MESSAGES.secretReset,
  });
}
