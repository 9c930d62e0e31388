/**
 * The owner's numbers (/coach/numbers), as rules with no SDK: the month asked for, the answer's
 * shape (GET /api/owner-numbers, from public.owner_numbers and public.owner_trend,
 * supabase/migrations/20261207000100_owner_numbers.sql, and public.owner_funnel,
 * 20261207100000_funnel.sql), how a count or an amount reads, the month's CSV, and the geometry
 * of the twelve months' small charts.
 *
 * Months are the business's: Europe/Berlin, the coach's zone (src/features/coaching/schedule.ts).
 * A count the database hides (1 to 4) arrives as null and reads "fewer than 5".
 */

export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

export const OWNER_MESSAGES = {
  notOwner: 'This page is for the owner. Sign in with the owner’s account to open it.',
  badMonth: 'Choose a month as YYYY-MM, for example 2026-03.',
  futureMonth: 'That month has not begun yet. Choose this month or an earlier one.',
} as const;

/** "fewer than 5": how a hidden count reads. */
export const FEWER_THAN_5 = 'fewer than 5';

/** The month now in Berlin, as YYYY-MM. */
export function currentMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = parts.find((p) => p.type === 'month')?.value;
  return `${year}-${month}`;
}

/** The month asked for (YYYY-MM, from 2020 on), or why not: malformed, or one that has not begun in Berlin. Empty means this month. */
export function checkMonth(text: string | null | undefined, now: Date = new Date()): { ok: true; month: string } | { ok: false; error: string } {
  const value = (text ?? '').trim();
  if (value === '') return { ok: true, month: currentMonth(now) };
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!m || Number(m[1]) < 2020) return { ok: false, error: OWNER_MESSAGES.badMonth };
  if (value > currentMonth(now)) return { ok: false, error: OWNER_MESSAGES.futureMonth };
  return { ok: true, month: value };
}

/** The month before YYYY-MM. */
export function monthBefore(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** "March 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 15));
}

/** "Mar": the month's short name. */
export function monthShort(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 15));
}

// The answer --------------------------------------------------------------------------------
export type Count = number | null;
export type Amount = { currency: string; amount: number };

export interface Money {
  month: string;
  as_of: string;
  mrr: Amount[];
  mrr_by_plan: { price_id: string | null; tier: string | null; currency: string | null; interval: string | null; members: Count; mrr: number | null; unpriced: Count }[];
  one_time: { product: 'apps' | 'course' | 'founding'; currency: string; sold: Count; gross: number; refunds: Count; refunded: number; lost_disputes: Count; disputed: number; net: number }[];
  new_paying: Count;
  cancellations: Count;
  churn: { paying_30_days_before: Count; lost: Count; rate: number | null };
}

export interface MonthNumbers {
  month: string;
  zone: string;
  money: Money;
  money_before: Money;
  members: { by_tier: Record<'Explorer' | 'Adventurer' | 'Alchemist' | 'Founding', Count>; total: Count; sign_ups: Count; verified: Count };
  coaching: { sessions_held: Count; seats_offered: Count; seats_taken: Count; came: Count };
  course: { members_opened: Count; lessons_completed: Count; members_finished: Count; lessons: number };
  lounge: Record<LoungeApp | 'any', Count>;
}

export interface TrendMonth {
  month: string;
  mrr: Amount[];
  one_time_net: Amount[];
  paying: Count;
  sign_ups: Count;
}

/** The funnel's steps, counted for the month overall and by utm_source. */
export interface FunnelSteps {
  visits: Count;
  journeys_started: Count;
  journeys_finished: Count;
  signups: Count;
  purchases: Count;
}

/**
 * The month's funnel counted without cookies (public.owner_funnel, docs/decisions/funnel.md):
 * `visitors` is the days' visitors added up (the hash changes daily, so a visitor on two days is
 * two); `by_source` null is the visits with no utm_source, the sign-ups made on a page without
 * one and the purchases of members whose sign-up had none.
 */
export interface Funnel extends FunnelSteps {
  visitors: Count;
  by_source: (FunnelSteps & { source: string | null })[];
  top_pages: { path: string; visits: Count }[];
  top_referrers: { host: string; visits: Count }[];
}

/** GET /api/owner-numbers: the month's numbers, the twelve months' trend, the month's funnel. */
export interface OwnerNumbers {
  month: string;
  numbers: MonthNumbers;
  trend: TrendMonth[];
  funnel: Funnel;
}

