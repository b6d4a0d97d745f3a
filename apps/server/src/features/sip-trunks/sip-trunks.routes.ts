/**
 * SIP trunks (spec 2 §2, §3, §6, §7 "SIP trunks"): the /trunk resource with status (Direct IP for a
 * host address, otherwise Online / Offline from the registrations), the retail caps, the
 * provider-admin-only switches and the call-restriction permissions, all enforced here.
 */
import {
  adminOnlyChanges,
  type CallRestrictions,
  type CallTimes,
  DEFAULT_CALL_TIMES,
  DEFAULT_RESTRICTIONS,
  destinationValue,
  isProviderAdmin,
  MESSAGES,
  mayKnowInternationalPin,
  normaliseRestrictions,
  RESTRICTION_FIELDS,
  RETAIL_MAX_TRUNKS,
  restrictedOptionChanges,
  type SipTrunkValues,
  sipTrunkInput,
  sipTrunkRecord,
  TRUNK_ADMIN_FIELDS,
  TRUNK_CHANNELS,
  TRUNK_MESSAGES,
  teamsSwitchProblems,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { type AuthContext, requirePermission } from '../../platform/auth.ts';
import { HttpError } from '../../platform/errors.ts';
import { publicIpSql } from '../../platform/ip-sql.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ColumnDef, lockAccount, registerResource } from '../../platform/resource.ts';
import { newSecret } from '../../platform/secrets.ts';
import { registerSipCredentialRoutes } from '../../platform/sip-credentials.ts';

const REGISTERED = "(sip_trunks.host = '' and trunk_registrations.expires_at > now())";
const ADDRESS = `(case when sip_trunks.host <> '' then sip_trunks.host when ${REGISTERED} then trunk_registrations.ipaddr end)`;
const PUBLIC_IP = publicIpSql(ADDRESS);

function restrictionsOf(input: SipTrunkValues): CallRestrictions {
  // The PIN guards international calls: it goes when they are barred.
  return normaliseRestrictions(Object.fromEntries(RESTRICTION_FIELDS.map((f) => [f, input[f]])) as CallRestrictions);
}

const toRow = (input: SipTrunkValues) => ({
  nickname: input.nickname,
  cli_number: input.cliNumber,
  withhold_number: input.withholdNumber,
  emergency_services_cid: input.emergencyServicesCid,
  trunk_fail_over: input.trunkFailOver,
  channel_limit: input.channelLimit,
  host: input.host,
  // An empty host is dynamic registration: IP authentication is off.
  trunk_ip_auth: input.host === '' ? false : input.trunkIPAuth,
  ip_location: input.ipLocation,
  permit: JSON.stringify(input.permit),
  transport: input.transport,
  trunk_no_plus: input.trunkNoPlus,
  any_presentation: input.anyPresentation,
  enable_teams: input.enableTeams,
  call_recording: input.callRecording,
  tps: input.tps,
  ctps: input.ctps,
  restrictions: JSON.stringify(restrictionsOf(input)),
  weekday_times: JSON.stringify(input.weekdayTimes),
  weekend_times: JSON.stringify(input.weekendTimes),
});

const restriction = (field: string): ColumnDef => ({
  sql:
    field === 'internationalPIN'
      ? `coalesce(sip_trunks.restrictions->>'${field}', '')`
      : `coalesce((sip_trunks.restrictions->>'${field}')::boolean, false)`,
  kind: field === 'internationalPIN' ? 'text' : 'boolean',
});

const columns: Record<keyof z.infer<typeof sipTrunkRecord>, ColumnDef> = {
  id: { sql: 'sip_trunks.id', kind: 'number' },
  name: { sql: 'sip_trunks.name', kind: 'text', sortable: true, searchable: true },
  nickname: { sql: 'sip_trunks.nickname', kind: 'text', sortable: true, searchable: true },
  cliNumber: { sql: 'sip_trunks.cli_number', kind: 'text', sortable: true, searchable: true },
  withholdNumber: { sql: 'sip_trunks.withhold_number', kind: 'boolean' },
  emergencyServicesCid: { sql: 'sip_trunks.emergency_services_cid', kind: 'text', searchable: true },
  trunkFailOver: { sql: 'sip_trunks.trunk_fail_over', kind: 'text' },
  channelLimit: { sql: 'sip_trunks.channel_limit', kind: 'number', sortable: true },
  host: { sql: 'sip_trunks.host', kind: 'text', sortable: true, searchable: true },
  trunkIPAuth: { sql: 'sip_trunks.trunk_ip_auth', kind: 'boolean' },
  permit: { sql: 'sip_trunks.permit', kind: 'json' },
  transport: { sql: 'sip_trunks.transport', kind: 'text' },
  trunkNoPlus: { sql: 'sip_trunks.trunk_no_plus', kind: 'number' },
  anyPresentation: { sql: 'sip_trunks.any_presentation', kind: 'boolean' },
  enableTeams: { sql: 'sip_trunks.enable_teams', kind: 'boolean' },
  callRecording: { sql: 'sip_trunks.call_recording', kind: 'number', sortable: true, filterable: true },
  tps: { sql: 'sip_trunks.tps', kind: 'text' },
  ctps: { sql: 'sip_trunks.ctps', kind: 'text' },
  allowUKGeo: restriction('allowUKGeo'),
  allowUKMobile: restriction('allowUKMobile'),
  allowUK118: restriction('allowUK118'),
  allowUKOther: restriction('allowUKOther'),
  allowUKPremium09: restriction('allowUKPremium09'),
  allowUKPremium070: restriction('allowUKPremium070'),
  allowInternational: restriction('allowInternational'),
  allowInternationalHighRisk: restriction('allowInternationalHighRisk'),
  internationalPIN: restriction('internationalPIN'),
  weekdayTimes: { sql: 'sip_trunks.weekday_times', kind: 'json' },
  weekendTimes: { sql: 'sip_trunks.weekend_times', kind: 'json' },
  ipLocation: { sql: 'sip_trunks.ip_location', kind: 'text' },
  status: {
    sql: `(case when sip_trunks.host <> '' then 'Direct IP' when ${REGISTERED} then 'Online' else 'Offline' end)`,
    kind: 'text',
    sortable: true,
    filterable: true,
  },
  ip: { sql: `coalesce(${ADDRESS}, '')`, kind: 'text' },
  agent: { sql: `(case when ${REGISTERED} then trunk_registrations.user_agent else '' end)`, kind: 'text' },
  location: {
    sql: `exists (select 1 from telephone_numbers t where t.account_no = sip_trunks.account_no
      and t.number = sip_trunks.emergency_services_cid and t.ems_postcode <> '')`,
    kind: 'boolean',
    sortable: true,
  },
  publicIp: { sql: PUBLIC_IP, kind: 'boolean', sortable: true, filterable: true },
  onNet: { sql: `(${ADDRESS} is not null and not ${PUBLIC_IP})`, kind: 'boolean', sortable: true },
  accountNo: { sql: 'sip_trunks.account_no', kind: 'number' },
};

type Current = {
  id: number;
  trunk_ip_auth: boolean;
  any_presentation: boolean;
  channel_limit: number;
  enable_teams: boolean;
  restrictions: CallRestrictions;
  weekday_times: CallTimes;
  weekend_times: CallTimes;
};

export function registerSipTrunkRoutes(app: FastifyInstance, platform: Platform): void {
  const { db, destinations, references } = platform;
  const teams = platform.providers.teams;

  destinations.add({
    type: 'trunk',
    list: async (d, accountNo) =>
      (
        await d
          .selectFrom('sip_trunks')
          .select(['id', 'nickname'])
          .where('account_no', '=', accountNo)
          .orderBy('nickname')
          .execute()
      ).map((t) => ({ key: String(t.id), label: t.nickname })),
  });
  references.add(
    { kind: 'number', table: 'sip_trunks', column: 'cli_number', type: 'SIP Trunk', name: 'sip_trunks.nickname' },
    {
      kind: 'number',
      table: 'sip_trunks',
      column: 'emergency_services_cid',
      type: 'SIP Trunk',
      name: 'sip_trunks.nickname',
    },
    {
      kind: 'destination',
      table: 'sip_trunks',
      column: 'trunk_fail_over',
      type: 'SIP Trunk',
      name: 'sip_trunks.nickname',
    },
  );

  const check = async (
    trx: Transaction<Database>,
    auth: AuthContext,
    input: SipTrunkValues,
    current: Current | null,
  ): Promise<Record<string, string>> => {
    const admin = isProviderAdmin(auth);
    const retail = auth.accountKind === 'retail';
    // Provider-admin-only switches and the call-restriction permissions (spec 2 §6): a change the
    // user may not make is refused (403) with the message under the field, not just hidden.
    const before = {
      trunkIPAuth: current?.trunk_ip_auth ?? false,
      anyPresentation: current?.any_presentation ?? false,
      ...(current?.restrictions ?? DEFAULT_RESTRICTIONS),
      weekdayTimes: current?.weekday_times ?? DEFAULT_CALL_TIMES,
      weekendTimes: current?.weekend_times ?? DEFAULT_CALL_TIMES,
    };
    const after = {
      trunkIPAuth: input.host === '' ? false : input.trunkIPAuth,
      anyPresentation: input.anyPresentation,
      ...restrictionsOf(input),
      weekdayTimes: input.weekdayTimes,
      weekendTimes: input.weekendTimes,
    };
    const refused = {
      ...adminOnlyChanges(auth, TRUNK_ADMIN_FIELDS, before, after),
      ...restrictedOptionChanges(auth, 'SIPTrunksCallRestrictions', before, after),
    };
    if (Object.keys(refused).length > 0) {
      const messages = Object.values(refused);
      throw new HttpError(403, messages.length === 1 ? (messages[0] as string) : MESSAGES.multipleErrors, refused);
    }
    // Retail accounts: RETAIL_MAX_TRUNKS (a provider admin may add more, like the provisioned demo estate).
    if (!admin && retail && !current) {
      // The account row is locked first, so two concurrent creates cannot both count none.
      await lockAccount(trx, auth.accountNo);
      const count = await trx
        .selectFrom('sip_trunks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('account_no', '=', auth.accountNo)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= RETAIL_MAX_TRUNKS) throw new HttpError(409, TRUNK_MESSAGES.retailTrunks);
    }
    const problems: Record<string, string> = {};
    if (
      !admin &&
      retail &&
      input.channelLimit > TRUNK_CHANNELS.retailMax &&
      input.channelLimit !== current?.channel_limit
    ) {
      problems.channelLimit = TRUNK_MESSAGES.retailChannels;
    }
    // Teams needs the account's Teams tenant, as for seats.
    Object.assign(
      problems,
      await teamsSwitchProblems(input.enableTeams, current?.enable_teams ?? false, () =>
        teams.accountExists(auth.accountNo, trx),
      ),
    );
    for (const field of ['cliNumber', 'emergencyServicesCid'] as const) {
      if (input[field] === '') continue;
      const own = await trx
        .selectFrom('telephone_numbers')
        .select('id')
        .where('account_no', '=', auth.accountNo)
        .where('number', '=', input[field])
        .executeTakeFirst();
      if (!own) problems[field] = TRUNK_MESSAGES.notAccountNumber;
    }
    if (current && input.trunkFailOver === destinationValue('trunk', current.id)) {
      problems.trunkFailOver = MESSAGES.selectOption;
    } else {
      Object.assign(problems, await destinations.check(trx, auth.accountNo, 'trunkFailOver', input.trunkFailOver));
    }
    return problems;
  };

  registerResource(app, platform, {
    path: '/trunk',
    table: 'sip_trunks',
    tag: 'sip-trunks',
    permission: 'SIPTrunks',
    record: sipTrunkRecord,
    input: sipTrunkInput as unknown as z.ZodObject,
    from: (q) => q.leftJoin('trunk_registrations', 'trunk_registrations.trunk_id', 'sip_trunks.id'),
    columns,
    defaultSort: { field: 'nickname', direction: 'asc' },
    toRow: (input) => toRow(input as unknown as SipTrunkValues),
    create: {
      input: sipTrunkInput as unknown as z.ZodObject,
      toRow: (input, auth) => ({
        ...toRow(input as unknown as SipTrunkValues),
        name: `${auth.accountNo}_trunk_${newSecret(6).toLowerCase()}`,
        secret: newSecret(),
      }),
    },
    label: (input) => (input as unknown as SipTrunkValues).nickname,
    secrets: {
      fields: ['internationalPIN'],
      maySee: (auth) => mayKnowInternationalPin(auth, 'SIPTrunks', 'SIPTrunksCallRestrictions'),
    },
    destination: { type: 'trunk', key: (t) => String(t.id) },
    check: async ({ trx, auth, id }, input) => {
      const current =
        id === undefined
          ? null
          : ((await trx
              .selectFrom('sip_trunks')
              .select([
                'id',
                'trunk_ip_auth',
                'any_presentation',
                'channel_limit',
                'enable_teams',
                'restrictions',
                'weekday_times',
                'weekend_times',
              ])
              .where('id', '=', id)
              .executeTakeFirstOrThrow()) as Current);
      return check(trx, auth, input as unknown as SipTrunkValues, current);
    },
  });

  // Every address the account's trunks use (host or registration), for the IP allow-lists.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/trunk/uniqueips',
    {
      schema: {
        tags: ['sip-trunks'],
        response: { 200: z.object({ records: z.array(z.object({ ip: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'SIPTrunks', action: 'read' });
      const rows = await sql<{ ip: string }>`
        select distinct ${sql.raw(ADDRESS)} as ip from sip_trunks
        left join trunk_registrations on trunk_registrations.trunk_id = sip_trunks.id
        where sip_trunks.account_no = ${auth.accountNo} and ${sql.raw(ADDRESS)} is not null
        order by 1`.execute(db);
      return { records: rows.rows };
    },
  );

  registerSipCredentialRoutes(app, db, {
    path: '/trunk',
    table: 'sip_trunks',
    registrations: { table: 'trunk_registrations', key: 'trunk_id' },
    resource: 'SIPTrunks',
    tags: ['sip-trunks'],
    resetMessage: TRUNK_MESSAGES.secretReset,
  });
}
