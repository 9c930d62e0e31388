/**
 * What a signed-in member downloads: every script the browser loads on each member page of the
 * members build (module files, their imports, the chunks loaded on first use while the page
 * comes up, inline scripts), gzip, for the demo Alchemist (`alchemist@demo.local`, made by
 * scripts/e2e.mjs), who has the course and every app, so each page shows its member content. Each
 * page opens in a fresh browser context holding only the member's session (nothing cached), and
 * is counted once the member's content is on it and the network is quiet. At most 110 KiB a page
 * (SIGNED_IN_BUDGET, scripts/budgets.mjs), and no other page's islands (the course player loads
 * no Lounge or dashboard code, a room no course or dashboard code).
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';
import { SIGNED_IN_BUDGET } from '../../scripts/budgets.mjs';
import { gatedItems } from '../support/gated-content';

const KIB = 1024;
const SLOW = 20_000;

const alchemist = DEMO_MEMBERS.find((m) => m.tier === 'Alchemist')!;

const paidLesson = gatedItems('course').find((l) => !l.preview)!;

/** The islands of the Lounge's rooms, of the dashboard, and of the course, by their chunks' names. */
const LOUNGE = /\/(Stillpoint|stillpoint-element|BloomBook|Whispers|RiseMode|Mindstage|ResetRoom|SaveStatus|StepPlayer)\.[^/]*\.js$/;
const DASHBOARD = /\/(Dashboard|CoachingSessions|SubscriptionDetails|Library|AccountActions)\.[^/]*\.js$/;
const COURSE = /\/(CoursePlayer|CourseProgressPanel)\.[^/]*\.js$/;

/** Each member page, what shows once the member's own content is on it, and whose code it must not load. */
const PAGES: { path: string; ready: (page: Page) => Promise<void>; own: RegExp; foreign?: RegExp[] }[] = [
  {
    path: '/dashboard',
    own: /\/Dashboard\./,
    // The days-practised calendar loads only once the member turns it on (off by default).
    foreign: [LOUNGE, /\/CoursePlayer\./, /\/days-calendar-element\./],
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${alchemist.name}` })).toBeVisible({ timeout: SLOW });
      await expect(page.getByRole('region', { name: 'Your library' }).getByRole('link', { name: 'Open: Master Alchemist Course' })).toBeVisible({ timeout: SLOW });
    },
  },
  { path: '/course/', own: /\/CourseProgressPanel\./, foreign: [LOUNGE, DASHBOARD], ready: (page) => expect(page.locator('[data-progress-all]')).toContainText('lessons completed', { timeout: SLOW }) },
  {
    path: `/course/${paidLesson.slug}/`,
    own: /\/CoursePlayer\./,
    foreign: [LOUNGE, DASHBOARD],
    ready: (page) => expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible({ timeout: SLOW }),
  },
  { path: '/lounge/stillpoint/', own: /\/Stillpoint\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] stillpoint-guide')).toBeVisible({ timeout: SLOW }) },
  { path: '/lounge/the-bloom-book/', own: /\/BloomBook\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] form[aria-labelledby="bb-page-heading"]')).toBeVisible({ timeout: SLOW }) },
  { path: '/lounge/whispers-before-sleep/', own: /\/Whispers\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] #ws-stories')).toBeVisible({ timeout: SLOW }) },
  { path: '/lounge/rise-mode/', own: /\/RiseMode\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] [data-todays-statement]')).toBeVisible({ timeout: SLOW }) },
  { path: '/lounge/mindstage/', own: /\/Mindstage\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] [data-scenarios]')).toBeVisible({ timeout: SLOW }) },
  { path: '/lounge/the-reset-room/', own: /\/ResetRoom\./, foreign: [DASHBOARD, COURSE], ready: (page) => expect(page.locator('[data-member-only] input[name="feeling"]').first()).toBeVisible({ timeout: SLOW }) },
  { path: '/products', own: /\/ProductsCatalogue\./, foreign: [LOUNGE, DASHBOARD, COURSE], ready: (page) => expect(page.getByText('Current Tier: Alchemist')).toBeVisible({ timeout: SLOW }) },
  {
    path: '/success?session_id=cs_test_a1B2c3',
    own: /\/checkout-summary-store\./,
    foreign: [LOUNGE, DASHBOARD, COURSE],
    ready: async (page) => {
      await expect(page.getByText('Welcome to Your Journey!')).toBeVisible({ timeout: SLOW });
      await expect(page.locator('[data-nav-account="desktop"] [data-tier="Alchemist"]')).toBeVisible({ timeout: SLOW });
    },
  },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let session: StorageState;

test.describe.configure({ timeout: 90_000 });

/** One sign-in through /login as `member`: their session (Firebase's persisted user and the signed-in hint). */
async function signedIn(browser: Browser, member: (typeof DEMO_MEMBERS)[number]): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` })).toBeVisible({ timeout: SLOW });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

