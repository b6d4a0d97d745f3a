/** Access lists (spec 2 §2, §5, §7 "Access lists"): /accesscontrol, its entries and CSV upload. */
import {
  type AccessList,
  type AccessListEntry,
  accessListEntryInput,
  accessListFields,
  type accessListInput,
  accessListRoutes,
  CSV_FAILURES_SHOWN,
  CSV_MAX_NUMBERS,
  type CsvUploadReply,
  MESSAGES,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { childCount } from '../../platform/child-count.ts';
import { children } from '../../platform/children.ts';
import { readNumbersCsv } from '../../platform/csv.ts';
import { declaredFields } from '../../platform/declared-fields.ts';
import { HttpError } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import type { Platform } from '../../platform/platform.ts';
import { type ResourceHandle, resourceWithParts } from '../../platform/resources.ts';
import { tenantRoute } from '../../platform/routes.ts';
import { textUploadStream } from '../../platform/uploads.ts';
import { uniqueIn, usablePrompt } from '../../platform/validators.ts';

const fields = fieldMap<AccessList>('access_lists', {
  id: field.id(),
  version: field.version(),
  ...declaredFields(accessListFields),
  promptName: field.computed('prompts.name', 'text', { sortable: true, searchable: true }),
  numEntries: childCount('access_list_entries', 'access_list_id'),
});

const entryFields = fieldMap<AccessListEntry & { accessListId: number }>('access_list_entries', {
  id: field.id(),
  number: field.text('number', { sortable: true, searchable: true }),
  accessListId: field.number('access_list_id'),
});

/** The lists' field maps (their sortable and filterable columns are indexed). */
export const accessListLists = [fields, entryFields];

/** Numbers per statement of a CSV upload: 3,000 parameters per insert. */
const CSV_BATCH = 1000;

/** The access lists as a resource, with their entries and the entries' CSV upload. */
export function registerAccessListRoutes(api: FastifyInstance, platform: Platform): void {
  resourceWithParts(
    api,
    platform,
    {
      area: 'access-lists',
      routes: accessListRoutes,
      table: 'access_lists',
      permission: 'acl',
      fields,
      from: (q) => q.leftJoin('prompts', 'prompts.id', 'access_lists.prompt_id'),
      title: 'name',
      usage: { type: 'Access List' },
      validate: [
        usablePrompt('promptId'),
        uniqueIn('name', 'access_lists', 'name', MESSAGES.aclNameInUse, { ignoreCase: true }),
      ],
      // The same name saved by another request at the same moment: past the check, the key refuses it.
      uniqueViolations: { access_lists_name_key: { field: 'name', message: MESSAGES.aclNameInUse } },
    },
    registerEntryRoutes,
    registerCsvUploadRoute,
  );
}

type Lists = ResourceHandle<AccessList, typeof accessListInput, typeof accessListInput>;

/** A list's entries: listed, paged, added and removed. */
function registerEntryRoutes(api: FastifyInstance, platform: Platform, lists: Lists): void {
  children(api, platform, {
    parent: lists,
    table: 'access_list_entries',
    parentColumn: 'access_list_id',
    fields: entryFields,
    title: 'number',
    kind: 'entry',
    routes: {
      all: accessListRoutes.entries,
      page: accessListRoutes.entriesPage,
      add: accessListRoutes.addEntry,
      remove: accessListRoutes.removeEntry,
      removeMany: accessListRoutes.removeEntries,
    },
    uniqueViolations: { access_list_entries_number_uq: { field: 'number', message: MESSAGES.aclDuplicate } },
  });
}

/**
 * A CSV upload's numbers, read, parsed and checked as it streams in, before any database connection
 * is held; at most CSV_MAX_NUMBERS numbers. Answers the valid ones and the failures.
 */
async function receiveNumbers(request: FastifyRequest) {
  const upload = await textUploadStream(request, 'numbers', { extensions: ['.csv'], mimeTypes: ['text/csv'] });
  const rows = await readNumbersCsv(upload, 'numbers', {
    maxRows: CSV_MAX_NUMBERS,
    tooMany: MESSAGES.csvTooManyNumbers(CSV_MAX_NUMBERS),
  });
  // A file was chosen (none is csvRequired): one with no number is empty.
  if (rows.length === 0) throw new HttpError(400, MESSAGES.csvEmpty, { numbers: MESSAGES.csvEmpty });
  const failures: CsvUploadReply['failures'] = [];
  const valid: typeof rows = [];
  for (const row of rows) {
    const parsed = accessListEntryInput.shape.number.safeParse(row.number);
    if (parsed.success) valid.push({ line: row.line, number: parsed.data });
    else failures.push({ ...row, message: parsed.error.issues[0]?.message ?? MESSAGES.telephone });
  }
  return { valid, failures };
}

/** A CSV upload of numbers to a list: all added in one transaction, each failure answered by line. */
function registerCsvUploadRoute(api: FastifyInstance, platform: Platform, lists: Lists): void {
  tenantRoute(api, platform, accessListRoutes.uploadCsv, {
    allow: lists.rules('update'),
    upload: 'numbers',
    receive: receiveNumbers,
    handler: async ({ db, auth, emit }, { params, received }) => {
      const failures = [...received.failures];
      await lists.lock(db, params.id);
      const list = await lists.read(db, params.id);
      // In batches (a statement takes at most 65,535 parameters), all in the request's transaction:
      // every number is added, or none.
      let added = 0;
      for (let start = 0; start < received.valid.length; start += CSV_BATCH) {
        const batch = received.valid.slice(start, start + CSV_BATCH);
        // A number the list already holds, or an earlier line gave, is not inserted (its unique key
        // answers): a failure.
        const inserted = await db
          .insertInto('access_list_entries')
          .values(batch.map((v) => ({ account_no: auth.accountNo, access_list_id: list.id, number: v.number })))
          .onConflict((oc) => oc.columns(['access_list_id', 'number']).doNothing())
          .returning('number')
          .execute();
        const fresh = new Set(inserted.map((e) => e.number));
        for (const v of batch) if (!fresh.delete(v.number)) failures.push({ ...v, message: MESSAGES.aclDuplicate });
        added += inserted.length;
      }
      await emit({ area: 'access-lists', recordId: list.id, kind: 'entry.upload', after: { added } });
      failures.sort((a, b) => a.line - b.line);
      const errors = failures.length === 0 ? '' : `, ${MESSAGES.errorsOccurred(failures.length)}`;
      // The first failures by line, and how many there were: never an echo of a whole file.
      return {
        success: failures.length === 0,
        message: `${added} numbers added to ${list.name}${errors}`,
        added,
        failures: failures.slice(0, CSV_FAILURES_SHOWN),
        failureCount: failures.length,
      };
    },
  });
}