/** The funnel's steps as the page and the CSV name them, in order. */
export const FUNNEL_STEPS: readonly { key: keyof FunnelSteps; name: string }[] = [
  { key: 'visits', name: 'Visits (page views)' },
  { key: 'journeys_started', name: 'Journeys started' },
  { key: 'journeys_finished', name: 'Journeys finished' },
  { key: 'signups', name: 'Sign-ups' },
  { key: 'purchases', name: 'Purchases' },
];

/** The visitors' line, saying how they are counted. */
export const VISITORS_NAME = 'Visitors (each day’s visitors added up)';

/** A source as the owner reads it: the visits with no utm_source are "No campaign". */
export const sourceName = (source: string | null): string => source ?? 'No campaign (no utm_source)';

export const LOUNGE_APPS = ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room'] as const;
export type LoungeApp = (typeof LOUNGE_APPS)[number];
export const LOUNGE_NAMES: Record<LoungeApp, string> = {
  stillpoint: 'Stillpoint',
  'the-bloom-book': 'The Bloom Book',
  'whispers-before-sleep': 'Whispers Before Sleep',
  'rise-mode': 'Rise Mode',
  mindstage: 'Mindstage',
  'the-reset-room': 'The Reset Room',
};
export const PRODUCT_NAMES: Record<Money['one_time'][number]['product'], string> = { apps: 'Apps', course: 'The Master Alchemist Course', founding: 'Founding Membership' };
export const TIER_ORDER = ['Explorer', 'Adventurer', 'Alchemist', 'Founding'] as const;

// Reading ----------------------------------------------------------------------------------
/** A count as the owner reads it. */
export const countText = (n: Count): string => (n === null ? FEWER_THAN_5 : n.toLocaleString('en-US'));

/** An amount in the currency's smallest unit: "$1,234.50" (two decimals where there are cents). */
export function moneyText(amount: number, currency: string): string {
  const major = amount / 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: Number.isInteger(major) ? 0 : 2 }).format(major);
}

/** Amounts in their currencies ("$862", "$0" when there is none). */
export const amountsText = (amounts: Amount[]): string => (amounts.length ? amounts.map((a) => moneyText(a.amount, a.currency)).join(' + ') : moneyText(0, 'usd'));

/** A share: "25.0%", or a hidden one. */
export const rateText = (rate: number | null): string => (rate === null ? 'not shown (fewer than 5 either side)' : `${rate.toFixed(1)}%`);

/** A plan's name: its tier and how often it is billed. */
export function planName(plan: Money['mrr_by_plan'][number]): string {
  const every = plan.interval === 'year' ? 'yearly' : plan.interval === 'month' ? 'monthly' : (plan.interval ?? 'price unknown');
  return `${plan.tier ?? 'No plan'} (${every})`;
}

// The CSV ----------------------------------------------------------------------------------
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
/** Text a visitor chose (a utm_source) never starts a cell as a spreadsheet formula. */
const csvText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const csvCount = (n: Count) => (n === null ? FEWER_THAN_5 : n);
const csvMoney = (amount: number) => (amount / 100).toFixed(2);

