/**
 * The stage's settings, read once from /config.json before the app renders (one build serves the
 * local stack and every stage: nothing stage-specific is compiled in).
 */

export type SignInFlow = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface PublicConfig {
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** Cognito's endpoint when it is not the region's own (the local pool); undefined on AWS. */
  endpoint: string | undefined;
  productName: string;
  contactUrl: string;
  staffDomains: string[];
  excludedCustomerDomains: string[];
  signInFlow: SignInFlow;
}

export const CONFIG_URL = '/config.json';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Checks config.json; throws an Error naming the first bad field. Written by hand rather than with
 * zod: this runs before the log-in route, whose JavaScript budget (150 KB gzipped) has no room for
 * a schema library.
 */
export function parsePublicConfig(data: unknown): PublicConfig {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('config.json: not a JSON object');
  const d = data as Record<string, unknown>;
  const bad = (field: string, what: string) => new Error(`config.json: ${field} must be ${what}`);
  for (const field of ['userPoolId', 'userPoolClientId', 'region', 'productName', 'contactUrl'] as const)
    if (!isText(d[field])) throw bad(field, 'a non-empty string');
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(d.userPoolId as string)) throw bad('userPoolId', 'a user pool id such as eu-west-1_AbC123');
  if (d.endpoint !== undefined && d.endpoint !== null && !(isText(d.endpoint) && /^https?:\/\//.test(d.endpoint)))
    throw bad('endpoint', 'an http(s) URL when present');
  if (!isStringArray(d.staffDomains)) throw bad('staffDomains', 'a list of strings');
  if (d.excludedCustomerDomains !== undefined && !isStringArray(d.excludedCustomerDomains)) throw bad('excludedCustomerDomains', 'a list of strings');
  if (d.signInFlow !== 'USER_PASSWORD_AUTH' && d.signInFlow !== 'USER_SRP_AUTH') throw bad('signInFlow', "'USER_SRP_AUTH' or 'USER_PASSWORD_AUTH'");
  return {
    userPoolId: d.userPoolId as string,
    userPoolClientId: d.userPoolClientId as string,
    region: d.region as string,
    endpoint: isText(d.endpoint) ? d.endpoint : undefined,
    productName: d.productName as string,
    contactUrl: d.contactUrl as string,
    staffDomains: d.staffDomains,
    excludedCustomerDomains: (d.excludedCustomerDomains as string[] | undefined) ?? [],
    signInFlow: d.signInFlow,
  };
}

let loaded: PublicConfig | null = null;

/** Fetches and checks /config.json (never from a cache: a deploy may change it). */
export async function loadPublicConfig(fetchFn: typeof fetch = fetch): Promise<PublicConfig> {
  const res = await fetchFn(CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`config.json: the server answered ${res.status}`);
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new Error('config.json: not JSON');
  }
  loaded = parsePublicConfig(data);
  return loaded;
}

/** The configuration loaded at start (main.tsx renders nothing before it is). */
export function publicConfig(): PublicConfig {
  if (!loaded) throw new Error('config.json has not been loaded');
  return loaded;
}

/** Test seam: the configuration as if loaded. */
export function setPublicConfig(config: PublicConfig | null) {
  loaded = config;
}

/** The stage's settings (product name, contact URL, staff and excluded domains, the pool). */
export function usePublicConfig(): PublicConfig {
  return publicConfig();
}

export function useProductName() {
  return publicConfig().productName;
}
