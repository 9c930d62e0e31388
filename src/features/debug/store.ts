/** Runs the /debug set-up checks and classes each answer (src/features/debug/debug.ts). */
import {
  authCheck,
  catalogueCheck,
  connectionCheck,
  DEBUG_TABLES,
  envCheck,
  formsCheck,
  newsletterCheck,
  productsCheck,
  serverAuthCheck,
  tableCheck,
  type AuthProbe,
  type CheckResult,
} from './debug';
import { probeCatalogue, probeForms, probeNewsletter, probeProducts, probeServerAuth, probeTable } from './api';
import { $session, watchSession } from '../../core/session/store';

export interface EnvPresence {
  name: string;
  present: boolean;
}

const SESSION_TIMEOUT_MS = 10_000;

/** The current session, read without loading sign-in for a visitor who never signed in. */
async function readSession(): Promise<AuthProbe> {
  try {
    await watchSession();
    const session = await new Promise<ReturnType<typeof $session.get>>((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error('no answer from sign-in within 10 seconds'));
      }, SESSION_TIMEOUT_MS);
      const unsubscribe = $session.subscribe((s) => {
        if (s.status === 'unknown') return;
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(s);
      });
    });
    return session.status === 'signedIn' ? { kind: 'signedIn', email: session.user.email } : { kind: 'signedOut' };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

export async function runDebugChecks(env: readonly EnvPresence[]): Promise<CheckResult[]> {
  // The session first: a signed-in member's tables are then read with their own token (what
  // row-level security shows them), not with the anonymous key.
  const auth = await readSession();
  const [tables, newsletter, forms, products, prices, serverAuth] = await Promise.all([
    Promise.all(DEBUG_TABLES.map(async (table) => [table, await probeTable(table)] as const)),
    probeNewsletter(),
    probeForms(),
    probeProducts(),
    probeCatalogue(),
    probeServerAuth(),
  ]);
  const sessionsProbe = tables.find(([table]) => table === 'coaching_sessions')?.[1] ?? null;
  return [
    ...env.map((v) => envCheck(v.name, v.present)),
    connectionCheck(sessionsProbe),
    ...tables.map(([table, outcome]) => tableCheck(table, outcome)),
    authCheck(auth),
    newsletterCheck(newsletter),
    formsCheck(forms),
    productsCheck(products),
    catalogueCheck(prices),
    serverAuthCheck(serverAuth),
  ];
}
