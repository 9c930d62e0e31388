/**
 * What the members' service worker keeps of a member's answers (integrations/service-worker/rules.js,
 * built into dist/sw.js): never an answer marked `no-store`; a content gate's item only when
 * marked `private`, as the gate marks it (netlify/functions/content.mts; no rule of netlify.toml
 * makes it shareable); a 401, 403 or 404 removes the kept copy; and a kept item is read offline
 * for less than 30 days after the gate last answered it, counted from when that answer arrived
 * (the earlier of the device's clock and the server's Date), never after the device's clock
 * was moved back before it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { checkedAt, dropsKeptCopy, isGated, mayKeep, OFFLINE_READ_MS, stillReadable } from '../../integrations/service-worker/rules.js';
import { buildWorker } from '../../integrations/service-worker.mjs';

const answer = (status: number, cacheControl?: string) => new Response('{}', { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });
const DAY = 24 * 60 * 60 * 1000;

describe('what the worker keeps', () => {
  it('a gated item marked private (the gate’s `private, no-cache`), never one marked no-store or not private', () => {
    expect(mayKeep(answer(200, 'private, no-cache'), true)).toBe(true);
    expect(mayKeep(answer(200, 'private, no-store'), true)).toBe(false);
    expect(mayKeep(answer(200, 'no-store'), true)).toBe(false);
    expect(mayKeep(answer(200, 'public, max-age=60'), true)).toBe(false);
    expect(mayKeep(answer(200), true)).toBe(false);
  });

  it('the member’s rows from the database unless marked no-store; never a failure', () => {
    expect(mayKeep(answer(200), false)).toBe(true);
    expect(mayKeep(answer(200, 'No-Store'), false)).toBe(false);
    expect(mayKeep(answer(500, 'private'), true)).toBe(false);
  });

  it('drops the kept copy on 401, 403 and 404, not on a passing failure', () => {
    expect([401, 403, 404].every(dropsKeptCopy)).toBe(true);
    expect([200, 429, 500, 503].some(dropsKeptCopy)).toBe(false);
  });

  it('knows the gate’s items by their path', () => {
    expect(isGated('/api/content/course/the-slow-breath')).toBe(true);
    expect(isGated('/rest/v1/bloom_pages')).toBe(false);
  });
});

describe('30 days without an online check', () => {
  const arrived = Date.parse('2026-12-01T10:00:00Z');

  it('dates an answer by the earlier of the device’s clock and the server’s Date', () => {
    expect(checkedAt('Tue, 01 Dec 2026 09:59:00 GMT', arrived)).toBe(arrived - 60_000);
    // A device clock behind the server: its own time, so the age is counted on one clock.
    expect(checkedAt('Tue, 01 Dec 2026 10:05:00 GMT', arrived)).toBe(arrived);
    expect(checkedAt(null, arrived)).toBe(arrived);
    expect(checkedAt('not a date', arrived)).toBe(arrived);
  });

  it('reads a kept item until 30 days after that answer, not from then on', () => {
    const checked = String(arrived);
    expect(stillReadable(checked, arrived)).toBe(true);
    expect(stillReadable(checked, arrived + 29 * DAY)).toBe(true);
    expect(stillReadable(checked, arrived + OFFLINE_READ_MS - 1)).toBe(true);
    expect(stillReadable(checked, arrived + OFFLINE_READ_MS)).toBe(false);
    expect(stillReadable(checked, arrived + 31 * DAY)).toBe(false);
  });

  it('does not read a copy whose time proves nothing: none, unreadable, or a clock moved back before it', () => {
    expect(stillReadable(null, arrived)).toBe(false);
    expect(stillReadable('soon', arrived)).toBe(false);
    expect(stillReadable(String(arrived), arrived - 1)).toBe(false);
  });
});

describe('the gate’s answers and shared caches', () => {
  it('no header rule of netlify.toml applies a Cache-Control to the gate’s path', () => {
    const toml = parse(readFileSync('netlify.toml', 'utf8')) as { headers?: { for: string; values: Record<string, string> }[] };
    const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    const rules = (toml.headers ?? []).filter((rule) => glob(rule.for).test('/api/content/course/the-slow-breath'));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(Object.keys(rule.values).map((k) => k.toLowerCase())).not.toContain('cache-control');
  });

  it('the built worker carries these rules', () => {
    const { text } = buildWorker(mkdtempSync(path.join(tmpdir(), 'sw-rules-')));
    expect(text).toContain('function mayKeep(');
    expect(text).not.toMatch(/^export /m);
  });
});
