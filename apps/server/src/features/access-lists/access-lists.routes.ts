/** Access lists (spec 2 §2, §5, §7 "Access lists"): /accesscontrol, its entries and CSV upload. */
import {
  accessListEntryInput,
  accessListEntryRecord,
  accessListInput,
  accessListRecord,
  aclNumber,
  csvUploadReply,
  idParam,
  listBody,
  listParamsBase,
  MESSAGES,
  saveReply,
  withPagingRules,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth.ts';
import { readNumbersCsv } from '../../platform/csv.ts';
import { HttpError, notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  type ColumnDef,
  deleteBody,
  deleteReply,
  deleteReplyOf,
  idsOf,
  pagedList,
  registerResource,
} from '../../platform/resource.ts';
import { readTextUpload } from '../../platform/uploads.ts';
import { usablePrompt } from '../prompts/prompts.routes.ts';

const tags = ['access-lists'];
/** Numbers per statement of a CSV upload: 1,000 look-ups, or 3,000 parameters per insert. */
const CSV_BATCH = 1000;

export function registerAccessListRoutes(app: FastifyInstance, platform: Platform): void {
  const db = platform.db;
  registerResource(app, platform, {
    path: '/accesscontrol',
    table: 'access_lists',
    tag: 'access-lists',
    permission: 'acl',
    record: accessListRecord,
    input: accessListInput,
    from: (q) => q.leftJoin('prompts', 'prompts.id', 'access_lists.prompt_id'),
    columns: {
      id: { sql: 'access_lists.id', kind: 'number' },
      name: { sql: 'access_lists.name', kind: 'text', sortable: true, searchable: true },
      description: { sql: 'access_lists.description', kind: 'text', sortable: true, searchable: true },
      promptId: { sql: 'access_lists.prompt_id', kind: 'number', filterable: true },
      promptName: { sql: 'prompts.name', kind: 'text', sortable: true, searchable: true },
      numEntries: {
        sql: '(select count(*)::int from access_list_entries e where e.access_list_id = access_lists.id)',
        kind: 'number',
        sortable: true,
      },
    },
    defaultSort: { field: 'name', direction: 'asc' },
    toRow: (input) => ({ name: input.name, description: input.description, prompt_id: input.promptId }),
    label: (input) => input.name,
    check: async ({ trx, auth }, input): Promise<Record<string, string>> => {
      if (input.promptId !== null && !(await usablePrompt(trx, auth.accountNo, input.promptId))) {
        return { promptId: MESSAGES.recordNotFound };
      }
      return {};
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The list, only when it is the caller's: the scope every entry route starts from. */
  const ownList = async (accountNo: number, id: number) => {
    const list = await db
      .selectFrom('access_lists')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    if (!list) throw notFound();
    return list;
  };

  r.get(
    '/accesscontrol/:id/entries',
    {
      schema: {
        tags,
        params: idParam,
        response: {
          200: z.object({ records: z.array(accessListEntryRecord), totalRecords: z.number(), lastPage: z.boolean() }),
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'read' });
      await ownList(auth.accountNo, request.params.id);
      const records = await db
        .selectFrom('access_list_entries')
        .select(['id', 'number'])
        .where('access_list_id', '=', request.params.id)
        .where('account_no', '=', auth.accountNo)
        .orderBy('number')
        .execute();
      return { records, totalRecords: records.length, lastPage: true };
    },
  );

  // The Numbers tab's nested table: the same entries, paged and searchable.
  const entryColumns: Record<string, ColumnDef> = {
    id: { sql: 'access_list_entries.id', kind: 'number' },
    number: { sql: 'access_list_entries.number', kind: 'text', sortable: true, searchable: true },
  };
  r.post(
    '/accesscontrol/:id/entries/:offset/:limit',
    {
      schema: {
        tags,
        params: withPagingRules(idParam.extend(listParamsBase.shape)),
        body: listBody.optional(),
        response: {
          200: z.object({ records: z.array(accessListEntryRecord), totalRecords: z.number(), lastPage: z.boolean() }),
        },
      },
    },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'read' });
      const list = await ownList(auth.accountNo, request.params.id);
      const query = db
        .selectFrom('access_list_entries')
        .where('access_list_entries.account_no', '=', auth.accountNo)
        .where('access_list_entries.access_list_id', '=', list.id);
      return pagedList(
        query,
        entryColumns,
        { field: 'number', direction: 'asc' },
        { ...request.params, ...(request.body ?? {}) },
      );
    },
  );

  r.post(
    '/accesscontrol/entry/:id',
    { schema: { tags, params: idParam, body: accessListEntryInput, response: { 200: saveReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'update' });
      const list = await ownList(auth.accountNo, request.params.id);
      const number = request.body.number;
      const inserted = await db
        .insertInto('access_list_entries')
        .values({ account_no: auth.accountNo, access_list_id: list.id, number })
        .onConflict((oc) => oc.columns(['access_list_id', 'number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw validationError({ number: MESSAGES.aclDuplicate });
      return { success: true, message: `${number} ${MESSAGES.createdSuccessfully}`, id: inserted.id };
    },
  );

  /** Deletes every entry id or none (one transaction); 404 when any is not the caller's. */
  const deleteEntries = (accountNo: number, ids: number[]) =>
    db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('access_list_entries')
        .where('id', 'in', ids)
        .where('account_no', '=', accountNo)
        .returning(['id', 'number'])
        .execute();
      if (deleted.length !== ids.length) throw notFound();
      const numbers = new Map(deleted.map((e) => [e.id, e.number]));
      return ids.map((id) => numbers.get(id) ?? '');
    });

  r.delete(
    '/accesscontrol/entry/:id',
    { schema: { tags, params: idParam, response: { 200: saveReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'update' });
      const id = request.params.id;
      return deleteReplyOf({ id }, [id], await deleteEntries(auth.accountNo, [id]));
    },
  );

  // The spec's 'DELETE /accesscontrol/entry': the entry id, or ids, in the body.
  r.delete(
    '/accesscontrol/entry',
    { schema: { tags, body: deleteBody, response: { 200: deleteReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'update' });
      const ids = idsOf(request.body);
      return deleteReplyOf(request.body, ids, await deleteEntries(auth.accountNo, ids));
    },
  );

  r.post(
    '/accesscontrol/entry/:id/csv',
    { schema: { tags, params: idParam, response: { 200: csvUploadReply } } },
    async (request) => {
      const auth = requirePermission(request, { resource: 'acl', action: 'update' });
      const list = await ownList(auth.accountNo, request.params.id);
      const text = await readTextUpload(request, 'numbers', { extensions: ['.csv'], mimeTypes: ['text/csv'] });
      const rows = await readNumbersCsv(text, 'numbers');
      if (rows.length === 0) throw new HttpError(400, MESSAGES.csvRequired, { numbers: MESSAGES.csvRequired });

      const failures: Array<{ line: number; number: string; message: string }> = [];
      const valid: Array<{ line: number; number: string }> = [];
      const seen = new Set<string>();
      for (const row of rows) {
        const parsed = aclNumber.safeParse(row.number);
        if (!parsed.success) {
          failures.push({ ...row, message: parsed.error.issues[0]?.message ?? MESSAGES.telephone });
        } else if (seen.has(parsed.data)) {
          failures.push({ ...row, message: MESSAGES.aclDuplicate });
        } else {
          seen.add(parsed.data);
          valid.push({ line: row.line, number: parsed.data });
        }
      }
      // In batches (a statement takes at most 65,535 parameters; a big CSV has tens of thousands of
      // numbers), all in one transaction: every number is added, or none.
      const added = await db.transaction().execute(async (trx) => {
        let count = 0;
        for (let start = 0; start < valid.length; start += CSV_BATCH) {
          const batch = valid.slice(start, start + CSV_BATCH);
          const existing = new Set(
            (
              await trx
                .selectFrom('access_list_entries')
                .select('number')
                .where('access_list_id', '=', list.id)
                .where(
                  'number',
                  'in',
                  batch.map((v) => v.number),
                )
                .execute()
            ).map((e) => e.number),
          );
          const fresh = batch.filter((v) => {
            if (!existing.has(v.number)) return true;
            failures.push({ ...v, message: MESSAGES.aclDuplicate });
            return false;
          });
          if (fresh.length === 0) continue;
          const result = await trx
            .insertInto('access_list_entries')
            .values(fresh.map((v) => ({ account_no: auth.accountNo, access_list_id: list.id, number: v.number })))
            .onConflict((oc) => oc.columns(['access_list_id', 'number']).doNothing())
            .returning(sql<number>`1`.as('one'))
            .execute();
          count += result.length;
        }
        return count;
      });
      failures.sort((a, b) => a.line - b.line);
      const message =
        failures.length === 0
          ? `${added} numbers added to ${list.name}`
          : `${added} numbers added to ${list.name}, ${MESSAGES.errorsOccurred(failures.length)}`;
      return { success: failures.length === 0, message, added, failures };
    },
  );
}
