import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';

export type SigmaConfig = NonNullable<Config['reports']['sigma']>;

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
}

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
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: sigma.clientId })
    .sign(new TextEncoder().encode(sigma.secret));

  const [base, query = ''] = req.frameUrl.split('?', 2) as [string, string?];
  const kept: string[] = [];
  for (const pair of query.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split('=', 2);
    const key = decodeURIComponent(name);
    if (SIGMA_URL_PARAMETERS.includes(key)) kept.push(`${key}=${encodeURIComponent(decodeURIComponent(value))}`);
  }
  const url = `${base}?:jwt=${token}&:embed=true${kept.map((p) => `&${p}`).join('')}`;
  return { url, expiresAt: new Date(exp * 1000).toISOString() };
}
