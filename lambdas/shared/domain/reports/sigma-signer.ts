/**
 * Sigma Computing embed URLs, signed with Sigma's JWT method. The client id and the settings come
 * from the environment (`SIGMA_*`), the client secret from Secrets Manager (`readSecret('sigma')`).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { readSecret, secretConfigured } from '../../platform/secrets.js';

export interface SigmaConfig {
  clientId: string;
  secret: string;
  sessionSeconds: number;
  accountType?: string;
  teams: string[];
  customerAttribute: string;
  propertyAttribute: string;
}

/** Optional Sigma embed URL parameters a configured frame URL may carry (everything else is dropped). */
export const SIGMA_URL_PARAMETERS = [
  ':responsive_height',
  ':theme',
  ':hide_menu',
  ':hide_folder_navigation',
  ':menu_position',
  ':lng',
  ':hide_tooltip',
  ':show_footer',
  ':disable_mobile_view',
  ':hide_page_controls',
  ':hide_sheet_interactions',
  ':disable_auto_refresh',
];

export interface SigmaEmbedRequest {
  /** The configured workbook, page or element URL. */
  frameUrl: string;
  /** The viewed user's email: Sigma's `sub`. */
  email: string;
  customerIds: string[];
  propertyIds: string[];
  /** The chosen period (inclusive UTC dates), passed to the workbook's date controls. */
  period?: { from: string; to: string };
}

/**
 * The workbook controls a chosen period sets, as URL parameters (control id = value): date controls
 * with these control ids. Like any control value they are not signed: a convenience filter only,
 * never a security boundary (row-level security stays on the user attributes).
 */
export const SIGMA_PERIOD_CONTROLS = { from: 'date_from', to: 'date_to' } as const;

export interface SignedFrame {
  url: string;
  expiresAt: string;
}

/** Sigma takes a plain email address as `sub`; anything else is refused before signing. */
export class SigmaEmailError extends Error {
  constructor(readonly email: string) {
    super(`Sigma cannot take "${email}" as an embed user (sub must be a plain email address)`);
  }
}

const SIGMA_EMAIL = /^[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** True when Sigma can take the email as `sub`. */
export const sigmaAcceptsEmail = (email: string) => email.length <= 254 && SIGMA_EMAIL.test(email) && !email.includes('..');

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** True when the stage has a Sigma client (id in `SIGMA_CLIENT_ID`, secret in Secrets Manager). */
export const sigmaConfigured = () => Boolean(process.env.SIGMA_CLIENT_ID) && secretConfigured('sigma');

/** The stage's Sigma settings with the client secret; call only when `sigmaConfigured()`. */
export async function sigmaConfig(): Promise<SigmaConfig> {
  const seconds = Number(process.env.SIGMA_SESSION_SECONDS || 3600);
  return {
    clientId: process.env.SIGMA_CLIENT_ID ?? '',
    secret: await readSecret('sigma'),
    sessionSeconds: Number.isInteger(seconds) && seconds > 0 ? seconds : 3600,
    accountType: process.env.SIGMA_ACCOUNT_TYPE || undefined,
    teams: list(process.env.SIGMA_TEAMS),
    customerAttribute: process.env.SIGMA_CUSTOMER_ATTRIBUTE || 'customer_ids',
    propertyAttribute: process.env.SIGMA_PROPERTY_ATTRIBUTE || 'property_ids',
  };
}

/**
 * Signs a Sigma embed URL with a JWT (HS256; kid and iss = client id; sub = the viewed user's email;
 * a fresh jti per URL since Sigma's embed URLs are single-use; ver 1.1; aud sigmacomputing) whose
 * user_attributes carry the viewed user's customer and property ids for Sigma's row-level security.
 */
export async function signSigmaUrl(sigma: SigmaConfig, req: SigmaEmbedRequest, now = Date.now()): Promise<SignedFrame> {
  if (!sigmaAcceptsEmail(req.email)) throw new SigmaEmailError(req.email);
  const iat = Math.floor(now / 1000);
  const exp = iat + sigma.sessionSeconds;
  const claims: Record<string, unknown> = {
    sub: req.email,
    iss: sigma.clientId,
    jti: randomUUID(),
    iat,
    exp,
    ver: '1.1',
    aud: 'sigmacomputing',
    user_attributes: {
      [sigma.customerAttribute]: req.customerIds.join(','),
      [sigma.propertyAttribute]: req.propertyIds.join(','),
    },
  };
  if (sigma.accountType) claims.account_type = sigma.accountType;
  if (sigma.teams.length) claims.teams = sigma.teams;
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: sigma.clientId }).sign(new TextEncoder().encode(sigma.secret));

  const [base, query = ''] = req.frameUrl.split('?', 2) as [string, string?];
  const kept: string[] = [];
  for (const pair of query.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split('=', 2);
    const key = safeDecode(name);
    if (SIGMA_URL_PARAMETERS.includes(key)) kept.push(`${key}=${encodeURIComponent(safeDecode(value))}`);
  }
  if (req.period) kept.push(`${SIGMA_PERIOD_CONTROLS.from}=${req.period.from}`, `${SIGMA_PERIOD_CONTROLS.to}=${req.period.to}`);
  const url = `${base}?:jwt=${token}&:embed=true${kept.map((p) => `&${p}`).join('')}`;
  return { url, expiresAt: new Date(exp * 1000).toISOString() };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