// One sign-in as the demo Alchemist; every page then opens with that session, as on the
// member's next visit.
test.beforeAll(async ({ browser }) => {
  session = await signedIn(browser, alchemist);
});

/** The scripts a fresh browser with the member's session loads on `path`, each with its gzip size. */
async function memberScripts(browser: Browser, { path, ready }: Pick<(typeof PAGES)[number], 'path' | 'ready'>, storageState = session): Promise<{ url: string; gzip: number }[]> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const pending = new Set<string>();
    let lastChange = Date.now();
    page.on('request', (req) => {
      pending.add(req.url());
      lastChange = Date.now();
    });
    const done = (req: Request) => {
      pending.delete(req.url());
      lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    const files = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      const url = res.url();
      if (files.has(url) || (res.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(new URL(url).pathname))) return;
      files.set(url, res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(path);
    await ready(page);
    // Quiet: nothing in flight for a second (what loads on first use while the page comes up is counted).
    await expect
      .poll(() => (pending.size === 0 && Date.now() - lastChange > 1_000 ? 'quiet' : [...pending].join(', ') || 'settling'), { timeout: SLOW, intervals: [250] })
      .toBe('quiet');
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].filter((s) => !/json/.test(s.getAttribute('type') ?? '')).map((s) => s.textContent ?? '').filter((t) => t.trim()));
    return [
      ...(await Promise.all([...files].map(async ([url, gzip]) => ({ url: new URL(url).pathname, gzip: await gzip })))),
      ...inline.map((text, i) => ({ url: `inline #${i}`, gzip: gzipSync(Buffer.from(text), { level: 9 }).length })),
    ];
  } finally {
    await context.close();
  }
}

/** The scripts' total, logged and annotated with the list, largest first. */
function weigh(label: string, scripts: { url: string; gzip: number }[]): { total: number; list: string } {
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const list = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `  ${(s.gzip / KIB).toFixed(1).padStart(6)}  ${s.url}`)
    .join('\n');
  console.log(`member weight ${label}: ${(total / KIB).toFixed(1)} KiB (${scripts.length} scripts)\n${list}`);
  test.info().annotations.push({ type: 'gzip KiB (signed in)', description: (total / KIB).toFixed(1) });
  return { total, list };
}

for (const entry of PAGES) {
  test(`${entry.path}: a signed-in Alchemist loads at most 110 KiB of gzip JavaScript`, async ({ browser }) => {
    const scripts = await memberScripts(browser, entry);
    const { total, list } = weigh(entry.path, scripts);
    // A page loads only what it uses: its own islands, no other page's.
    expect(scripts.map((s) => s.url).filter((url) => entry.own.test(url)), `${entry.path} loads ${entry.own}`).not.toEqual([]);
    for (const foreign of entry.foreign ?? []) expect(scripts.map((s) => s.url).filter((url) => foreign.test(url)), `${entry.path} loads ${foreign}`).toEqual([]);
    expect(total, `${entry.path} for a signed-in member:\n${list}`).toBeLessThanOrEqual(SIGNED_IN_BUDGET);
  });
}

// The dashboard differs by member (the course card, the library's items, the subscription's
// details, the account's notes): every demo member's, with every card in (the last is the
// account's own), within the budget.
for (const member of DEMO_MEMBERS) {
  test(`/dashboard of the demo ${member.email}, every card in: at most 110 KiB of gzip JavaScript`, async ({ browser }) => {
    const storageState = member === alchemist ? session : await signedIn(browser, member);
    const scripts = await memberScripts(
      browser,
      {
        path: '/dashboard',
        ready: async (page) => {
          await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` })).toBeVisible({ timeout: SLOW });
          await expect(page.getByRole('heading', { level: 2, name: 'Your Account' })).toBeVisible({ timeout: SLOW });
        },
      },
      storageState,
    );
    const { total, list } = weigh(`/dashboard (${member.email})`, scripts);
    expect(total, `/dashboard for ${member.email}:\n${list}`).toBeLessThanOrEqual(SIGNED_IN_BUDGET);
  });
}
