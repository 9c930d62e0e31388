/**
 * A certificate signing key made at start for dev:members and the end-to-end run (a new one each
 * time, never written anywhere): the functions sign certificates with it and publish its public
 * half at /.well-known/did.json. In production the key is CERTIFICATE_SIGNING_KEY, made once with
 * `npm run certificate:key` (docs/decisions/certificates.md).
 */
import { generateKeyPairSync } from 'node:crypto';

/** `{ CERTIFICATE_SIGNING_KEY }`: a fresh Ed25519 private key as a JWK. */
export function freshCertificateKeyEnv() {
  const { crv, kty, x, d } = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { CERTIFICATE_SIGNING_KEY: JSON.stringify({ kty, crv, x, d }) };
}
