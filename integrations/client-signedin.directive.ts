/**
 * The `client:signedin` directive itself (bundled by Astro into each page that uses it).
 * Hydrates now when the signed-in hint is in local storage, otherwise on the first
 * "signed in" event of this page, otherwise never.
 */
import type { ClientDirective } from 'astro';
import { SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../src/core/session/hint';

const hasHint = (): boolean => {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
};

const signedIn: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  if (hasHint()) {
    void hydrate();
    return;
  }
  window.addEventListener(SIGNED_IN_EVENT, () => void hydrate(), { once: true });
};

export default signedIn;
