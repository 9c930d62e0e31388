/**
 * What the Lounge keeps in this browser only (local storage): the streak setting, and what a
 * visitor writes in a preview. Where storage is unavailable (a private window, blocked site
 * data) nothing is kept and nothing fails: the value lasts as long as the page.
 */

/** The value kept under `key`, or null. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The JSON value kept under `key`, or null (none, unreadable, or storage unavailable). */
export function readStoredJson<T>(key: string): T | null {
  try {
    return JSON.parse(readStored(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, where the browser allows it. */
export function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value lasts as long as the page */
  }
}
