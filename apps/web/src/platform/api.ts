/**
 * The fetch wrapper: JSON over fetch to the versioned base, the session cookie sent with every call.
 * Failures become ApiError carrying the server's message and field validation. Areas call the API
 * through client.ts (`call(route, ...)`, typed from the domain's route contracts); `api` remains
 * for the calls no contract declares yet.
 */
import { MESSAGES } from '@switchboard/domain';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly validation: Record<string, string>;
  readonly body: unknown;
  constructor(status: number, message: string, validation: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.status = status;
    this.validation = validation;
    this.body = body;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request to `${API_BASE}${path}`: a JSON body (or FormData), the JSON reply, ApiError on
 * failure. `headers` adds request headers (an update's If-Match).
 */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch {
    throw new ApiError(0, MESSAGES.noResponse);
  }
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('application/json') ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    const d = (data ?? {}) as { message?: string; validation?: Record<string, string> };
    throw new ApiError(response.status, d.message ?? MESSAGES.noResponse, d.validation ?? {}, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** Whether a failed save was refused because the record changed since it was loaded (409, stale version). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message === MESSAGES.staleVersion;
}

/** The If-Match header of an update based on `version` (none when the record has no version). */
export function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { 'if-match': `"${version}"` };
}

/** The server's message for a failed call, or the fallback when it sent none (or did not answer). */
export function errorMessage(error: unknown, fallback: string = MESSAGES.noResponse): string {
  const server = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
  return typeof server === 'string' && server !== '' ? server : fallback;
}

/**
 * A file from the API (a PDF download): the reply's bytes as a Blob, or ApiError with the server's
 * message (a JSON error reply) as `request` would throw.
 */
export async function requestBlob(method: Method, path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
  } catch {
    throw new ApiError(0, MESSAGES.noResponse);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, data?.message ?? MESSAGES.noResponse, {}, data);
  }
  return response.blob();
}

/** Saves `blob` as `filename` (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A base64 payload (the spec's GET /invoice/{id}) as a Blob of `type`. */
export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
