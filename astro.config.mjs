// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';
import cspInlineHashes from './integrations/csp-inline-hashes.mjs';
import serviceWorker from './integrations/service-worker.mjs';
import clientSignedIn from './integrations/client-signedin.mjs';
import clientChunks from './integrations/client-chunks.mjs';
import catalogueEntries from './integrations/catalogue-entries.mjs';
import { NETLIFY_UNUSED } from './scripts/netlify-offline.mjs';

// The canonical address for canonical and share URLs: SITE_URL, else the site's main address
// Netlify sets in URL at build time (so a deploy that forgets SITE_URL never shares localhost).
const site = process.env.SITE_URL || process.env.URL || 'http://localhost:4321';

/** The origin of a URL in an environment variable, or nothing when it is unset or invalid. */
/** @param {string | undefined} value */
const originOf = (value) => {
  try {
    return value ? [new URL(value.includes('://') ? value : `http://${value}`).origin] : [];
  } catch {
    return [];
  }
};

/**
 * Content-Security-Policy, as a meta tag per page: Astro hashes the scripts and styles it
 * emits, the csp-inline-hashes integration adds inline scripts. frame-ancestors cannot be set
 * in a meta tag: netlify.toml sends it as a header.
 */
const connectSources = [
  "'self'",
  'https://*.supabase.co',
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  ...originOf(process.env.PUBLIC_SUPABASE_URL),
  ...originOf(process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST),
];
const frameSources = ['https://*.firebaseapp.com', 'https://accounts.google.com', ...originOf(process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST)];

/** Pages that must not be indexed nor listed in the sitemap. */
const PRIVATE_PAGES = ['/dashboard', '/success', '/debug', '/coach', '/forgot-password', '/404'];

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Outside node_modules so two checkouts sharing one node_modules do not share a cache.
  cacheDir: './.astro-cache',
  integrations: [
    react(),
    clientSignedIn(),
    // Fewer, larger files for the browser: React in one, the dashboard's own islands in one.
    clientChunks(),
    // The access store's copy of the built-in catalogue, without what the browser never reads from it.
    catalogueEntries(),
    cspInlineHashes(),
    // After the hashes: the worker's version covers the member pages as they are served.
    serviceWorker(),
    sitemap({ filter: (page) => !PRIVATE_PAGES.some((p) => new URL(page).pathname.startsWith(p)) }),
  ],
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  prefetch: false,
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        `connect-src ${[...new Set(connectSources)].join(' ')}`,
        `frame-src ${frameSources.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  env: {
    schema: {
      PUBLIC_FEATURES_DISABLED: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_API_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_AUTH_DOMAIN: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_PROJECT_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_STORAGE_BUCKET: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_APP_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_MEASUREMENT_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_PODCAST_EMBED_URL: envField.string({ context: 'client', access: 'public', optional: true }),
    },
    validateSecrets: false,
  },
  vite: {
    cacheDir: './.astro-cache/vite',
    // The share images' renderer is a native addon: load it from node_modules as it is, never
    // pre-bundle it (the dev server's dependency optimiser cannot read a .node binary).
    optimizeDeps: { exclude: ['@resvg/resvg-js'] },
    ssr: { external: ['@resvg/resvg-js'], optimizeDeps: { exclude: ['@resvg/resvg-js'] } },
    plugins: [
      tailwindcss(),
      // Serves netlify/functions (and netlify.toml redirects and headers) under `astro dev`;
      // the build stays plain static.
      netlify(NETLIFY_UNUSED),
    ],
  },
});
