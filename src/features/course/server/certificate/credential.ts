/**
 * GET /api/certificate/<code>: the certificate as a signed Open Badges 3.0 credential, and
 * GET /.well-known/did.json: the issuer's DID document with the public keys that check it.
 *
 * The proof is VC-JOSE (W3C "Securing Verifiable Credentials using JOSE and COSE"), the "VC-JWT"
 * format Open Badges 3.0 allows beside Data Integrity: a compact JWS whose payload is the
 * credential itself, header { alg: EdDSA, typ: vc+jwt, cty: vc, kid: <did>#<thumbprint> },
 * answered as `application/vc+jwt`. Any JOSE library checks it with the key the DID document
 * publishes under that kid (tests/course/certificate-credential.function.test.ts uses jose).
 */
import { SignJWT } from 'jose';
import { HttpError, requireMethod } from '../../../../../netlify/functions/_shared/http';
import { siteOrigin } from '../../../../../netlify/functions/_shared/email/settings';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { buildCredential, didDocument, verificationMethodId } from '../../certificate/credential';
import { codeFromPath, findCertificate, NOT_FOUND_MESSAGE } from './lookup';
import { retiredKeys, signingKey } from './keys';

export const CREDENTIAL = 'certificate-credential';
export const DID = 'certificate-did';

/** A valid certificate is checked again within a minute of a revocation. */
const CACHE = 'public, max-age=60';

/** The compact JWS of the certificate's credential. */
export async function signedCredential(code: string): Promise<string> {
  const record = await findCertificate(supabaseAdmin(), code);
  const site = siteOrigin();
  const credential = buildCredential(record, site);
  if (!credential) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const key = await signingKey();
  const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: verificationMethodId(site, key.keyId) })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setIssuedAt(seconds(record.issuedAt))
    .setNotBefore(seconds(credential.validFrom))
    .sign(key.privateKey);
}

export async function serveCredential(req: Request): Promise<Response> {
  requireMethod(req, 'GET', 'HEAD');
  const jwt = await signedCredential(codeFromPath(req.url, ''));
  return new Response(req.method === 'HEAD' ? null : jwt, {
    status: 200,
    headers: { 'Content-Type': 'application/vc+jwt', 'Cache-Control': CACHE, 'Access-Control-Allow-Origin': '*', 'X-Robots-Tag': 'noindex' },
  });
}

export async function serveDidDocument(req: Request): Promise<Response> {
  requireMethod(req, 'GET', 'HEAD');
  const current = await signingKey();
  const keys = [{ keyId: current.keyId, publicJwk: current.publicJwk }, ...(await retiredKeys()).filter((k) => k.keyId !== current.keyId)];
  const body = JSON.stringify(didDocument(siteOrigin(), keys), null, 2);
  return new Response(req.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'Content-Type': 'application/did+json', 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
  });
}
