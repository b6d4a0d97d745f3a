/**
 * The API document (OpenAPI 3.1, served at /api/docs/json) as @fastify/swagger builds it from the
 * routes' contracts: each operation's schemas (fastify-type-provider-zod's transform, JSON Schema
 * 2020-12), operationId and summary (the contract's, domain operations.ts), guard (`x-guard`) and
 * access (`x-access`). Finished here with the error replies every caller handles, declared once
 * (components) and referenced by every operation that can answer them. It lints clean with
 * Redocly's recommended rules (redocly.yaml; apps/server/src/openapi.test.ts).
 */
import type { SwaggerOptions } from '@fastify/swagger';
import { type ErrorStatus, errorReply, MESSAGES } from '@switchboard/domain';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The error replies (platform/errors.ts sends each as `errorReply`), by status. */
const ERROR_RESPONSES = {
  '400': {
    name: 'BadRequest',
    description:
      'The request is refused and nothing changed: `message` says why; `validation` gives each field ' +
      "its message by the field's dotted path (one field's message is also the `message`; several give " +
      `'${MESSAGES.multipleErrors}').`,
  },
  '401': { name: 'Unauthorised', description: `No session, or it has ended: '${MESSAGES.sessionRequired}'.` },
  '403': {
    name: 'Forbidden',
    description:
      `The session's permissions do not allow the call ('${MESSAGES.forbidden}'), or a browser's ` +
      'request that changes something came from another site.',
  },
  '404': { name: 'NotFound', description: `No such record of the account: '${MESSAGES.recordNotFound}'.` },
  '409': {
    name: 'Conflict',
    description:
      'The change conflicts with the data: a record still in use, a name already taken (with the ' +
      "field's message in `validation`), an update based on a version changed since (If-Match), or a " +
      `concurrent change ('${MESSAGES.conflict}').`,
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the server takes (1 MB of JSON; an upload its own limit). Nothing changed.',
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'Too many attempts from this address (or at this name): `message` says so (e.g. ' +
      `'${MESSAGES.loginRateLimited}') and the Retry-After header how many seconds to wait.`,
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'A passing outage — the database restarting or not answering, or a service the call needs (a ' +
      'payment, identity or lookup provider) not available: nothing changed; try again after the ' +
      `Retry-After header's seconds ('${MESSAGES.serviceUnavailable}', or the service's own message).`,
  },
} as const satisfies Record<ErrorStatus, { name: string; description: string }>;

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ in?: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  'x-access'?: string;
  'x-upload'?: string;
  'x-throttled'?: boolean;
  /** The route's own error replies (the contract's `errors`): status → description. */
  'x-errors'?: Partial<Record<ErrorStatus, string>>;
}

/**
 * The error statuses an operation can answer: every one validates (400); all but the public ones
 * need a session (401) and may be refused it, as may any write from another site (403); a record is
 * named by the path or the session (404); only a write conflicts (409); a body may be too large
 * (413); a throttled call may have to wait (429); any may meet a passing outage (503).
 */
export function errorStatuses(op: Operation): ErrorStatus[] {
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const writes = op['x-access'] === 'write';
  const namesRecord = (op.parameters ?? []).some((p) => p.in === 'path');
  return [
    '400',
    ...(isPublic ? [] : ['401' as const]),
    ...(isPublic && !writes ? [] : ['403' as const]),
    ...(isPublic && !namesRecord ? [] : ['404' as const]),
    ...(writes ? ['409' as const] : []),
    ...(op.requestBody !== undefined ? ['413' as const] : []),
    ...(op['x-throttled'] ? ['429' as const] : []),
    '503',
  ];
}

/** An upload's body (`x-upload`: the multipart file field it reads), as a generated client sends it. */
function uploadBody(field: string) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [field],
          properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } };

/**
 * An operation with its error replies, each a reference to a declared response (`declared`): the
 * shared one of its status, or, where the route describes its own (`x-errors`), the operation's.
 */
function withErrorsOf(op: Operation, declared: Record<string, object>): Operation {
  const { 'x-errors': own = {}, ...rest } = op;
  const statuses = [...new Set([...errorStatuses(op), ...(Object.keys(own) as ErrorStatus[])])].sort();
  const errors = statuses.map((status) => {
    const description = own[status];
    let name: string = ERROR_RESPONSES[status].name;
    if (description !== undefined) {
      const id = op.operationId ?? '';
      name = `${id.charAt(0).toUpperCase()}${id.slice(1)}${name}`;
      declared[name] = { description, content: errorContent };
    }
    return [status, { $ref: `#/components/responses/${name}` }];
  });
  return { ...rest, responses: { ...op.responses, ...Object.fromEntries(errors) } };
}

/** The document with the error replies declared once and referenced by each operation. */
function withErrorReplies<D extends { paths?: object; components?: object }>(document: D): D {
  const { $schema: _, ...schema } = z.toJSONSchema(errorReply, { target: 'draft-2020-12', io: 'output' });
  const responses: Record<string, object> = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: errorContent }]),
  );
  const paths = Object.entries(document.paths ?? {}).map(([url, item]: [string, Record<string, Operation>]) => {
    const operations = METHODS.filter((m) => item[m]).map((m) => {
      const declared = item[m] as Operation;
      const upload = declared['x-upload'];
      const op = upload && !declared.requestBody ? { ...declared, requestBody: uploadBody(upload) } : declared;
      return [m, withErrorsOf(op, responses)];
    });
    return [url, { ...item, ...Object.fromEntries(operations) }];
  });
  const components = document.components as { schemas?: object; responses?: object } | undefined;
  return {
    ...document,
    paths: Object.fromEntries(paths),
    components: {
      ...components,
      schemas: { ...components?.schemas, ErrorReply: schema },
      responses: { ...components?.responses, ...responses },
    },
  };
}

/** @fastify/swagger's options: the document's head, the zod transform, and the finishing above. */
export const apiDocument: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Switchboard API', version: '1.0.0', description: 'The control panel API (spec section 7).' },
    // Paths are absolute (/api/v1/...): the document's own server.
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
  },
  transform: jsonSchemaTransform,
  // The named (recursive) schemas as components first, then the error replies.
  transformObject: (documentObject) =>
    'openapiObject' in documentObject
      ? withErrorReplies(jsonSchemaTransformObject(documentObject))
      : documentObject.swaggerObject,
};
