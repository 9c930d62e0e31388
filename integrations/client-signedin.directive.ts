/**
 * The `client:signedin` directive itself (bundled by Astro into each page that uses it).
 * Hydrates now when the signed-in hint is in local storage, otherwise on the first
 * "signed in" event of this page, or when the page asks (a `HYDRATE_EVENT` on the island),
 * otherwise never.
 */
import type { ClientDirective } from 'astro';
import { HYDRATE_EVENT, SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../src/core/session/hint';

const hasHint = (): boolean => {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
};

const signedIn: ClientDirective = (load, _options, el) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    (await load())();
  };
  if (hasHint()) {
    void hydrate();
    return;
  }
  window.addEventListener(SIGNED_IN_EVENT, () => void hydrate(), { once: true });
  el.addEventListener(HYDRATE_EVENT, () => void hydrate(), { once: true });
};

export default signedIn;
