/**
 * A reseller's client of the API, as one would write it: typed by openapi-typescript from the served
 * OpenAPI document and called through openapi-fetch. It is not built with the server (its types do
 * not exist until generated): openapi.test.ts writes `api.tmp.ts` from the document beside a copy of
 * this file, type-checks the copy with tsc, and runs `calls` against a listening server.
 */
import type { Client } from 'openapi-fetch';
import type { paths } from './api.tmp.ts';

export async function calls(client: Client<paths>, username: string, password: string) {
  const signIn = await client.POST('/api/v1/users/auth/login', { body: { username, password } });
  const token: string | undefined = signIn.data?.token;
  const headers = { authorization: `Bearer ${token ?? ''}` };
  const created = await client.POST('/api/v1/mobile', {
    body: { mobileDescription: 'Through the generated client', mobileNo: '07700900123', active: true },
    headers,
  });
  const createdId: number | undefined = created.data?.id;
  const list = await client.POST('/api/v1/mobile/{offset}/{limit}', {
    params: { path: { offset: 0, limit: 10 } },
    body: { sortBy: 'mobileNo', direction: 'asc' },
    headers,
  });
  const read = await client.GET('/api/v1/mobile/{id}', { params: { path: { id: createdId ?? 0 } }, headers });
  const mobileNo: string | undefined = read.data?.mobileNo;
  const refused = await client.POST('/api/v1/mobile', { body: { mobileNo: '01214960000' }, headers });
  const validation: Record<string, string> | undefined = refused.error?.validation;
  const signedOut = await client.GET('/api/v1/mobile/{id}', { params: { path: { id: createdId ?? 0 } } });
  const expired: string | undefined = signedOut.error?.message;
  return { signIn, created, list, read, mobileNo, refused, validation, signedOut, expired };
}

/** Calls the document does not allow: each must fail the type check (else the types are empty). */
export async function mistakes(client: Client<paths>) {
  // @ts-expect-error: no such path
  client.GET('/api/v1/nowhere');
  // @ts-expect-error: a read names its id
  client.GET('/api/v1/mobile/{id}', {});
  // @ts-expect-error: a mobile number is a text
  client.POST('/api/v1/mobile', { body: { mobileNo: 7700900123 } });
  const page = await client.POST('/api/v1/mobile/{offset}/{limit}', {
    params: { path: { offset: 0, limit: 1 } },
    body: {},
  });
  // @ts-expect-error: a list's reply has no `rows`
  return page.data?.rows;
}
