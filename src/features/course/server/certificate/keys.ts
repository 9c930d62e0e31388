/**
 * The certificate signing key, held only by the functions: CERTIFICATE_SIGNING_KEY, an Ed25519
 * private key as a JWK (JSON, or that JSON in base64), made by `npm run certificate:key`. Its key
 * id is its RFC 7638 thumbprint, so the id the signature names and the key the DID document
 * publishes cannot disagree. Keys retired by a rotation stay published from
 * CERTIFICATE_RETIRED_PUBLIC_KEYS (a JSON array of public JWKs) so credentials signed with them
 * still verify (docs/decisions/certificates.md).
 */
import { calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from 'jose';
import { HttpError } from '../../../../../netlify/functions/_shared/http';
import type { PublicJwk } from '../../certificate/credential';

export interface SigningKey {
  keyId: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

export const KEY_NOT_CONFIGURED_MESSAGE = 'Certificates cannot be signed: the server is not fully configured (CERTIFICATE_SIGNING_KEY is not set).';
const KEY_INVALID_DETAIL = 'CERTIFICATE_SIGNING_KEY is not an Ed25519 private JWK (kty OKP, crv Ed25519, x and d)';

function parseJwk(raw: string): JWK | null {
  const text = raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8');
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JWK) : null;
  } catch {
    return null;
  }
}

function isEd25519(jwk: JWK): jwk is JWK & { kty: 'OKP'; crv: 'Ed25519'; x: string } {
  return jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' && jwk.x.length > 0;
}

/** The public half of an Ed25519 JWK and its thumbprint (the key id). */
export async function publicKeyOf(jwk: JWK): Promise<{ keyId: string; publicJwk: PublicJwk }> {
  if (!isEd25519(jwk)) throw new Error('not an Ed25519 JWK');
  const publicJwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  return { keyId: await calculateJwkThumbprint(publicJwk, 'sha256'), publicJwk };
}

let cached: { raw: string; key: Promise<SigningKey> } | undefined;

/** The signing key from the environment (read once per value); 503 without one, 500 (logged) for a malformed one. */
export function signingKey(): Promise<SigningKey> {
  const raw = process.env.CERTIFICATE_SIGNING_KEY ?? '';
  if (!raw.trim()) return Promise.reject(new HttpError(503, KEY_NOT_CONFIGURED_MESSAGE));
  if (cached?.raw === raw) return cached.key;
  const key = (async () => {
    const jwk = parseJwk(raw);
    if (!jwk || !isEd25519(jwk) || typeof jwk.d !== 'string') throw new HttpError(503, KEY_NOT_CONFIGURED_MESSAGE, KEY_INVALID_DETAIL);
    const { keyId, publicJwk } = await publicKeyOf(jwk);
    const privateKey = (await importJWK({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d }, 'EdDSA')) as CryptoKey;
    return { keyId, privateKey, publicJwk };
  })();
  cached = { raw, key };
  key.catch(() => {
    if (cached?.key === key) cached = undefined;
  });
  return key;
}

/** The public keys of retired signing keys (CERTIFICATE_RETIRED_PUBLIC_KEYS); a malformed entry is skipped with a log line. */
export async function retiredKeys(): Promise<{ keyId: string; publicJwk: PublicJwk }[]> {
  const raw = process.env.CERTIFICATE_RETIRED_PUBLIC_KEYS ?? '';
  if (!raw.trim()) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    console.error('[certificate] CERTIFICATE_RETIRED_PUBLIC_KEYS is not JSON; no retired key is published');
    return [];
  }
  const keys: { keyId: string; publicJwk: PublicJwk }[] = [];
  for (const entry of Array.isArray(list) ? list : [list]) {
    if (typeof entry === 'object' && entry !== null && isEd25519(entry as JWK)) keys.push(await publicKeyOf(entry as JWK));
    else console.error('[certificate] an entry of CERTIFICATE_RETIRED_PUBLIC_KEYS is not an Ed25519 public JWK; skipped');
  }
  return keys;
}
