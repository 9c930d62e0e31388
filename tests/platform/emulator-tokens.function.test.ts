/**
 * The Auth emulator's tokens are unsigned: whoever can reach the emulator the functions name can
 * write a token for any uid. The functions take them only when FIREBASE_AUTH_EMULATOR_HOST names
 * this machine and the deploy is not Netlify's production. Here a token is forged (alg "none",
 * written by hand, never issued by anyone) for an account the emulator holds, and sent to the
 * content gate for the course's free lesson (any signed-in member may read it, so only the token
 * decides): taken with the emulator named on a loopback address in development; refused (401)
 * when the same emulator is named by a non-loopback address, and in the production context
 * (Netlify's request context, or CONTEXT).
 */
import { UnsecuredJWT } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/content.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { call, createEmulatorUser, emulatorHost, spyOnLogs, type LogSpies } from '../support/functions';

const previewSlug = Object.entries(generated.course as Record<string, { preview: boolean }>).find(([, l]) => l.preview)![0];
const saved = { ...process.env };
const PROJECT = process.env.FIREBASE_PROJECT_ID ?? 'demo-inner-alchemy';
let forged: string;
let logs: LogSpies;

beforeAll(async () => {
  const { memberId } = await createEmulatorUser();
  const now = Math.floor(Date.now() / 1000);
  forged = new UnsecuredJWT({ sub: memberId, user_id: memberId, auth_time: now, firebase: { sign_in_provider: 'password' } })
    .setIssuer(`https://securetoken.google.com/${PROJECT}`)
    .setAudience(PROJECT)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .encode();
});

beforeEach(() => {
  logs = spyOnLogs();
});
afterEach(() => {
  process.env = { ...saved };
  delete (globalThis as { Netlify?: unknown }).Netlify;
  logs.warn.mockRestore();
  logs.error.mockRestore();
});

const readPreview = () => call(handler, `/api/content/course/${previewSlug}`, { headers: { authorization: `Bearer ${forged}` } });
const port = () => emulatorHost().split(':').pop()!;

describe('emulator tokens', () => {
  it('are taken from the emulator on this machine, in development (the forged token opens the free lesson)', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port()}`;
    expect((await readPreview()).status).toBe(200);
  });

  it('are refused when the emulator is named by an address that is not loopback, though it answers there', async () => {
    // 0.0.0.0 reaches this machine's emulator on Linux, so the only difference is the name.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `0.0.0.0:${port()}`;
    const res = await readPreview();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid or expired session token' });
  });

  it("are refused in Netlify's production context, named by the platform's request context", async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port()}`;
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: 'production' } } };
    expect((await readPreview()).status).toBe(401);
  });

  it('are refused when CONTEXT says production', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port()}`;
    process.env.CONTEXT = 'production';
    expect((await readPreview()).status).toBe(401);
  });
});
