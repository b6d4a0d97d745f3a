/**
 * An address's proof documents (spec 3 §5, §7, §9): uploaded into the file store as they stream in
 * (pdf, jpeg, jpg or png decided by the content and agreeing with the name's extension; at most
 * 20,000,000 bytes), listed, and downloaded as one ZIP of exactly the uploaded files, streamed from
 * the store (yazl, stored without recompression: the documents are compressed already).
 */

import { Readable } from 'node:stream';
import {
  CONTROL_CHARACTER,
  INTERNATIONAL_MESSAGES,
  internationalRoutes,
  MESSAGES,
  PROOF_FILE_TYPES,
  proofUploadFields,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { HttpError } from '../../platform/errors.ts';
import { FileMissing } from '../../platform/file-store.ts';
import type { Platform } from '../../platform/platform.ts';
import { tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { mediaUpload } from '../../platform/uploads.ts';
import { addressLabel, international, readAddress } from './addresses.ts';

/** The multipart part holding the document. */
export const PROOF_FIELD = 'proofFile';

/** The type each accepted extension names: the content must be that type. */
const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A file name as shown and put in the ZIP: its last path segment, without control characters, at most 255. */
function cleanName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...last]
    .filter((c) => !CONTROL_CHARACTER.test(c))
    .join('')
    .trim();
  return (cleaned || 'document').slice(-255);
}

/** The document stored and checked (content type, name, proof type); a refusal leaves nothing stored. */
async function receiveProof(request: FastifyRequest, platform: Platform) {
  const upload = await mediaUpload(
    request,
    PROOF_FIELD,
    { types: PROOF_FILE_TYPES, kind: 'international-proofs' },
    platform.files,
  );
  const refuse = async (field: string, message: string) => {
    await platform.files.delete(upload.stored.key);
    return new HttpError(400, message, { [field]: message });
  };
  const fileName = cleanName(upload.filename);
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  // A '.pdf' whose bytes are a PNG (or anything else) is refused: the content and the name must agree.
  if (TYPE_OF_EXTENSION[extension] !== upload.type) throw await refuse(PROOF_FIELD, MESSAGES.invalidFileFormat);
  const fields = proofUploadFields.safeParse(upload.fields);
  if (!fields.success) throw await refuse('proofType', MESSAGES.required);
  return { stored: upload.stored, fileName, fileType: upload.type, proofType: fields.data.proofType };
}

export function registerProofRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = internationalRoutes;
  tenantRoute(api, platform, routes.uploadProof, {
    allow: international('update'),
    upload: PROOF_FIELD,
    receive: (request) => receiveProof(request, platform),
    handler: async (ctx, { params, received }) => {
      const { stored } = received;
      ctx.afterRollback(() => platform.files.delete(stored.key));
      const address = await readAddress(ctx.db, params.id);
      const row = await ctx.db
        .insertInto('international_proofs')
        .values({
          account_no: ctx.auth.accountNo,
          address_id: address.id,
          proof_type: received.proofType,
          file_name: received.fileName,
          file_type: received.fileType,
          file_key: stored.key,
          file_size: stored.size,
          file_sha256: stored.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.emit({
        area: 'international-addresses',
        recordId: address.id,
        kind: 'proof',
        before: null,
        after: { proofType: received.proofType, fileName: received.fileName, fileSize: stored.size },
        label: addressLabel(address),
      });
      return { success: true, message: INTERNATIONAL_MESSAGES.documentsAdded, id: row.id };
    },
  });

  tenantRoute(api, platform, routes.proofs, {
    allow: international('read'),
    readOnly: true,
    handler: async ({ db }, { params, body }) => {
      const all = await proofsOf(db, body.addressId);
      const records = params.offset === -1 ? all : all.slice(params.offset, params.offset + params.limit);
      return {
        records,
        totalRecords: all.length,
        lastPage: params.offset === -1 || params.offset + params.limit >= all.length,
      };
    },
  });

  registerProofZip(api, platform);
}

/** An address's proofs as one ZIP of exactly the uploaded files, streamed from the file store. */
function registerProofZip(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, internationalRoutes.proofZip, {
    allow: international('read'),
    readOnly: true,
    handler: async ({ db, reply }, { params }) => {
      await readAddress(db, params.id);
      const proofs = await db
        .selectFrom('international_proofs')
        .select(['id', 'file_name', 'file_key', 'file_size', 'created_at'])
        .where('address_id', '=', params.id)
        .orderBy('id')
        .execute();
      if (proofs.length === 0) throw new HttpError(404, INTERNATIONAL_MESSAGES.noProofs);
      // Every file is there before the reply starts (a missing one is a 404, not a broken ZIP).
      for (const p of proofs) if (!(await platform.files.exists(p.file_key))) throw new FileMissing(p.file_key);
      const zip = new ZipFile();
      const names = new Set<string>();
      for (const p of proofs) {
        const name = uniqueName(names, p.file_name);
        zip.addReadStreamLazy(name, { size: p.file_size, compress: false, mtime: new Date(p.created_at) }, (done) => {
          platform.files.get(p.file_key).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, Readable.from([])),
          );
        });
      }
      let length: number | undefined;
      zip.end(undefined, (total?: number) => {
        if (typeof total === 'number' && total >= 0) length = total;
      });
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="address-${params.id}-proofs.zip"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (length !== undefined) reply.header('content-length', length);
      // A file the store fails to give mid-way ends the download broken, never a ZIP missing it.
      const output = Readable.from(zip.outputStream);
      zip.on('error', (error: Error) => output.destroy(error));
      return reply.send(output);
    },
  });
}

/** `name` made unique among the ZIP's entries ('scan.pdf', then 'scan (2).pdf'). */
function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The proofs of the account's addresses (row-level security), or of one of them. */
async function proofsOf(db: Tx, addressId: number | undefined) {
  if (addressId !== undefined) await readAddress(db, addressId);
  let q = db
    .selectFrom('international_proofs')
    .select(['id', 'address_id', 'proof_type', 'file_name', 'file_type', 'file_size', 'created_at'])
    .orderBy('id');
  if (addressId !== undefined) q = q.where('address_id', '=', addressId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    addressId: r.address_id,
    proofType: r.proof_type,
    fileName: r.file_name,
    fileType: r.file_type,
    fileSize: r.file_size,
    uploadedAt: new Date(r.created_at).toISOString(),
  }));
}
