// @ts-check
/**
 * How the browser's JavaScript is cut into files (the client build only; docs/decisions/member-weight.md,
 * "Fewer, larger files"). Left to itself the bundler makes one file for every set of islands
 * that shares some code, so the dashboard came in 51 files, many of a few hundred bytes: each
 * compressed on its own, with its import lines of hashed names, it cost about 10 KiB of gzip
 * more than the same code in one file. Two groups, each loaded by every page that loads any of
 * it, so no page downloads code it does not run:
 *
 * - `react`: React, React DOM, its scheduler and Astro's React renderer, which every page with
 *   an island loads together (they were three files);
 * - `dashboard`: the dashboard's own islands and whatever only they use (`DASHBOARD_ISLANDS`:
 *   islands that no other page hydrates). A module also used by another island, or by code
 *   loaded on first use, stays where the bundler puts it, so no other page loads this file.
 *   Each island keeps a file of its own name that re-exports it (a few bytes), the file Astro
 *   hydrates.
 */

/** React and its renderer: one file on every page with an island. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/** The islands only /dashboard hydrates (src/pages/dashboard.astro), by their source files. */
export const DASHBOARD_ISLANDS = [
  'src/features/account/Dashboard.tsx',
  'src/features/commerce/SubscriptionDetails.tsx',
  'src/features/coaching/CoachingSessions.tsx',
  'src/features/commerce/Library.tsx',
];

const normal = (/** @type {string} */ id) => id.replaceAll('\\', '/');
const isDashboardIsland = (/** @type {string} */ id) => DASHBOARD_ISLANDS.some((file) => normal(id).endsWith('/' + file));

/**
 * The modules from which `id` is reached through static imports: entries (islands, page
 * scripts) and targets of a dynamic import, which load on their own.
 * @param {string} id
 * @param {{ getModuleInfo(id: string): { isEntry: boolean; importers: string[]; dynamicImporters: string[] } | null }} ctx
 * @param {Map<string, Set<string>>} memo
 * @returns {Set<string>}
 */
function rootsOf(id, ctx, memo) {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set();
  memo.set(id, roots);
  const info = ctx.getModuleInfo(id);
  if (!info) return roots;
  if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id);
  for (const importer of info.importers) for (const root of rootsOf(importer, ctx, memo)) roots.add(root);
  return roots;
}

/** @returns {import('vite').Plugin} */
function clientChunksPlugin() {
  /** @type {unknown} */
  let pass;
  /** @type {Map<string, Set<string>>} */
  let memo = new Map();
  /** @type {(id: string, ctx: any) => string | null} */
  const name = (id, ctx) => {
    if (REACT.test(id)) return 'react';
    // The graph is read anew for each chunking pass.
    if (ctx !== pass) {
      pass = ctx;
      memo = new Map();
    }
    const roots = [...rootsOf(id, ctx, memo)];
    if (roots.length > 0 && roots.every(isDashboardIsland)) return 'dashboard';
    return null;
  };
  return {
    name: 'client-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // A group takes only the modules it names, not what they import (the dashboard's islands
    // import shared modules that must stay where other pages find them). The bundler asks
    // then that an entry's file may export more than the entry.
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
    outputOptions: (output) => ({ ...output, codeSplitting: { groups: [{ name, includeDependenciesRecursively: false }] } }),
  };
}

/** @returns {import('astro').AstroIntegration} */
export default function clientChunks() {
  return {
    name: 'client-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [clientChunksPlugin()] } });
      },
    },
  };
}
