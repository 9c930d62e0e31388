/**
 * One member per Playwright worker, signed in once through /login (./members.ts) and kept as
 * that browser's stored session (its local storage: Firebase's session, the signed-in hint, the
 * device's owner), for the specs that only need "a verified member with no rows of their own"
 * and change nothing of it: `asWorkerMember()` puts the stored session in the test's browser
 * before its next page, as a returning member's browser holds it, and answers the member. A spec that
 * writes the member's rows, fails a request for them, or changes the account (password, address,
 * deletion, sign-out, revocation) makes its own member instead: the next test of the worker would
 * see it.
 */
import { test as base } from './page-errors';
import { createUser, signIn, type TestUser } from './members';

interface Stored {
  user: TestUser;
  /** The origin's local storage after the sign-in, as Playwright's storageState gives it. */
  storage: { name: string; value: string }[];
}

export const test = base.extend<{ asWorkerMember: () => Promise<TestUser> }, { signedInOnce: Stored }>({
  signedInOnce: [
    async ({ browser }, use, workerInfo) => {
      const user = await createUser('Ana Lima');
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      await signIn(page, user);
      const { origins } = await context.storageState();
      const origin = new URL(page.url()).origin;
      await context.close();
      await use({ user, storage: origins.find((o) => o.origin === origin)?.localStorage ?? [] });
    },
    { scope: 'worker' },
  ],
  asWorkerMember: async ({ context, signedInOnce }, provide) => {
    await provide(async () => {
      // Once per tab: later pages read what the app itself keeps there (a refreshed token, say).
      await context.addInitScript((storage) => {
        if (sessionStorage.getItem('test:stored-session')) return;
        for (const { name, value } of storage) localStorage.setItem(name, value);
        sessionStorage.setItem('test:stored-session', '1');
      }, signedInOnce.storage);
      return signedInOnce.user;
    });
  },
});

export { expect } from './page-errors';
