/** Access lists (spec 2: /access-lists, permission acl, calls on /accesscontrol). */
import { z } from 'zod';
import { childListRoutes, deleteBody, deleteReply, resourceRoutes, versionedRecordFields } from '../contract.ts';
import { declareFields, field } from '../field-declarations.ts';
import { enteredTelephone, idParam, optionalText, recordId, requiredText } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { outcomeReply, saveReply } from '../paging.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** Every field of an access list, once (field-declarations.ts): the input, the record, the server's map, the forms. */
export const accessListFields = declareFields({
  name: field(requiredText({ max: 50 }), { label: 'Name', sortable: true, searchable: true }),
  description: field(optionalText({ max: 50 }), { label: 'Description', sortable: true, searchable: true }),
  promptId: field(recordId(MESSAGES.recordNotFound).nullable().default(null), {
    label: 'Prompt',
    references: 'prompts',
    filterable: true,
  }),
});

export const accessListInput = z.object(accessListFields.shape);
export type AccessListInput = z.input<typeof accessListInput>;

export const accessListRecord = z.object({
  ...versionedRecordFields,
  ...accessListFields.recordShape,
  promptName: z.string().nullable(),
  numEntries: z.number().int(),
});
export type AccessList = z.infer<typeof accessListRecord>;

export const accessListEntryInput = z.object({ number: enteredTelephone() });
export const accessListEntryRecord = z.object({ id: z.number().int(), number: z.string() });
export type AccessListEntry = z.infer<typeof accessListEntryRecord>;

/** The most numbers one CSV upload may hold (ours: the spec sets none). */
export const CSV_MAX_NUMBERS = 10_000;
/** The failures a CSV upload's reply lists (the count says how many there were in all). */
export const CSV_FAILURES_SHOWN = 100;

/** CSV upload reply: per-line failures shown in a red accordion. */
export const csvUploadReply = outcomeReply({
  added: z.number().int(),
  /** The first failures, by line. */
  failures: z.array(z.object({ line: z.number().int(), number: z.string(), message: z.string() })),
  /** How many lines failed in all. */
  failureCount: z.number().int(),
});
export type CsvUploadReply = z.infer<typeof csvUploadReply>;

const tag = 'access-lists';
const { post, delete: del } = taggedRoutes(tag);
const entryLists = childListRoutes('/accesscontrol/:id/entries', accessListEntryRecord, tag);

/** Spec 2 §7 "Access lists": /accesscontrol, its entries (numbers) and their CSV upload. */
export const accessListRoutes = {
  ...resourceRoutes('/accesscontrol', { tag, record: accessListRecord, input: accessListInput }),
  /** Every entry of a list (by the list's id). */
  entries: entryLists.all,
  /** The Numbers tab's nested table: the entries paged and searchable. */
  entriesPage: entryLists.page,
  addEntry: post('/accesscontrol/entry/:id', { params: idParam, body: accessListEntryInput, reply: saveReply }),
  removeEntry: del('/accesscontrol/entry/:id', { params: idParam, reply: saveReply }),
  removeEntries: del('/accesscontrol/entry', { body: deleteBody, reply: deleteReply }),
  /** Multipart upload (field 'numbers') of a CSV of numbers into the list :id. */
  uploadCsv: post('/accesscontrol/entry/:id/csv', { params: idParam, reply: csvUploadReply }),
};
