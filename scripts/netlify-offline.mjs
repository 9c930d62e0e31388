/**
 * The Netlify platform features the site does not use, switched off wherever Netlify's local
 * emulation runs (`astro dev`'s Vite plugin, `npm start`'s server): edge functions would try to
 * download Deno, and there is no image CDN, blobs, database, AI gateway or geolocation to serve.
 */
export const NETLIFY_UNUSED = {
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
};
