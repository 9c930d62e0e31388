// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const abs = (/** @type {string} */ p) => path.join(root, p);

/**
 * The feature folders (CONTRACTS and ../shared/design.md): the course, and one folder per
 * lounge app. The apps are read from src/lounge at lint time, with the six the routes name,
 * so a folder that arrives is covered without touching this file.
 */
const LOUNGE_APPS = ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room'];
const loungeApps = new Set(LOUNGE_APPS);
if (existsSync(abs('src/lounge'))) {
  for (const entry of readdirSync(abs('src/lounge'), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'shared') loungeApps.add(entry.name);
  }
}
const FEATURE_FOLDERS = ['src/course', ...[...loungeApps].map((app) => `src/lounge/${app}`)];
/** The shared layers: they serve every feature and import none. */
const SHARED_LAYERS = ['src/lib', 'src/services', 'src/stores', 'src/islands/shared', 'src/lounge/shared'];

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
    // One direction of imports: no module reaches itself again through its imports (dynamic
    // imports count: a lazy import back is still a circle), and the zones of the layers.
    files: ['**/*.{ts,tsx,mts,astro}'],
    plugins: { 'import-x': importX },
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
              target: abs('src/lib'),
              from: [abs('src/**'), abs('netlify/**')],
              except: [abs('src/lib/**')],
              message: 'src/lib is pure logic and imports no other layer.',
            },
            {
              target: SHARED_LAYERS.map(abs),
              from: [abs('src/course/**'), abs('src/lounge/*/**')],
              except: [abs('src/lounge/shared/**')],
              message: 'A shared layer never imports a feature folder (src/course, src/lounge/<app>).',
            },
            ...FEATURE_FOLDERS.map((folder) => ({
              target: abs(folder),
              from: FEATURE_FOLDERS.filter((other) => other !== folder).map(abs),
              message: 'Feature folders never import each other: move what both need to a shared layer.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The layers: pure logic imports no SDK, no DOM helpers, no other layer.
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['firebase', 'firebase/*', '@supabase/*', 'stripe', 'react', 'react-dom', 'nanostores', 'astro:*'], message: 'src/lib is pure logic: no SDK, framework or Astro import.' },
            { group: ['../services/*', '../stores/*', '../islands/*', '../components/*'], message: 'src/lib imports nothing from the other layers.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/components/**/*', 'src/pages/**/*', 'src/stores/**/*'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase', 'firebase/*', '@supabase/*', 'stripe'], message: 'Only src/services touches SDKs.' }] },
      ],
    },
  },
);
