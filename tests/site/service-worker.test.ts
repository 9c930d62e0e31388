/**
 * The service worker's build step: which pages make the member shell (the dashboard, the
 * Lounge's rooms, the course; never a visitor's page such as pricing), which files those pages
 * need (what their HTML names, and what those scripts and styles import or reference, dynamic
 * imports included), and a version that changes when any of it does.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWorker, collectShell } from '../../integrations/service-worker.mjs';

function dist(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sw-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const site = {
  'index.html': '<script type="module" src="/_astro/home.js"></script>',
  'pricing/index.html': '<link rel="stylesheet" href="/_astro/pricing.css">',
  'dashboard/index.html': '<link rel="stylesheet" href="/_astro/site.css"><astro-island component-url="/_astro/Dashboard.js" renderer-url="/_astro/client.js"></astro-island>',
  'lounge/stillpoint/index.html': '<script type="module" src="/_astro/hint.js"></script>',
  'course/index.html': '<link rel="stylesheet" href="/_astro/site.css">',
  'course/the-slow-breath/index.html': '<link rel="stylesheet" href="/_astro/site.css">',
  '_astro/home.js': 'console.log(1)',
  '_astro/pricing.css': 'body{}',
  '_astro/site.css': '@font-face{src:url(/_astro/inter.woff2)}',
  '_astro/inter.woff2': 'font',
  '_astro/Dashboard.js': 'import{a}from"./chunk.js";const m=()=>import("./lazy.js")',
  '_astro/chunk.js': 'export const a=1',
  '_astro/lazy.js': 'export default 1',
  '_astro/client.js': 'export default 1',
  '_astro/hint.js': 'import("./worker-api.js")',
  '_astro/worker-api.js': 'export const w=1',
};

describe('the service worker build', () => {
  it('lists the member pages and everything they load, and no visitor page', () => {
    expect(collectShell(dist(site))).toEqual({
      shell: ['/course/', '/course/the-slow-breath/', '/dashboard/', '/lounge/stillpoint/'],
      assets: ['/_astro/Dashboard.js', '/_astro/chunk.js', '/_astro/client.js', '/_astro/hint.js', '/_astro/inter.woff2', '/_astro/lazy.js', '/_astro/site.css', '/_astro/worker-api.js'],
    });
  });

  it('versions the worker by its files: the same build, the same version; a changed page, a new one', () => {
    const a = buildWorker(dist(site));
    expect(a.version).toBe(buildWorker(dist(site)).version);
    expect(a.text).toMatch(/^const SHELL = \["\/course\/",/);
    expect(buildWorker(dist({ ...site, 'course/index.html': '<p>new</p>' })).version).not.toBe(a.version);
  });
});
