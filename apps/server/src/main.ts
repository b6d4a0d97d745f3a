/**
 * The server's entry (`npm start`, `node apps/server/src/main.ts`). Node's compile cache is turned on
 * before the server's modules load: from the cache (in the system's temporary folder, or
 * NODE_COMPILE_CACHE) loading them took about 500 ms of CPU instead of 850 (issue 25: the first
 * start). Then serve.ts builds the app and listens.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./serve.ts');
