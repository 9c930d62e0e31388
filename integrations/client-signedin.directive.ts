/**
 * The `client:signedin` directive itself (bundled by Astro into each page that uses it).
 * Hydrates now when the signed-in hint is in local storage, otherwise on the first
 * "signed in" event of this page, or when the page asks (a `HYDRATE_EVENT` on the island),
 * otherwise never.
 *
 * `client:signedin="shown"`: the same, but only once the island is displayed, for islands that
 * a screen size or a closed menu hides (the navigation's account corner exists twice, for the
 * wide bar and inside the phone's menu, and only one is ever shown): until then it costs the
 * page neither its script nor its render. An IntersectionObserver tells: an element under a
 * `display: none` ancestor (a closed popover, a `md:block` bar on a phone) has no box and never
 * intersects; once shown, it does, a frame later.
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

/** Calls `go` once `el` is displayed (`astro-island` itself is `display: contents`: its parent has the box). */
function whenShown(el: HTMLElement, go: () => void): void {
  const box = el.parentElement ?? el;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      go();
    },
    { rootMargin: '200px' },
  );
  observer.observe(box);
}

const signedIn: ClientDirective = (load, options, el) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    (await load())();
  };
  const start = () => (options.value === 'shown' ? whenShown(el, () => void hydrate()) : void hydrate());
  if (hasHint()) {
    start();
    return;
  }
  window.addEventListener(SIGNED_IN_EVENT, start, { once: true });
  el.addEventListener(HYDRATE_EVENT, start, { once: true });
};

export default signedIn;
