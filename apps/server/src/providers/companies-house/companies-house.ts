/**
 * Company lookup for registration (spec 1 §7 GET /account/companieshouse/{number}).
 * - Sandbox (default): a few real company numbers with their registered names; any other
 *   well-formed number is not found, as the real register would answer for a number nobody holds.
 * - Companies House public data API when `COMPANIES_HOUSE_API_KEY` is set
 *   (GET https://api.company-information.service.gov.uk/company/{number}, the key as the basic-auth user).
 */
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';

export interface Company {
  companyNo: string;
  name: string;
}

export interface CompanyRegister {
  readonly kind: 'sandbox' | 'companies-house' | 'unavailable';
  /** The company of a normalised number (8 characters), or null when the register has none. Throws when unreachable. */
  find(companyNo: string): Promise<Company | null>;
}

export const SANDBOX_COMPANIES: ReadonlyArray<Company> = [
  { companyNo: '00445790', name: 'TESCO PLC' },
  { companyNo: '02723534', name: 'AMAZON UK SERVICES LTD.' },
  { companyNo: '03977902', name: 'GOOGLE UK LIMITED' },
  { companyNo: '00102498', name: 'BP P.L.C.' },
  { companyNo: 'SC083026', name: 'STANDARD LIFE ASSURANCE LIMITED' },
];

export class SandboxCompanies implements CompanyRegister {
  readonly kind = 'sandbox' as const;
  async find(companyNo: string): Promise<Company | null> {
    return SANDBOX_COMPANIES.find((c) => c.companyNo === companyNo) ?? null;
  }
}

export class CompaniesHouse implements CompanyRegister {
  readonly kind = 'companies-house' as const;
  readonly #key: string;
  readonly #base: string;
  constructor(apiKey: string, base = 'https://api.company-information.service.gov.uk') {
    this.#key = apiKey;
    this.#base = base;
  }
  async find(companyNo: string): Promise<Company | null> {
    const res = await fetch(`${this.#base}/company/${encodeURIComponent(companyNo)}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${this.#key}:`).toString('base64')}`,
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(8000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Companies House answered ${res.status}`);
    const body = (await res.json()) as { company_number?: string; company_name?: string };
    return body.company_name ? { companyNo: body.company_number ?? companyNo, name: body.company_name } : null;
  }
}

/** No company register (not configured, sandboxes off): no company is found or said not to exist. */
export class UnavailableCompanies implements CompanyRegister {
  readonly kind = 'unavailable' as const;
  async find(): Promise<Company | null> {
    throw new ProviderUnavailableError('companies');
  }
}

export function companyRegisterFor(apiKey: string | undefined, sandboxes = true): CompanyRegister {
  if (apiKey) return new CompaniesHouse(apiKey);
  return sandboxes ? new SandboxCompanies() : new UnavailableCompanies();
}
