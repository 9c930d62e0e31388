#!/usr/bin/env node
/**
 * Makes a certificate signing key: an Ed25519 key pair, printed as the environment lines the
 * functions read (docs/decisions/certificates.md). Nothing is written to disk.
 *
 *   npm run certificate:key                 # a new key: CERTIFICATE_SIGNING_KEY=... (secret) and its key id
 *   npm run certificate:key -- --public     # the public JWK of the CERTIFICATE_SIGNING_KEY in the
 *                                           # environment, for CERTIFICATE_RETIRED_PUBLIC_KEYS when rotating
 */
import { createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';

/** RFC 7638 thumbprint of an Ed25519 JWK (the key id did.json and the signatures use). */
function thumbprint({ crv, kty, x }) {
  return createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url');
}

if (process.argv.includes('--public')) {
  const raw = process.env.CERTIFICATE_SIGNING_KEY ?? '';
  if (!raw.trim()) {
    console.error('Set CERTIFICATE_SIGNING_KEY (the key being retired) in the environment first.');
    process.exit(1);
  }
  const jwk = JSON.parse(raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8'));
  const { crv, kty, x } = createPrivateKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' });
  console.log(`# Key id ${thumbprint({ crv, kty, x })}: add this object to the JSON array of CERTIFICATE_RETIRED_PUBLIC_KEYS`);
  console.log(JSON.stringify({ kty, crv, x }));
} else {
  const { privateKey } = generateKeyPairSync('ed25519');
  const { crv, kty, x, d } = privateKey.export({ format: 'jwk' });
  console.log(`# Certificate signing key, key id ${thumbprint({ crv, kty, x })}. Secret: set it only in the functions' environment.`);
  console.log(`CERTIFICATE_SIGNING_KEY='${JSON.stringify({ kty, crv, x, d })}'`);
}
