// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import noImportCycle from './scripts/lint/no-import-cycle.mjs';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const abs = (/** @type {string} */ p) => path.join(root, p);
const dirsIn = (/** @type {string} */ folder) =>
  existsSync(abs(folder)) ? readdirSync(abs(folder), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];

/**
 * The house (docs/decisions/layers.md): src/pages and src/site compose features; each folder of
 * src/features is a feature, and so is each app of the Lounge (src/features/lounge/<app>, beside
 * the Lounge's own shared/ parts); src/core is what several features use. Read from the folders
 * when ESLint starts, so a feature or an app that arrives is covered without touching this file.
 */
const FEATURES = dirsIn('src/features').filter((f) => f !== 'lounge');
const LOUNGE_APPS = dirsIn('src/features/lounge').filter((f) => f !== 'shared');
/** The one module of the Lounge that imports its apps: what each app puts on its pages, for the pages. */
const LOUNGE_APP_PAGES = 'app-pages.ts';
/** The files of the Lounge that are not an app's: its shared parts and its top-level modules (but LOUNGE_APP_PAGES). */
const LOUNGE_COMMON = [
  abs('src/features/lounge/shared/**'),
  ...(existsSync(abs('src/features/lounge')) ? readdirSync(abs('src/features/lounge'), { withFileTypes: true }) : [])
    .filter((e) => e.isFile() && e.name !== LOUNGE_APP_PAGES)
    .map((e) => abs(`src/features/lounge/${e.name}`)),
];
/** Each feature's server half (src/features/<feature>/server): the functions' code, never the browser's. */
const SERVER_FEATURES = dirsIn('src/features').filter((f) => existsSync(abs(`src/features/${f}/server`)));
/** A feature's files and folders but its server half. */
const browserSide = (/** @type {string} */ feature) =>
  readdirSync(abs(`src/features/${feature}`)).filter((name) => name !== 'server').map((name) => abs(`src/features/${feature}/${name}`));
/** The only modules that load an SDK in the browser. */
const SDK_MODULES = ['src/core/db/client.ts', 'src/core/session/firebase.ts'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', '.astro/**', '.astro-cache/**', '.netlify/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // An island reads a store as the server rendered it while React hydrates, then the store's
    // own value: another island may have signed the member in or loaded their data first, and a
    // first render that differs from the page's HTML is a hydration error (React's #418).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useStore']:not(:has(Property[key.name='ssr']))",
          message: "Read a store in an island with useStore(store, { ssr: 'initial' }): hydration must render what the server rendered.",
        },
      ],
    },
  },
  {
    // One direction of imports: no module reaches itself again through its imports (dynamic
    // imports count: a lazy import back is still a circle), and the zones of the layers.
    files: ['**/*.{ts,tsx,mts,mjs,astro}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '.astro'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: abs('src/core'),
              from: [abs('src/features'), abs('src/site'), abs('src/pages'), abs('netlify')],
              message: 'src/core is what several features use: it imports no feature, no page and no function.',
            },
            ...FEATURES.map((feature) => ({
              target: abs(`src/features/${feature}`),
              from: [abs('src/features'), abs('src/site'), abs('src/pages')],
              except: [`./${feature}`],
              message: 'A feature imports no other feature, page or site module: move what two features need to src/core.',
            })),
            {
              target: abs('src/features/lounge'),
              from: [abs('src/features'), abs('src/site'), abs('src/pages')],
              except: ['./lounge'],
              message: 'The Lounge imports no other feature, page or site module: move what two features need to src/core.',
            },
            ...LOUNGE_APPS.map((app) => ({
              target: abs(`src/features/lounge/${app}`),
              from: LOUNGE_APPS.filter((other) => other !== app).map((other) => abs(`src/features/lounge/${other}`)),
              message: 'Lounge apps never import each other: move what both need to src/features/lounge/shared.',
            })),
            {
              target: LOUNGE_COMMON,
              from: LOUNGE_APPS.map((app) => abs(`src/features/lounge/${app}`)),
              message: `The Lounge's shared parts import no app (only ${LOUNGE_APP_PAGES} does, for the pages).`,
            },
            {
              target: abs('scripts'),
              from: [abs('tests')],
              message: 'scripts/ never imports from tests/: what both use lives in local-platform/.',
            },
            {
              target: abs('local-platform'),
              from: [abs('tests'), abs('scripts')],
              message: 'The local platform imports no test and no npm script: they start it, never the other way.',
            },
            {
              target: abs('netlify'),
              from: [abs('src/site'), abs('src/pages')],
              message: 'Functions import rules (src/core, a feature), never a page or the site shell.',
            },
            {
              target: abs('netlify/functions/_shared'),
              from: [abs('src/features'), abs('netlify/functions/_registry')],
              message: "The functions' shared platform imports no feature: a feature's server half lives in src/features/<feature>/server and is given what it needs (the outbox its preparers through netlify/functions/_registry).",
            },
            // Browser code (the core, the site, the pages, a feature's islands, stores and rules) never
            // reaches a server module (another feature's is kept out by the zones above).
            ...SERVER_FEATURES.map((feature) => ({
              target: [abs('src/core'), abs('src/site'), abs('src/pages'), ...browserSide(feature)],
              from: abs(`src/features/${feature}/server`),
              message: "Only the functions and the feature's own server half import its server/ modules: they hold the service's clients and never ship to the browser.",
            })),
          ],
        },
      ],
      // Every kind of import counts, type-only ones included (import-x's no-cycle skips those).
      'local/no-import-cycle': 'error',
    },
  },
  {
    // Only two modules load an SDK in the browser; everything else calls them.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: [...SDK_MODULES, 'src/features/*/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase', 'firebase/*', '@supabase/*', 'stripe'], message: `Only ${SDK_MODULES.join(' and ')} load an SDK.` }] },
      ],
    },
  },
  {
    // Pure rules: a feature's or the core's plain modules import no framework, store or SDK.
    // The others say what they are in their names: store.ts / *-store.ts (nanostores),
    // *-actions.ts (what changes a store), api.ts / *-api.ts (calls), use*.ts (React hooks),
    // *-element.ts (custom elements), content.ts (build-time content), client.ts and
    // firebase.ts (the SDKs).
    files: ['src/core/**/*.ts', 'src/features/**/*.ts'],
    ignores: ['src/features/*/server/**', '**/store.ts', '**/*-store.ts', '**/*-actions.ts', '**/api.ts', '**/*-api.ts', '**/use*.ts', '**/*-element.ts', '**/content.ts', ...SDK_MODULES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['firebase', 'firebase/*', '@supabase/*', 'stripe', 'react', 'react-dom', 'nanostores', '@nanostores/*', 'astro:*'], message: 'A pure rule module imports no SDK, framework, store or Astro module (name it store.ts, api.ts, use*.ts or content.ts if it is one).' },
            { group: ['**/store', '**/*-store', '**/*-actions', '**/api', '**/*-api', '**/client', '**/firebase'], message: 'A pure rule module calls no store or service.' },
          ],
        },
      ],
    },
  },
);
