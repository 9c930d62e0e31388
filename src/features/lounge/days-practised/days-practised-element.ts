/**
 * `<days-practised>`: the switch of the dashboard's "Days practised" card (./DaysPractised.astro).
 * Off by default; the member's choice is kept in this browser (../shared/browser-storage.ts).
 * Turned on, it shows `<days-calendar>` and loads its code (./days-calendar-element.ts, a dynamic
 * import: none of it is downloaded while the switch is off); turned off, it hides it. No
 * framework: the card is static markup inside the dashboard's island.
 */
import { readStored, store } from '../shared/browser-storage';

/** Where the switch is kept ('on' or 'off'). */
export const DAYS_PRACTISED_KEY = 'ia:days-practised';

class DaysPractisedElement extends HTMLElement {
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

  #show(on: boolean) {
    const off = this.querySelector<HTMLElement>('[data-days-off]');
    const calendar = this.querySelector<HTMLElement>('days-calendar');
    if (!off || !calendar) return;
    off.hidden = on;
    calendar.hidden = !on;
    if (on) void import('./days-calendar-element').then((m) => m.defineDaysCalendar());
  }
}

/** Defines `<days-practised>` once. */
export function defineDaysPractised(): void {
  if (!customElements.get('days-practised')) customElements.define('days-practised', DaysPractisedElement);
}
