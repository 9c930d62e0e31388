/**
 * `<days-practised>`: the switch of the dashboard's "Days practised" card (./DaysPractised.astro).
 * Off by default; the member's choice is kept in this browser (../shared/browser-storage.ts).
 * Turned on, it loads the calendar (./mount-calendar.tsx, a dynamic import: none of its code is
 * downloaded while the switch is off) into the card; turned off, it takes it away. No framework
 * here: the card is static markup inside the dashboard's island.
 */
import { readStored, store } from '../shared/browser-storage';

export const TAG = 'days-practised';
/** Where the switch is kept ('on' or 'off'). */
export const DAYS_PRACTISED_KEY = 'ia:days-practised';

class DaysPractisedElement extends HTMLElement {
  #unmount: (() => void) | null = null;
  #opening = 0;

  connectedCallback() {
    const box = this.querySelector<HTMLInputElement>('[data-days-switch]');
    if (!box) return;
    box.checked = readStored(DAYS_PRACTISED_KEY) === 'on';
    box.onchange = () => {
      store(DAYS_PRACTISED_KEY, box.checked ? 'on' : 'off');
      this.#show(box.checked);
    };
    this.#show(box.checked);
  }

  disconnectedCallback() {
    this.#show(false);
  }

  #show(on: boolean) {
    const off = this.querySelector<HTMLElement>('[data-days-off]');
    const mount = this.querySelector<HTMLElement>('[data-days-calendar]');
    if (!off || !mount) return;
    off.hidden = on;
    mount.hidden = !on;
    const opening = ++this.#opening;
    this.#unmount?.();
    this.#unmount = null;
    if (!on) return;
    mount.innerHTML = '<p class="text-ink-soft" role="status">Loading your days…</p>';
    void import('./mount-calendar').then(
      ({ mountCalendar }) => {
        // Turned off (or on again) while the code was on its way: this opening is over.
        if (opening === this.#opening) this.#unmount = mountCalendar(mount);
      },
      () => {
        if (opening === this.#opening) mount.innerHTML = '<p class="text-rose-600" role="alert">The calendar could not be opened just now. Turn it off and on again to retry.</p>';
      },
    );
  }
}

/** Defines `<days-practised>` once. */
export function defineDaysPractised(): void {
  if (!customElements.get(TAG)) customElements.define(TAG, DaysPractisedElement);
}
