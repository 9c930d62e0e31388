/** Reading the functions' Google credential from their environment, and the reasons one is refused. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firebaseCredential, normalisePrivateKey } from '../../netlify/functions/_shared/firebase-credential';

const PEM = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The key as a JSON key file and most dashboards carry it: one line with "\n" escapes. */
const ESCAPED = PEM.trim().replace(/\n/g, '\\n');
const EMAIL = 'firebase-adminsdk-abc12@demo-project.iam.gserviceaccount.com';
const KEY_FILE = {
  type: 'service_account',
  project_id: 'demo-project',
  private_key_id: 'abc123',
  private_key: PEM,
  client_email: EMAIL,
  client_id: '1234567890',
};

describe('firebaseCredential', () => {
  it('is the emulator when FIREBASE_AUTH_EMULATOR_HOST names this machine, whatever else is set', () => {
    expect(firebaseCredential({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_SERVICE_ACCOUNT: 'junk' })).toEqual({ kind: 'emulator', host: '127.0.0.1:9099' });
    for (const host of ['localhost:9099', 'LOCALHOST:9206', '127.0.0.1:9206', '127.0.1.1:9099', '[::1]:9099', '127.0.0.1']) {
      expect(firebaseCredential({ FIREBASE_AUTH_EMULATOR_HOST: host, CONTEXT: 'dev' })).toEqual({ kind: 'emulator', host });
    }
  });

  it('refuses an emulator on another machine: its unsigned tokens would let whoever reaches it be anyone', () => {
    for (const host of ['0.0.0.0:9099', '10.0.0.5:9099', '192.168.1.20:9099', 'emulator.example.com:9099', 'localhost.example.com:9099', '127.0.0.1.example.com:9099', '[::]:9099', '[2001:db8::1]:9099']) {
      const credential = firebaseCredential({ FIREBASE_AUTH_EMULATOR_HOST: host });
      expect(credential, host).toEqual({ kind: 'invalid', error: 'FIREBASE_AUTH_EMULATOR_HOST must name this machine (localhost, 127.0.0.1 or [::1])' });
    }
  });

  it("refuses the emulator in Netlify's production context, even on a loopback address", () => {
    expect(firebaseCredential({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', CONTEXT: 'production' })).toEqual({
      kind: 'invalid',
      error: 'FIREBASE_AUTH_EMULATOR_HOST is set in the production context: the emulator is for this machine only, remove the variable',
    });
    for (const context of ['deploy-preview', 'branch-deploy', 'dev', undefined]) {
      expect(firebaseCredential({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', CONTEXT: context }).kind, String(context)).toBe('emulator');
    }
  });

  it('is missing when nothing is set (blank values count as unset)', () => {
    expect(firebaseCredential({})).toEqual({ kind: 'missing' });
    expect(firebaseCredential({ FIREBASE_SERVICE_ACCOUNT: '  ', FIREBASE_CLIENT_EMAIL: '', FIREBASE_PRIVATE_KEY: '' })).toEqual({ kind: 'missing' });
  });

  it('reads the JSON key file as is', () => {
    expect(firebaseCredential({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(KEY_FILE) })).toEqual({
      kind: 'service-account',
      source: 'FIREBASE_SERVICE_ACCOUNT',
      account: { projectId: 'demo-project', clientEmail: EMAIL, privateKey: PEM },
    });
  });

  it('reads the JSON key file base64-encoded, line-wrapped or not', () => {
    const encoded = Buffer.from(JSON.stringify(KEY_FILE, null, 2)).toString('base64');
    const wrapped = encoded.replace(/(.{76})/g, '$1\n');
    for (const value of [encoded, wrapped]) {
      const result = firebaseCredential({ FIREBASE_SERVICE_ACCOUNT: value });
      expect(result).toMatchObject({ kind: 'service-account', account: { clientEmail: EMAIL, privateKey: PEM } });
    }
  });

  it('reads FIREBASE_CLIENT_EMAIL with FIREBASE_PRIVATE_KEY, turning "\\n" escapes into line breaks', () => {
    for (const key of [ESCAPED, `"${ESCAPED}"`, PEM, PEM.replace(/\n/g, '\r\n')]) {
      expect(firebaseCredential({ FIREBASE_CLIENT_EMAIL: ` ${EMAIL} `, FIREBASE_PRIVATE_KEY: key })).toEqual({
        kind: 'service-account',
        source: 'FIREBASE_CLIENT_EMAIL',
        account: { projectId: null, clientEmail: EMAIL, privateKey: PEM },
      });
    }
  });

  it('prefers FIREBASE_SERVICE_ACCOUNT over the pair', () => {
    const result = firebaseCredential({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(KEY_FILE), FIREBASE_CLIENT_EMAIL: 'other@example.com', FIREBASE_PRIVATE_KEY: ESCAPED });
    expect(result).toMatchObject({ source: 'FIREBASE_SERVICE_ACCOUNT', account: { clientEmail: EMAIL } });
  });

  it('says what is wrong, never the value', () => {
    const cases: [Parameters<typeof firebaseCredential>[0], RegExp][] = [
      [{ FIREBASE_SERVICE_ACCOUNT: 'not json, not base64!' }, /neither the JSON key file nor its base64 encoding/],
      [{ FIREBASE_SERVICE_ACCOUNT: Buffer.from('hello').toString('base64') }, /neither the JSON key file/],
      [{ FIREBASE_SERVICE_ACCOUNT: '[1]' }, /neither the JSON key file|not a JSON object/],
      [{ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...KEY_FILE, type: 'authorized_user' }) }, /not a service account key/],
      [{ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...KEY_FILE, private_key: undefined }) }, /no valid private_key/],
      [{ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...KEY_FILE, client_email: '' }) }, /no valid client_email/],
      [{ FIREBASE_CLIENT_EMAIL: EMAIL }, /FIREBASE_CLIENT_EMAIL is set without FIREBASE_PRIVATE_KEY/],
      [{ FIREBASE_PRIVATE_KEY: ESCAPED }, /FIREBASE_PRIVATE_KEY is set without FIREBASE_CLIENT_EMAIL/],
      [{ FIREBASE_CLIENT_EMAIL: EMAIL, FIREBASE_PRIVATE_KEY: 'sk-not-a-key' }, /FIREBASE_PRIVATE_KEY is not a PEM private key/],
      [{ FIREBASE_CLIENT_EMAIL: 'nobody', FIREBASE_PRIVATE_KEY: ESCAPED }, /FIREBASE_CLIENT_EMAIL is not an email address/],
    ];
    for (const [env, message] of cases) {
      const result = firebaseCredential(env);
      expect(result.kind, JSON.stringify(env).slice(0, 80)).toBe('invalid');
      const error = (result as { error: string }).error;
      expect(error).toMatch(message);
      expect(error).not.toContain('PRIVATE KEY-----\n');
      expect(error).not.toContain('sk-not-a-key');
    }
  });
});

describe('normalisePrivateKey', () => {
  it('ends the key with one line break and drops surrounding quotes', () => {
    expect(normalisePrivateKey(`'${ESCAPED}'`)).toBe(PEM);
    expect(normalisePrivateKey(`${PEM}\n\n`)).toBe(PEM);
  });
});
