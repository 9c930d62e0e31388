/**
 * A certificate as an Open Badges 3.0 `OpenBadgeCredential` (a W3C Verifiable Credential in the
 * 2.0 data model), the issuer's did:web identifier and its DID document. Pure: the server half
 * (src/features/course/server/certificate/) reads the row and signs what this builds
 * (docs/decisions/certificates.md).
 */
import { BRAND } from '../../../core/config/site';
import { COURSE_ID } from '../certificate';

/** A certificate's public code: 32 lowercase hex digits (public.certificates.code). */
export const CERTIFICATE_CODE = /^[0-9a-f]{32}$/;

/** What a credential, the PDF and the share card need of a public.certificates row. */
export interface CertificateRecord {
  code: string;
  course: string;
  name: string;
  completedAt: string;
  issuedAt: string;
  revokedAt: string | null;
}

/** What the credential says of each course a certificate can be for (the row's `course`). */
export interface CertifiedCourse {
  name: string;
  description: string;
  narrative: string;
  /** The course's public page, relative to the site. */
  path: string;
}

export const CERTIFIED_COURSES: Readonly<Record<string, CertifiedCourse>> = {
  [COURSE_ID]: {
    name: 'The Master Alchemist Course',
    description:
      'A self-paced course in emotional intelligence by Inner Alchemy: 27 lessons in nine modules on noticing, naming and working with feelings, each with a practice or reflection.',
    narrative: 'Completed all 27 lessons of The Master Alchemist Course, as recorded by Inner Alchemy\'s server.',
    path: '/masteralchemist',
  },
};

/** The site's address without a trailing slash ("https://inneralchemy.coach"). */
function origin(site: string): string {
  return new URL(site).origin;
}

/**
 * The issuer's DID: did:web of the site's host (the port, when there is one, percent-encoded as
 * did:web requires: "did:web:localhost%3A4321"). Resolves to `<site>/.well-known/did.json`.
 */
export function issuerDid(site: string): string {
  const url = new URL(site);
  return `did:web:${url.hostname}${url.port ? `%3A${url.port}` : ''}`;
}

/** The verification method a signature names (the JWS header's `kid`): `<did>#<key id>`. */
export function verificationMethodId(site: string, keyId: string): string {
  return `${issuerDid(site)}#${keyId}`;
}

/** The public page that says whether a certificate is valid. */
export function verifyUrl(site: string, code: string): string {
  return `${origin(site)}/verify/${code}`;
}

/** The signed credential's own address (its `id`). */
export function credentialUrl(site: string, code: string): string {
  return `${origin(site)}/api/certificate/${code}`;
}

export function pdfUrl(site: string, code: string): string {
  return `${credentialUrl(site, code)}.pdf`;
}

export function cardUrl(site: string, code: string): string {
  return `${credentialUrl(site, code)}/card.png`;
}

export interface OpenBadgeCredential {
  '@context': string[];
  id: string;
  type: ['VerifiableCredential', 'OpenBadgeCredential'];
  issuer: { id: string; type: ['Profile']; name: string; url: string };
  validFrom: string;
  name: string;
  credentialSubject: {
    type: ['AchievementSubject'];
    activityEndDate: string;
    identifier: { type: 'IdentityObject'; identityHash: string; identityType: 'name'; hashed: false }[];
    achievement: {
      id: string;
      type: ['Achievement'];
      name: string;
      description: string;
      criteria: { narrative: string };
    };
  };
}

export const CREDENTIAL_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/**
 * The credential for `record`, or null for a course no certificate is made for. The member is
 * named as Open Badges 3.0 names a recipient without an identifier of their own: an
 * IdentityObject of type `name`, not hashed (the name they chose to show). validFrom is the
 * moment the certificate was issued; activityEndDate the moment the last lesson was completed.
 */
export function buildCredential(record: CertificateRecord, site: string): OpenBadgeCredential | null {
  const course = CERTIFIED_COURSES[record.course];
  if (!course) return null;
  const base = origin(site);
  return {
    '@context': [...CREDENTIAL_CONTEXT],
    id: credentialUrl(site, record.code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuerDid(site), type: ['Profile'], name: BRAND, url: base },
    validFrom: seconds(record.issuedAt),
    name: `${course.name}: certificate of completion`,
    credentialSubject: {
      type: ['AchievementSubject'],
      activityEndDate: seconds(record.completedAt),
      identifier: [{ type: 'IdentityObject', identityHash: record.name, identityType: 'name', hashed: false }],
      achievement: {
        id: `${base}${course.path}#achievement`,
        type: ['Achievement'],
        name: course.name,
        description: course.description,
        criteria: { narrative: course.narrative },
      },
    },
  };
}

/** An ISO 8601 time in UTC to the second ("2026-12-08T09:30:00Z"), as the examples of the spec write it. */
function seconds(value: string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An Ed25519 public key as a JWK (no private part). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/**
 * The issuer's DID document: every published key as a JsonWebKey2020 verification method
 * (`#<key id>`, the RFC 7638 thumbprint), the current one first. Keys of retired signing keys stay
 * listed so credentials signed with them still verify (docs/decisions/certificates.md).
 */
export function didDocument(site: string, keys: readonly { keyId: string; publicJwk: PublicJwk }[]) {
  const did = issuerDid(site);
  const ids = keys.map((k) => `${did}#${k.keyId}`);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: keys.map((k, i) => ({ id: ids[i]!, type: 'JsonWebKey2020', controller: did, publicKeyJwk: { ...k.publicJwk } })),
    assertionMethod: ids,
  };
}

/** What the share card says, and its alt text: "Jürgen Weiß completed the Master Alchemist Course". */
export function achievementLine(record: Pick<CertificateRecord, 'name' | 'course'>): string {
  const course = CERTIFIED_COURSES[record.course]?.name ?? record.course;
  return `${record.name.replace(/\s+/g, ' ').trim()} completed ${course.replace(/^The /, 'the ')}`;
}