/** The month as a CSV: section, figure, this month, the month before (money), currency; the funnel's rows last. */
export function numbersCsv(data: MonthNumbers, funnel: Funnel): string {
  const { money, money_before: before } = data;
  const lines: (string | number)[][] = [['section', 'figure', data.month, monthBefore(data.month), 'currency']];
  const currencies = [...new Set([...money.mrr, ...before.mrr].map((a) => a.currency))];
  for (const c of currencies.length ? currencies : ['usd']) {
    const of = (list: Amount[]) => csvMoney(list.find((a) => a.currency === c)?.amount ?? 0);
    lines.push(['money', 'MRR at the month’s end', of(money.mrr), of(before.mrr), c]);
  }
  for (const plan of money.mrr_by_plan) {
    lines.push(['money', `MRR ${planName(plan)}`, plan.mrr === null ? '' : csvMoney(plan.mrr), '', plan.currency ?? '']);
    lines.push(['money', `paying members ${planName(plan)}`, csvCount(plan.members), '', '']);
  }
  const products = [...new Set([...money.one_time, ...before.one_time].map((o) => `${o.product}|${o.currency}`))];
  for (const key of products) {
    const [product, currency] = key.split('|') as [Money['one_time'][number]['product'], string];
    const now = money.one_time.find((o) => o.product === product && o.currency === currency);
    const then = before.one_time.find((o) => o.product === product && o.currency === currency);
    const name = PRODUCT_NAMES[product];
    lines.push(['money', `${name}: sold`, csvCount(now?.sold ?? 0), csvCount(then?.sold ?? 0), '']);
    lines.push(['money', `${name}: gross`, csvMoney(now?.gross ?? 0), csvMoney(then?.gross ?? 0), currency]);
    lines.push(['money', `${name}: refunded`, csvMoney(now?.refunded ?? 0), csvMoney(then?.refunded ?? 0), currency]);
    lines.push(['money', `${name}: lost in disputes`, csvMoney(now?.disputed ?? 0), csvMoney(then?.disputed ?? 0), currency]);
    lines.push(['money', `${name}: net`, csvMoney(now?.net ?? 0), csvMoney(then?.net ?? 0), currency]);
  }
  lines.push(['money', 'new paying members', csvCount(money.new_paying), csvCount(before.new_paying), '']);
  lines.push(['money', 'cancellations', csvCount(money.cancellations), csvCount(before.cancellations), '']);
  lines.push(['money', 'churn (%)', money.churn.rate ?? '', before.churn.rate ?? '', '']);
  for (const tier of TIER_ORDER) lines.push(['members', `${tier} at the month’s end`, csvCount(data.members.by_tier[tier]), '', '']);
  lines.push(['members', 'sign-ups', csvCount(data.members.sign_ups), '', '']);
  lines.push(['members', 'sign-ups verified', csvCount(data.members.verified), '', '']);
  lines.push(['coaching', 'sessions held', csvCount(data.coaching.sessions_held), '', '']);
  lines.push(['coaching', 'seats offered', csvCount(data.coaching.seats_offered), '', '']);
  lines.push(['coaching', 'seats taken', csvCount(data.coaching.seats_taken), '', '']);
  lines.push(['coaching', 'registrants who came', csvCount(data.coaching.came), '', '']);
  lines.push(['course', 'members who opened a lesson', csvCount(data.course.members_opened), '', '']);
  lines.push(['course', 'lessons completed', csvCount(data.course.lessons_completed), '', '']);
  lines.push(['course', 'members who finished', csvCount(data.course.members_finished), '', '']);
  for (const app of LOUNGE_APPS) lines.push(['lounge', `${LOUNGE_NAMES[app]}: members who practised`, csvCount(data.lounge[app]), '', '']);
  lines.push(['lounge', 'any app: members who practised', csvCount(data.lounge.any), '', '']);
  lines.push(['funnel', FUNNEL_STEPS[0]!.name, csvCount(funnel.visits), '', '']);
  lines.push(['funnel', VISITORS_NAME, csvCount(funnel.visitors), '', '']);
  for (const step of FUNNEL_STEPS.slice(1)) lines.push(['funnel', step.name, csvCount(funnel[step.key]), '', '']);
  for (const row of funnel.by_source) {
    for (const step of FUNNEL_STEPS) lines.push(['funnel by source', csvText(`${sourceName(row.source)}: ${step.name}`), csvCount(row[step.key]), '', '']);
  }
  for (const page of funnel.top_pages) lines.push(['top pages', page.path, csvCount(page.visits), '', '']);
  for (const referrer of funnel.top_referrers) lines.push(['top referrers', referrer.host, csvCount(referrer.visits), '', '']);
  return lines.map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}

export const csvFileName = (month: string) => `inner-alchemy-numbers-${month}.csv`;

// The charts -------------------------------------------------------------------------------
export interface Bar {
  month: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** null: the count is hidden (drawn as no bar, said in the text). */
  value: number | null;
}

/**
 * Bars for twelve values in a width × height box (the tallest fills it; negatives are drawn as
 * nothing, the text says them), with the month under each.
 */
export function bars(values: { month: string; value: number | null }[], width: number, height: number): Bar[] {
  const top = Math.max(1, ...values.map((v) => v.value ?? 0));
  const slot = width / Math.max(1, values.length);
  return values.map((v, i) => {
    const h = v.value !== null && v.value > 0 ? Math.max(1, Math.round((v.value / top) * height)) : 0;
    return { month: v.month, x: Math.round(i * slot + slot * 0.15), y: height - h, width: Math.max(1, Math.round(slot * 0.7)), height: h, value: v.value };
  });
}
