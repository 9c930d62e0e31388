/** The owner's page rules (src/features/owner/owner-rules.ts): the month asked for, how numbers read, the CSV, the bars. */
import { describe, expect, it } from 'vitest';
import { bars, checkMonth, countText, currentMonth, moneyText, numbersCsv, OWNER_MESSAGES, rateText, type Funnel, type MonthNumbers, type Money } from '../../src/features/owner/owner-rules';

describe('the month', () => {
  it('is Berlin’s: across the end of March (CEST) and of October (CET)', () => {
    expect(currentMonth(new Date('2026-03-31T21:59:00Z'))).toBe('2026-03');
    expect(currentMonth(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04');
    expect(currentMonth(new Date('2026-10-31T22:59:00Z'))).toBe('2026-10');
    expect(currentMonth(new Date('2026-10-31T23:00:00Z'))).toBe('2026-11');
  });

  it('is this month when none is asked for, a past or this month by name, and nothing else', () => {
    const now = new Date('2026-03-31T22:30:00Z');
    expect(checkMonth(null, now)).toEqual({ ok: true, month: '2026-04' });
    expect(checkMonth(' 2026-04 ', now)).toEqual({ ok: true, month: '2026-04' });
    expect(checkMonth('2020-01', now)).toEqual({ ok: true, month: '2020-01' });
    expect(checkMonth('2026-05', now)).toEqual({ ok: false, error: OWNER_MESSAGES.futureMonth });
    for (const bad of ['2026-4', '2026-13', '2019-12', 'April', '2026-04-01']) expect(checkMonth(bad, now)).toEqual({ ok: false, error: OWNER_MESSAGES.badMonth });
  });
});

describe('reading the numbers', () => {
  it('a hidden count reads “fewer than 5”, money in dollars, a hidden share says why', () => {
    expect(countText(null)).toBe('fewer than 5');
    expect(countText(0)).toBe('0');
    expect(countText(1234)).toBe('1,234');
    expect(moneyText(86200, 'usd')).toBe('$862');
    expect(moneyText(5750, 'usd')).toBe('$57.50');
    expect(moneyText(-69000, 'usd')).toBe('-$690');
    expect(rateText(25)).toBe('25.0%');
    expect(rateText(null)).toMatch(/fewer than 5/);
  });

  it('bars: the tallest fills the box, a hidden or negative value draws nothing', () => {
    const drawn = bars(
      [
        { month: '2026-01', value: 50 },
        { month: '2026-02', value: 100 },
        { month: '2026-03', value: null },
        { month: '2026-04', value: -10 },
      ],
      200,
      60,
    );
    expect(drawn.map((b) => b.height)).toEqual([30, 60, 0, 0]);
    expect(drawn.map((b) => b.y)).toEqual([30, 0, 60, 60]);
    expect(drawn[1]!.x).toBeGreaterThan(drawn[0]!.x);
  });
});

describe('the CSV of a month', () => {
  const money = (over: Partial<Money>): Money => ({
    month: '2026-03',
    as_of: '2026-03-31T22:00:00Z',
    mrr: [{ currency: 'usd', amount: 86200 }],
    mrr_by_plan: [{ price_id: 'price_alchemist_annual', tier: 'Alchemist', currency: 'usd', interval: 'year', members: null, mrr: 11500, unpriced: 0 }],
    one_time: [{ product: 'apps', currency: 'usd', sold: 5, gross: 14500, refunds: null, refunded: 2900, lost_disputes: 0, disputed: 0, net: 11600 }],
    new_paying: 5,
    cancellations: null,
    churn: { paying_30_days_before: 20, lost: 5, rate: 25 },
    ...over,
  });
  const data: MonthNumbers = {
    month: '2026-03',
    zone: 'Europe/Berlin',
    money: money({}),
    money_before: money({ mrr: [{ currency: 'usd', amount: 71200 }], one_time: [], new_paying: null, cancellations: 0, churn: { paying_30_days_before: 15, lost: 0, rate: 0 } }),
    members: { by_tier: { Explorer: 6, Adventurer: 5, Alchemist: 10, Founding: 0 }, total: 21, sign_ups: 5, verified: null },
    coaching: { sessions_held: 5, seats_offered: 100, seats_taken: 12, came: 7 },
    course: { members_opened: 6, lessons_completed: 17, members_finished: 5, lessons: 27 },
    lounge: { stillpoint: 5, 'the-bloom-book': 0, 'whispers-before-sleep': 0, 'rise-mode': 0, mindstage: 0, 'the-reset-room': null, any: 6 },
  };

  const funnel: Funnel = {
    visits: 12,
    visitors: 7,
    journeys_started: 5,
    journeys_finished: null,
    signups: 5,
    purchases: null,
    by_source: [
      { source: 'newsletter', visits: 11, journeys_started: 5, journeys_finished: null, signups: 0, purchases: 0 },
      { source: '=HYPERLINK("https://evil.example")', visits: 5, journeys_started: 0, journeys_finished: 0, signups: 0, purchases: 0 },
      { source: null, visits: null, journeys_started: 0, journeys_finished: 0, signups: 5, purchases: null },
    ],
    top_pages: [
      { path: '/', visits: 6 },
      { path: '/pricing', visits: null },
    ],
    top_referrers: [{ host: 'duckduckgo.com', visits: null }],
  };

  it('has the month and the month before, hidden counts as words, amounts in dollars', () => {
    const lines = numbersCsv(data, funnel).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,figure,2026-03,2026-02,currency');
    expect(lines).toContain('money,MRR at the month’s end,862.00,712.00,usd');
    expect(lines).toContain('money,MRR Alchemist (yearly),115.00,,usd');
    expect(lines).toContain('money,paying members Alchemist (yearly),fewer than 5,,');
    expect(lines).toContain('money,Apps: net,116.00,0.00,usd');
    expect(lines).toContain('money,new paying members,5,fewer than 5,');
    expect(lines).toContain('money,churn (%),25,0,');
    expect(lines).toContain('members,sign-ups verified,fewer than 5,,');
    expect(lines).toContain('course,members who opened a lesson,6,,');
    expect(lines).toContain('lounge,The Reset Room: members who practised,fewer than 5,,');
  });

  it('carries the month’s funnel: overall (visitors said to be days added up), by source, the top pages and referrers', () => {
    const lines = numbersCsv(data, funnel).trimEnd().split('\r\n');
    expect(lines).toContain('funnel,Visits (page views),12,,');
    expect(lines).toContain('funnel,Visitors (each day’s visitors added up),7,,');
    expect(lines).toContain('funnel,Journeys finished,fewer than 5,,');
    expect(lines).toContain('funnel,Purchases,fewer than 5,,');
    expect(lines).toContain('funnel by source,newsletter: Visits (page views),11,,');
    expect(lines).toContain('funnel by source,No campaign (no utm_source): Sign-ups,5,,');
    expect(lines).toContain('funnel by source,No campaign (no utm_source): Visits (page views),fewer than 5,,');
    expect(lines).toContain('top pages,/pricing,fewer than 5,,');
    expect(lines).toContain('top referrers,duckduckgo.com,fewer than 5,,');
    // A visitor's utm_source never reaches a spreadsheet as a formula.
    expect(lines).toContain(`funnel by source,"'=HYPERLINK(""https://evil.example""): Visits (page views)",5,,`);
    expect(lines.filter((l) => l.startsWith('funnel by source,'))).toHaveLength(3 * 5);
  });
});
