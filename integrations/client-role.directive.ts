/**
 * The `client:role` directive (`client:role="owner"`), for a page only one role opens (/coach,
 * /coach/numbers): the island hydrates only where the browser holds the signed-in hint and the
 * member's ID token carries the role's claim (src/core/session/role-hint.ts). For anyone else it
 * loads nothing; for a signed-in member without the claim the island is marked
 * `data-role-missing`, and the page's own HTML says whose page it is (src/site/RoleGate.astro).
 * A directive of its own, so the pages of `client:signedin` (all of them) carry none of this.
 */
import type { ClientDirective } from 'astro';
import { SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../src/core/session/hint';
import { holdsRole } from '../src/core/session/role-hint';

const hasHint = (): boolean => {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
};

const role: ClientDirective = (load, options, el) => {
  const claim = String(options.value);
  const hydrate = async () => {
    if (!holdsRole(claim)) {
      el.setAttribute('data-role-missing', '');
      return;
    }
    (await load())();
  };
  if (hasHint()) void hydrate();
  else window.addEventListener(SIGNED_IN_EVENT, () => void hydrate(), { once: true });
};

export default role;
