/**
 * `astro:env/client` outside Astro: vitest has no Astro build to generate the virtual module, so
 * the browser modules that read their public settings from it (src/core/session/store.ts,
 * src/core/db/client.ts, ...) read them here, from the process environment as a build would
 * (unset in the tests unless a test sets them before importing).
 */
const env = (name: string): string | undefined => process.env[name] || undefined;

export const PUBLIC_FEATURES_DISABLED = env('PUBLIC_FEATURES_DISABLED');
export const PUBLIC_SUPABASE_URL = env('PUBLIC_SUPABASE_URL');
export const PUBLIC_SUPABASE_ANON_KEY = env('PUBLIC_SUPABASE_ANON_KEY');
export const PUBLIC_FIREBASE_API_KEY = env('PUBLIC_FIREBASE_API_KEY');
export const PUBLIC_FIREBASE_AUTH_DOMAIN = env('PUBLIC_FIREBASE_AUTH_DOMAIN');
export const PUBLIC_FIREBASE_PROJECT_ID = env('PUBLIC_FIREBASE_PROJECT_ID');
export const PUBLIC_FIREBASE_STORAGE_BUCKET = env('PUBLIC_FIREBASE_STORAGE_BUCKET');
export const PUBLIC_FIREBASE_APP_ID = env('PUBLIC_FIREBASE_APP_ID');
export const PUBLIC_FIREBASE_MEASUREMENT_ID = env('PUBLIC_FIREBASE_MEASUREMENT_ID');
export const PUBLIC_FIREBASE_AUTH_EMULATOR_HOST = env('PUBLIC_FIREBASE_AUTH_EMULATOR_HOST');
export const PUBLIC_PODCAST_EMBED_URL = env('PUBLIC_PODCAST_EMBED_URL');
