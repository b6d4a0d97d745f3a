/** The provider's servers in tests: a server of a role, and its Authorization header. */
import type { ServerRole } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { addPlatformServer } from '../platform/server-routes.ts';

let made = 0;

/** A new server of `role` (enabled unless said) and the header its calls carry. */
export async function serverAuthorization(
  app: FastifyInstance,
  role: ServerRole,
  options: { enabled?: boolean; name?: string } = {},
): Promise<{ authorization: string }> {
  made++;
  const name = options.name ?? `test ${role} ${made} ${process.pid}`;
  const { credential } = await app.platform.tenancy.crossAccount('seed', (tx) =>
    addPlatformServer(tx, { name, role, ...(options.enabled === undefined ? {} : { enabled: options.enabled }) }),
  );
  return { authorization: credential };
}
