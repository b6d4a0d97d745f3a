/**
 * An area's own calls declared by method and path with only the schemas each has, the OpenAPI tag
 * given once for them all (a `route()` names its tag on every call):
 *
 *   const { get, post } = taggedRoutes('seats');
 *   devices: get('/seat/:id/devices', { params: idParam, reply: recordsReply(seatDeviceRecord) }),
 */
import { z } from 'zod';
import { type HttpMethod, type RouteContract, route } from './contract.ts';

/** What a call declares beside its method, path and tag. */
type Schemas = Omit<RouteContract, 'method' | 'path' | 'tag'>;

export function taggedRoutes<const T extends string>(tag: T) {
  const of =
    <const M extends HttpMethod>(method: M) =>
    <const P extends string, const S extends Schemas>(path: P, schemas: S) =>
      route({ method, path, tag, ...schemas });
  return { get: of('GET'), post: of('POST'), put: of('PUT'), patch: of('PATCH'), delete: of('DELETE') };
}

/** A reply of every record at once, unpaged: `{ records: [...] }`. */
export const recordsReply = <S extends z.ZodType>(record: S) => z.object({ records: z.array(record) });
