/** Third-party embeds: which script URLs a page may load, and from which origin. */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface EmbedScript {
  /** The script URL, normalised. */
  src: string;
  /** Its origin, for the page's Content-Security-Policy. */
  origin: string;
}

/**
 * An embed script URL and its origin, or null when the value is missing or unsafe: only https
 * URLs are accepted (plain http only on the loopback address, for local testing), and never
 * URLs carrying credentials.
 */
export function parseEmbedScript(value: string | undefined | null): EmbedScript | null {
  if (!value?.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  return secure ? { src: url.href, origin: url.origin } : null;
}
