/**
 * Which Google credential the functions use for Firebase's Admin API, read from their environment.
 * Setting a member's custom claims and reading their account (auth-sync) needs a service
 * account; verifying an ID token needs only the project id. The Auth emulator needs neither.
 *
 *   FIREBASE_SERVICE_ACCOUNT   the service account's JSON key file, as is or base64-encoded
 *   FIREBASE_CLIENT_EMAIL      its client_email, with
 *   FIREBASE_PRIVATE_KEY       its private_key (the "\n" escapes of the JSON are turned into
 *                              line breaks; surrounding quotes are dropped)
 *
 * Pure: no SDK, no process.env (the caller passes the environment).
 */

export interface ServiceAccount {
  projectId: string | null;
  clientEmail: string;
  privateKey: string;
}

export type FirebaseCredential =
  | { kind: 'emulator'; host: string }
  | { kind: 'service-account'; account: ServiceAccount; source: 'FIREBASE_SERVICE_ACCOUNT' | 'FIREBASE_CLIENT_EMAIL' }
  | { kind: 'missing' }
  | { kind: 'invalid'; error: string };

export type CredentialEnv = Partial<Record<'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_SERVICE_ACCOUNT' | 'FIREBASE_CLIENT_EMAIL' | 'FIREBASE_PRIVATE_KEY' | 'CONTEXT', string | undefined>>;

/** The variables to set, as the owner reads them in a message. */
export const CREDENTIAL_VARIABLES = 'FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY';

const PEM = /^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A private key as pasted into an environment: quotes dropped, "\n" escapes and CRLFs made line breaks. */
export function normalisePrivateKey(value: string): string {
  let key = value.trim();
  if ((key.startsWith('"') && key.endsWith('"')) || (key.startsWith("'") && key.endsWith("'"))) key = key.slice(1, -1);
  return key.replace(/\\r\\n|\\n/g, '\n').replace(/\r\n/g, '\n').trim() + '\n';
}

function checked(account: ServiceAccount, source: 'FIREBASE_SERVICE_ACCOUNT' | 'FIREBASE_CLIENT_EMAIL'): FirebaseCredential {
  const emailVar = source === 'FIREBASE_SERVICE_ACCOUNT' ? 'FIREBASE_SERVICE_ACCOUNT has no valid client_email' : 'FIREBASE_CLIENT_EMAIL is not an email address';
  const keyVar = source === 'FIREBASE_SERVICE_ACCOUNT' ? 'FIREBASE_SERVICE_ACCOUNT has no valid private_key' : 'FIREBASE_PRIVATE_KEY is not a PEM private key ("-----BEGIN PRIVATE KEY-----" ...)';
  if (!EMAIL.test(account.clientEmail)) return { kind: 'invalid', error: emailVar };
  if (!PEM.test(account.privateKey)) return { kind: 'invalid', error: keyVar };
  return { kind: 'service-account', account, source };
}

/** UTF-8 text from base64 (throws on anything else). */
function fromBase64(value: string): string {
  const binary = atob(value.replace(/\s+/g, ''));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** FIREBASE_SERVICE_ACCOUNT as JSON, or as base64 of the JSON. */
function parseServiceAccount(value: string): FirebaseCredential {
  const text = value.trim();
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('{') ? text : fromBase64(text));
  } catch {
    return { kind: 'invalid', error: 'FIREBASE_SERVICE_ACCOUNT is neither the JSON key file nor its base64 encoding' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { kind: 'invalid', error: 'FIREBASE_SERVICE_ACCOUNT is not a JSON object' };
  }
  const record = json as Record<string, unknown>;
  if (record['type'] !== undefined && record['type'] !== 'service_account') {
    return { kind: 'invalid', error: 'FIREBASE_SERVICE_ACCOUNT is not a service account key (its type is not "service_account")' };
  }
  const str = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  return checked(
    { projectId: str('project_id') || null, clientEmail: str('client_email').trim(), privateKey: str('private_key') ? normalisePrivateKey(str('private_key')) : '' },
    'FIREBASE_SERVICE_ACCOUNT',
  );
}

/** Host names that can only mean this machine. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether an emulator address (`host:port`) names this machine: localhost, 127.x.x.x or [::1].
 * Anything else (a LAN address, 0.0.0.0, a DNS name) could be an emulator someone else runs.
 */
export function isLoopbackHost(hostAndPort: string): boolean {
  const host = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(hostAndPort.trim())?.[1];
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/** Why FIREBASE_AUTH_EMULATOR_HOST cannot be used here, or null when it can. */
export function emulatorProblem(env: CredentialEnv): string | null {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!host) return null;
  if (env.CONTEXT?.trim() === 'production') return 'FIREBASE_AUTH_EMULATOR_HOST is set in the production context: the emulator is for this machine only, remove the variable';
  if (!isLoopbackHost(host)) return 'FIREBASE_AUTH_EMULATOR_HOST must name this machine (localhost, 127.0.0.1 or [::1])';
  return null;
}

/**
 * The credential the environment gives: the emulator when FIREBASE_AUTH_EMULATOR_HOST is set
 * (nothing else is read), else FIREBASE_SERVICE_ACCOUNT, else FIREBASE_CLIENT_EMAIL with
 * FIREBASE_PRIVATE_KEY; 'missing' when none is set, 'invalid' (with the reason, never the
 * value) when one is set but unusable.
 *
 * The emulator signs nothing: whoever reaches it can mint a token for any uid. So it counts only
 * when it runs on this machine (a loopback address) and outside Netlify's production context
 * (CONTEXT=production); otherwise the credential is 'invalid', the functions take only tokens
 * Google signed, and the Admin API calls answer that the server is not configured.
 */
export function firebaseCredential(env: CredentialEnv): FirebaseCredential {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (emulator) {
    const problem = emulatorProblem(env);
    return problem ? { kind: 'invalid', error: problem } : { kind: 'emulator', host: emulator };
  }
  const json = env.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (json) return parseServiceAccount(json);
  const clientEmail = env.FIREBASE_CLIENT_EMAIL?.trim();
  const privateKey = env.FIREBASE_PRIVATE_KEY?.trim();
  if (!clientEmail && !privateKey) return { kind: 'missing' };
  if (!clientEmail) return { kind: 'invalid', error: 'FIREBASE_PRIVATE_KEY is set without FIREBASE_CLIENT_EMAIL' };
  if (!privateKey) return { kind: 'invalid', error: 'FIREBASE_CLIENT_EMAIL is set without FIREBASE_PRIVATE_KEY' };
  return checked({ projectId: null, clientEmail, privateKey: normalisePrivateKey(privateKey) }, 'FIREBASE_CLIENT_EMAIL');
}
