/**
 * `npm run dev:members` as a newcomer runs it (scripts/dev-members.mjs), on free ports and a
 * temporary data folder: it gets ready, the site's sign-in page, the database API (with the
 * seed), the Auth emulator (a demo member signs in) and the Stripe stand-in (which knows the
 * demo subscriptions) answer, a checkout through the site's own function lands on the
 * stand-in's payment page and, paid, brings its confirmation to the inbox, and Ctrl-C stops
 * everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';
import { localKeys } from '../../local-platform/jwt.mjs';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm run dev:members', { timeout: 120_000 }, () => {
  const ports = { site: 0, auth: 0, postgrest: 0, stripe: 0, email: 0 };
  const data = mkdtempSync(path.join(tmpdir(), 'ia-dev-members-test-'));
  let child: ChildProcess;
  let output = '';
  let readySeconds = Number.NaN;
  const site = () => `http://localhost:${ports.site}`;

  beforeAll(async () => {
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    // As from a terminal: without vitest's own variables (NODE_ENV=test, VITEST*), which astro dev would take up.
    const terminal = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
    child = spawn(process.execPath, ['scripts/dev-members.mjs'], {
      env: {
        ...terminal,
        DEV_MEMBERS_PORT: String(ports.site),
        AUTH_EMULATOR_PORT: String(ports.auth),
        POSTGREST_PORT: String(ports.postgrest),
        STRIPE_STANDIN_PORT: String(ports.stripe),
        EMAIL_STANDIN_PORT: String(ports.email),
        DEV_MEMBERS_DATA: data,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    readySeconds = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev:members was not ready within 110 s:\n${output}`)), 110_000);
      child.once('exit', (code) => reject(new Error(`dev:members exited (${code}) before it was ready:\n${output}`)));
      const check = setInterval(() => {
        const m = /dev:members ready in ([\d.]+) s/.exec(output);
        if (m) {
          clearInterval(check);
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      }, 100);
    });
    console.log(`dev:members ready in ${readySeconds} s (under the test run's load; a new database)`);
  }, 120_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });

  it('says it is ready, with the demo members and their password, and where the inbox is', () => {
    expect(readySeconds).toBeGreaterThan(0);
    for (const m of DEMO_MEMBERS) expect(output).toContain(m.email);
    expect(output).toContain(DEMO_PASSWORD);
    expect(output.split('\n').map((line) => line.trim())).toContain(`inbox           http://127.0.0.1:${ports.email}  (every email the site sends, text and HTML; JSON at /messages)`);
    expect(output).toMatch(/demo coach\s+coach@demo\.local at http:\/\/localhost:\d+\/coach/);
    expect(output).toMatch(/demo owner\s+owner@demo\.local at http:\/\/localhost:\d+\/coach\/numbers/);
  });

  it('runs the coaching schedule at start: the next three sessions exist, and the function logged its line', () => {
    expect(output).toMatch(/coaching\s+3 upcoming sessions \(\d added now\)/);
    expect(output).toContain('[coaching-schedule] coaching schedule:');
  });

  it('serves the sign-in page, the database API with the seed, and the Stripe stand-in that knows the demo plans', async () => {
    const login = await fetch(`${site()}/login/`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<h1');

    const anon = localKeys().anon;
    const sessions = await fetch(`http://127.0.0.1:${ports.postgrest}/rest/v1/coaching_sessions?select=id`, { headers: { apikey: anon, authorization: `Bearer ${anon}` } });
    expect(sessions.status).toBe(200);
    expect(((await sessions.json()) as unknown[]).length).toBeGreaterThan(0);

    const admin = await (await fetch(`http://127.0.0.1:${ports.stripe}/__admin`)).text();
    expect(admin).toContain('sub_demo_demo-adventurer');
    expect(admin).toContain('sub_demo_demo-alchemist');
  });

  it('a demo member signs in on the emulator, and a checkout through the site’s function lands on the stand-in’s payment page', async () => {
    const explorer = DEMO_MEMBERS.find((m) => m.tier === 'Explorer' && !m.purchase)!;
    const res = await fetch(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: explorer.email, password: DEMO_PASSWORD, returnSecureToken: true }),
    });
    expect(res.status).toBe(200);
    const { idToken } = (await res.json()) as { idToken: string };

    const checkout = await fetch(`${site()}/api/stripe-checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', origin: site() },
      body: JSON.stringify({ price_id: 'price_app_stillpoint', mode: 'payment', success_url: `${site()}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${site()}/app/stillpoint` }),
    });
    const body = (await checkout.json()) as { url?: string; error?: string };
    expect(checkout.status, body.error).toBe(200);
    expect(body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports.stripe}/pay/cs_`));
    const pay = await fetch(body.url!);
    expect(await pay.text()).toContain('Total: 29.00 USD');

    // Paying sends the signed webhook to the site, whose purchase confirmation lands in the inbox.
    const paid = await fetch(body.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const inbox = `http://127.0.0.1:${ports.email}`;
    await expect
      .poll(async () => ((await (await fetch(`${inbox}/messages?to=${encodeURIComponent(explorer.email)}`)).json()) as { subject: string }[]).map((m) => m.subject), { timeout: 30_000 })
      .toEqual(['Stillpoint is yours']);
    const page = await (await fetch(`${inbox}/`)).text();
    expect(page).toContain('Stillpoint is yours');
    expect(page).toContain('Run the hourly email run now');
    // The button runs the scheduled function, served by the site: whatever was waiting (the seed's
    // coaching confirmations, sent by the run when no page asked first) goes, nothing fails, nothing is left.
    const run = await fetch(`${inbox}/__run`, { method: 'POST', redirect: 'manual' });
    expect(run.status).toBe(303);
    expect(await (await fetch(`${inbox}/`)).text()).toMatch(
      /The hourly email run answered: \{&quot;sent&quot;:\d+,&quot;failed&quot;:0,&quot;given_up&quot;:0,&quot;skipped&quot;:\d+,&quot;left&quot;:0,&quot;waiting&quot;:0,&quot;waiting_due&quot;:0\}/,
    );
  });

  it('Ctrl-C stops everything it started', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // The emulator (Java) and astro dev ran in their own process groups: they are gone too.
    await expect.poll(async () => (await Promise.all(Object.values(ports).map(answers))).some(Boolean), { timeout: 20_000 }).toBe(false);
  });
});
