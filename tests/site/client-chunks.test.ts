/**
 * integrations/client-chunks.mjs puts the dashboard's own islands, and what only they use, in one
 * file: that holds only while no other page or component imports them (another page would then
 * load the whole dashboard file). Read from the sources, as the bundler sees them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ISLANDS } from '../../integrations/client-chunks.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'server' ? [] : sources(full);
    return /\.(astro|tsx?|mts)$/.test(name) ? [full] : [];
  });
}

/** The source files that import `file` (by a relative path, with or without its extension). */
function importersOf(file: string): string[] {
  const target = path.join(root, file).replace(/\.tsx?$/, '');
  return sources(path.join(root, 'src')).filter((source) =>
    [...readFileSync(source, 'utf8').matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].some(
      (m) => path.resolve(path.dirname(source), m[1]!).replace(/\.tsx?$/, '') === target,
    ),
  );
}

describe('the dashboard’s own file', () => {
  it.each(DASHBOARD_ISLANDS)('%s is an island of /dashboard alone', (island) => {
    expect(importersOf(island).map((f) => path.relative(root, f))).toEqual(['src/pages/dashboard.astro']);
  });
});
