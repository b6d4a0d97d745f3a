/**
 * How each external service is provided: by its real provider (configured), by its sandbox, or not
 * at all. A sandbox is used only when chosen (SANDBOX_PROVIDERS, on by default for the embedded
 * demo database alone); a service neither configured nor a sandbox is unavailable: its provider
 * refuses every call with ProviderUnavailableError (503, the service's text), so nothing is faked —
 * no test card takes money, no identity is verified, no address is said to be registered.
 */
import { PROVIDER_LABELS, PROVIDER_MESSAGES, type ProviderName } from '@switchboard/domain';
import { HttpError } from './errors.ts';

export type ProviderMode = 'configured' | 'sandbox' | 'unavailable';

/** A call that needs a service which is neither configured nor a sandbox. */
export class ProviderUnavailableError extends HttpError {
  readonly provider: ProviderName;
  constructor(provider: ProviderName) {
    super(503, PROVIDER_MESSAGES[provider]);
    this.provider = provider;
  }
}

/** A provider's `kind` as a mode: 'sandbox' and 'unavailable' are reserved, any other names a real provider. */
export const modeOfKind = (kind: string): ProviderMode =>
  kind === 'sandbox' ? 'sandbox' : kind === 'unavailable' ? 'unavailable' : 'configured';

export type ProviderModes = Readonly<Record<ProviderName, ProviderMode>>;

const NAMES = Object.keys(PROVIDER_LABELS) as ProviderName[];

/** The labels of the services in `mode`, in the order of PROVIDER_LABELS. */
export const providersIn = (modes: ProviderModes, mode: ProviderMode): string[] =>
  NAMES.filter((name) => modes[name] === mode).map((name) => PROVIDER_LABELS[name]);

/**
 * What the server logs at start about its providers: one warning naming every sandbox, and an
 * error for each unavailable service with the settings that would configure it.
 */
export function providerStartupLines(
  modes: ProviderModes,
  settings: Readonly<Record<ProviderName, string>>,
): Array<{ level: 'warn' | 'error'; message: string }> {
  const lines: Array<{ level: 'warn' | 'error'; message: string }> = [];
  const sandboxes = providersIn(modes, 'sandbox');
  if (sandboxes.length > 0) {
    lines.push({
      level: 'warn',
      message: `SANDBOX PROVIDERS IN USE (SANDBOX_PROVIDERS is on, as it is by default on the embedded database): ${sandboxes.join(', ')}. They take no real money, verify nobody and reach no real service; configure each provider, or set SANDBOX_PROVIDERS=false, before this panel holds real accounts.`,
    });
  }
  for (const name of NAMES.filter((n) => modes[n] === 'unavailable')) {
    // E-mail is never refused or dropped: the mails wait in the outbox until a transport is set.
    const outcome =
      name === 'mail'
        ? 'every e-mail is kept undelivered in the outbox (the Outbox page) until it is configured'
        : `every call that needs it is refused ('${PROVIDER_MESSAGES[name]}')`;
    lines.push({
      level: 'error',
      message: `${PROVIDER_LABELS[name]} not configured (${settings[name]}) and sandboxes are off: ${outcome}.`,
    });
  }
  return lines;
}

/**
 * Refuses (503, the service's text) when `provider` is the unavailable one; after it, TypeScript
 * knows the provider's kind is a real one or the sandbox (what the rows recording it hold).
 */
export function assertAvailable<P extends { readonly kind: string }>(
  provider: P,
  name: ProviderName,
): asserts provider is P & { readonly kind: Exclude<P['kind'], 'unavailable'> } {
  if (provider.kind === 'unavailable') throw new ProviderUnavailableError(name);
}

/** Whether `provider` is a real one or the sandbox (background work skips an unavailable one: its work waits). */
export function isAvailable<P extends { readonly kind: string }>(
  provider: P,
): provider is P & { readonly kind: Exclude<P['kind'], 'unavailable'> } {
  return provider.kind !== 'unavailable';
}
