// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
