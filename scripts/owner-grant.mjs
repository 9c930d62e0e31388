#!/usr/bin/env node
/**
 * `npm run owner:grant -- <email>`: gives the account with that email the `owner` custom claim,
 * which opens /coach/numbers and the owner-numbers function to it, if its email address is verified (an address
 * nobody proved could be anyone's: the member verifies it first); `-- --revoke <email>` takes it
 * away from any account. Every
 * other claim the account has stays, `role: authenticated` (which the database needs) first of
 * all. The owner sees the page after their next sign-in (a fresh ID token carries the claim).
 *
 * Where it looks the account up, as the functions do (netlify/functions/_shared/google.ts, the
 * Identity Toolkit REST API; this script loads the functions' own modules through Vite):
 *   - the Auth emulator, when FIREBASE_AUTH_EMULATOR_HOST is set (`npm run dev:members` prints
 *     it; the project is FIREBASE_PROJECT_ID, else demo-inner-alchemy);
 *   - otherwise Google, with a service account: FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL
 *     and FIREBASE_PRIVATE_KEY, and FIREBASE_PROJECT_ID (the same variables the functions read).
 *
 * Exit status: 0 done (or nothing to do), 1 refused or failed (the reason is printed), 2 usage.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((a) => !a.startsWith('--'));

if (!email || !email.includes('@') || args.some((a) => a.startsWith('--') && a !== '--revoke')) {
  console.error('Usage: npm run owner:grant -- <email>          give the account the owner claim\n       npm run owner:grant -- --revoke <email> take it away');
  process.exit(2);
}
if (process.env.FIREBASE_AUTH_EMULATOR_HOST && !process.env.FIREBASE_PROJECT_ID) process.env.FIREBASE_PROJECT_ID = 'demo-inner-alchemy';

const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'error' })).module;

try {
  const { firebaseUserAdmin } = await load('netlify/functions/_shared/auth.ts');
  const { setOwnerClaim } = await load('src/features/owner/server/owner.ts');
  const result = await setOwnerClaim(firebaseUserAdmin(), email, { revoke });
  const where = process.env.FIREBASE_AUTH_EMULATOR_HOST ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}` : `project ${process.env.FIREBASE_PROJECT_ID ?? '(from the service account)'}`;
  if (revoke) {
    console.log(result.changed ? `${result.email} is no longer the owner (${where}).` : `${result.email} was not the owner; nothing changed (${where}).`);
  } else {
    console.log(
      result.changed
        ? `${result.email} is the owner now (${where}). /coach/numbers opens for them after their next sign-in.`
        : `${result.email} is the owner already; nothing changed (${where}).`,
    );
  }
} catch (error) {
  const code = /** @type {{ code?: string }} */ (error).code;
  if (code === 'auth/user-not-found') console.error(`No account has the email ${email}. They sign up on the site first, then you run this again.`);
  else if (code === 'owner/email-not-verified') console.error(`owner:grant refused: ${error instanceof Error ? error.message : error}`);
  else console.error(`owner:grant: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
