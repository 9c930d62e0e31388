/**
 * `<days-calendar>`: the days-practised calendar, loaded only once the member turns it on
 * (./days-practised-element.ts). Each time it is shown it reads the member's own rows (./api.ts,
 * as the signed-in member) and draws the last five weeks, Monday first, in the member's own
 * days (./days.ts): a table a screen reader reads day by day (each cell says its date and what
 * was practised, in words), a tick on a practised day as well as its colour. A failed read says
 * so, with Try again. Plain DOM: the dashboard loads no framework code for it.
 */
import { $session } from '../../../core/session/store';
import type { Session } from '../../../core/session/user';
import { dayIn } from '../shared/local-day';
import { fetchPractice } from './api';
import { dayGrid, dayText, gridRange, practisedCount, practisedDays, WEEKS, type GridDay } from './days';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** An element with its classes, attributes and children. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function dayCell(cell: GridDay): HTMLTableCellElement {
  const done = cell.practised.length > 0;
  const mark = el(
    'span',
    {
      class: `mx-auto grid size-10 place-items-center rounded-xl text-sm ${done ? 'bg-sage-100 font-semibold text-plum-900' : 'text-ink-soft'}${cell.today ? ' ring-2 ring-plum-700' : ''}`,
      'aria-hidden': 'true',
      ...(cell.future ? {} : { title: dayText(cell) }),
    },
    cell.future ? '' : done ? '✓' : String(Number(cell.day.slice(8))),
  );
  return el('td', { class: 'p-0.5 text-center', 'data-day': cell.day, ...(cell.future ? {} : { 'data-practised': done ? 'yes' : 'no' }) }, mark, el('span', { class: 'sr-only' }, dayText(cell)));
}

/** The calendar's content for a grid: the count, the table, the key. */
export function calendarNodes(grid: GridDay[][]): Node[] {
  const { practised, days } = practisedCount(grid);
  const summary = el(
    'p',
    { class: 'text-ink', 'data-days-count': String(practised) },
    practised === 0
      ? `No practice in the last ${WEEKS} weeks yet. Any day you open a Lounge app or finish a lesson will show here.`
      : `You practised on ${practised} of the last ${days} days.`,
  );
  const head = el('tr', {}, ...WEEKDAYS.map(([short, long]) => el('th', { scope: 'col', class: 'pb-1 text-xs font-medium text-ink-soft' }, el('abbr', { title: long, class: 'no-underline' }, short))));
  const table = el(
    'table',
    { class: 'mt-3 border-separate border-spacing-0' },
    el('caption', { class: 'sr-only' }, `Days you practised, the last ${WEEKS} weeks, Monday to Sunday`),
    el('thead', {}, head),
    el('tbody', {}, ...grid.map((week) => el('tr', {}, ...week.map(dayCell)))),
  );
  const key = el(
    'p',
    { class: 'mt-3 text-xs text-ink-soft' },
    '✓ a day you used Stillpoint, The Bloom Book, Rise Mode, Mindstage or The Reset Room, or completed a lesson. Days are your own, in your time zone.',
  );
  return [summary, table, key];
}

class DaysCalendarElement extends HTMLElement {
  static observedAttributes = ['hidden'];
  #reading = 0;

  connectedCallback() {
    if (!this.hidden) void this.#read();
  }

  attributeChangedCallback() {
    if (this.isConnected && !this.hidden) void this.#read();
  }

  /** The signed-in member's id, once the session is known (null when signed out). */
  #memberId(): Promise<string | null> {
    return new Promise((resolve) => {
      let stop: (() => void) | null = null;
      const check = (session: Session) => {
        if (session.status === 'unknown') return false;
        resolve(session.status === 'signedIn' ? session.user.id : null);
        return true;
      };
      if (check($session.get())) return;
      stop = $session.listen((session) => {
        if (check(session)) stop?.();
      });
    });
  }

  async #read() {
    const reading = ++this.#reading;
    this.replaceChildren(el('p', { class: 'text-ink-soft', role: 'status' }, 'Loading your days…'));
    const id = await this.#memberId();
    if (!id || reading !== this.#reading) return;
    const today = dayIn(new Date());
    const { data, error } = await fetchPractice(id, gridRange(today).first);
    if (reading !== this.#reading) return;
    if (error || !data) {
      const retry = el('button', { type: 'button', class: 'btn btn-outline mt-4' }, 'Try again');
      retry.onclick = () => void this.#read();
      this.replaceChildren(el('div', { role: 'alert' }, el('p', {}, 'Your days could not be loaded just now.'), retry));
      return;
    }
    this.replaceChildren(...calendarNodes(dayGrid(today, practisedDays(data))));
  }
}

/** Defines `<days-calendar>` once (an element already on the page comes alive). */
export function defineDaysCalendar(): void {
  if (!customElements.get('days-calendar')) customElements.define('days-calendar', DaysCalendarElement);
}
