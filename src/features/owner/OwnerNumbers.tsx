/**
 * The owner's numbers (/coach/numbers), hydrated with `client:signedin`: a month picker, the
 * month's tables (money beside the month before, members, coaching, course, Lounge, visitors and
 * the funnel counted without cookies), a CSV of the month, and small bar charts of the last twelve months drawn here as SVG (no chart library),
 * each with its numbers as a table beside it for screen readers. Everything comes from
 * /api/owner-numbers, which checks the `owner` claim: anyone else reads that the page is the
 * owner's, and nothing more. A hidden count (1 to 4) reads "fewer than 5".
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../../core/session/useSession';
import MessageBanner from '../../core/ui/MessageBanner';
import { downloadText } from '../../core/ui/download';
import { fetchOwnerNumbers } from './owner-api';
import {
  amountsText,
  bars,
  checkMonth,
  countText,
  csvFileName,
  currentMonth,
  FUNNEL_STEPS,
  LOUNGE_APPS,
  LOUNGE_NAMES,
  monthBefore,
  monthLabel,
  monthShort,
  moneyText,
  numbersCsv,
  OWNER_MESSAGES,
  planName,
  PRODUCT_NAMES,
  rateText,
  sourceName,
  TIER_ORDER,
  VISITORS_NAME,
  type Count,
  type Funnel,
  type Money,
  type OwnerNumbers as Answer,
  type TrendMonth,
} from './owner-rules';

type Load = { status: 'loading' } | { status: 'ready'; answer: Answer } | { status: 'failed'; message: string; notOwner: boolean };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The numbers could not be read just now. Please try again.');

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card p-6 sm:p-8" aria-labelledby={id} data-owner-section={id}>
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-6">{children}</div>
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-ink">{caption}</caption>
        <thead>
          <tr className="border-b border-plum-100">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`py-2 pr-4 ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])} className="border-b border-plum-50">
              <th scope="row" className="py-2 pr-4 font-normal">
                {row[0]}
              </th>
              {row.slice(1).map((value, i) => (
                <td key={i} className="py-2 pr-4 text-right tabular-nums">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const W = 240;
const H = 64;

/** Twelve months as bars, with a text equivalent (the same figures as a table, for everyone). */
function Chart({ id, title, months, value, text }: { id: string; title: string; months: TrendMonth[]; value: (m: TrendMonth) => number | null; text: (m: TrendMonth) => string }) {
  const drawn = bars(
    months.map((m) => ({ month: m.month, value: value(m) })),
    W,
    H,
  );
  return (
    <figure className="space-y-2" data-owner-chart={id}>
      <figcaption className="font-semibold text-ink" id={`${id}-title`}>
        {title}, the last twelve months
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H + 14}`} width={W} height={H + 14} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-figures`} className="text-plum-600">
        {drawn.map((b) => (
          <rect key={b.month} x={b.x} y={b.y} width={b.width} height={b.height} fill="currentColor" />
        ))}
        {drawn.map((b, i) =>
          i % 3 === 0 || i === drawn.length - 1 ? (
            <text key={`t-${b.month}`} x={b.x} y={H + 12} fontSize="9" fill="currentColor">
              {monthShort(b.month)}
            </text>
          ) : null,
        )}
      </svg>
      <details id={`${id}-figures`}>
        <summary className="cursor-pointer text-sm text-ink-soft">The figures</summary>
        <Table caption={title} head={['Month', title]} rows={months.map((m) => [monthLabel(m.month), text(m)])} />
      </details>
    </figure>
  );
}

const firstAmount = (list: { currency: string; amount: number }[]) => (list.length ? list[0]!.amount : 0);
const nullableCount = (n: Count) => n;

function MoneySection({ money, before, month }: { money: Money; before: Money; month: string }) {
  const now = monthLabel(month);
  const then = monthLabel(monthBefore(month));
  const products = [...new Set([...money.one_time, ...before.one_time].map((o) => `${o.product}|${o.currency}`))];
  const unpriced = money.mrr_by_plan.some((p) => p.unpriced !== 0);
  return (
    <Section title="Money" id="owner-money">
      <Table
        caption="Recurring revenue and members"
        head={['Figure', now, then]}
        rows={[
          ['MRR at the month’s end (annual plans at a twelfth)', amountsText(money.mrr), amountsText(before.mrr)],
          ['New paying members', countText(money.new_paying), countText(before.new_paying)],
          ['Cancellations', countText(money.cancellations), countText(before.cancellations)],
          ['Paying members 30 days before the month’s end', countText(money.churn.paying_30_days_before), countText(before.churn.paying_30_days_before)],
          ['Of them lost by the month’s end', countText(money.churn.lost), countText(before.churn.lost)],
          ['Churn (lost in 30 days ÷ paying 30 days before)', rateText(money.churn.rate), rateText(before.churn.rate)],
        ]}
      />
      <Table
        caption={`MRR by plan at the end of ${now}`}
        head={['Plan', 'Paying members', 'MRR']}
        rows={
          money.mrr_by_plan.length
            ? money.mrr_by_plan.map((p) => [planName(p), countText(p.members), p.mrr === null || !p.currency ? 'unknown' : moneyText(p.mrr, p.currency)])
            : [['No paying plan', '0', moneyText(0, 'usd')]]
        }
      />
      {unpriced && <p className="text-sm text-ink-soft">Some subscriptions have no price on record yet: Stripe’s next event about them fills it in.</p>}
      <Table
        caption="One-time revenue by product (refunds and lost disputes taken off in the month they happened)"
        head={['Product', `Sold in ${now}`, 'Gross', 'Refunded', 'Lost in disputes', `Net ${now}`, `Net ${then}`]}
        rows={
          products.length
            ? products.map((key) => {
                const [product, currency] = key.split('|') as [Money['one_time'][number]['product'], string];
                const o = money.one_time.find((x) => x.product === product && x.currency === currency);
                const b = before.one_time.find((x) => x.product === product && x.currency === currency);
                return [
                  PRODUCT_NAMES[product],
                  countText(o?.sold ?? 0),
                  moneyText(o?.gross ?? 0, currency),
                  moneyText(o?.refunded ?? 0, currency),
                  moneyText(o?.disputed ?? 0, currency),
                  moneyText(o?.net ?? 0, currency),
                  moneyText(b?.net ?? 0, currency),
                ];
              })
            : [['Nothing sold', '0', moneyText(0, 'usd'), moneyText(0, 'usd'), moneyText(0, 'usd'), moneyText(0, 'usd'), moneyText(0, 'usd')]]
        }
      />
    </Section>
  );
}

function FunnelSection({ funnel, label }: { funnel: Funnel; label: string }) {
  const steps = FUNNEL_STEPS.map((step) => step.name);
  return (
    <Section title="Visitors and the funnel" id="owner-funnel">
      <Table
        caption={`The funnel in ${label}`}
        head={['Step', 'Count']}
        rows={[
          [FUNNEL_STEPS[0]!.name, countText(funnel.visits)],
          [VISITORS_NAME, countText(funnel.visitors)],
          ...FUNNEL_STEPS.slice(1).map((step) => [step.name, countText(funnel[step.key])]),
        ]}
      />
      <p className="text-sm text-ink-soft">
        Counted without cookies: a visitor is known for one day only, so a visitor who comes on two days counts twice. A sign-up counts under the campaign of the page
        it was made on (the campaign tags travel in the page address from page to page), and a purchase under its buyer’s sign-up; those without one appear under
        “{sourceName(null)}”.
      </p>
      <Table
        caption={`The funnel by campaign (utm_source) in ${label}`}
        head={['Source', ...steps]}
        rows={
          funnel.by_source.length
            ? funnel.by_source.map((row) => [sourceName(row.source), ...FUNNEL_STEPS.map((step) => countText(row[step.key]))])
            : [['Nothing counted', ...steps.map(() => '0')]]
        }
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Table
          caption={`Top pages in ${label}`}
          head={['Page', 'Visits']}
          rows={funnel.top_pages.length ? funnel.top_pages.map((p) => [p.path, countText(p.visits)]) : [['No visits', '0']]}
        />
        <Table
          caption={`Top referring sites in ${label}`}
          head={['Site', 'Visits']}
          rows={funnel.top_referrers.length ? funnel.top_referrers.map((r) => [r.host, countText(r.visits)]) : [['No visits from another site', '0']]}
        />
      </div>
    </Section>
  );
}

function Numbers({ answer }: { answer: Answer }) {
  const { numbers: n, trend } = answer;
  const label = monthLabel(answer.month);
  const currency = trend.flatMap((m) => m.mrr).at(0)?.currency ?? 'usd';
  return (
    <div className="space-y-8" data-owner-numbers={answer.month}>
      <MoneySection money={n.money} before={n.money_before} month={answer.month} />
      <Section title="Members" id="owner-members">
        <Table caption={`Members by tier at the end of ${label}`} head={['Tier', 'Members']} rows={TIER_ORDER.map((t) => [t, countText(n.members.by_tier[t])])} />
        <Table
          caption={`Sign-ups in ${label}`}
          head={['Figure', 'Members']}
          rows={[
            ['Sign-ups', countText(n.members.sign_ups)],
            ['Of them verified', countText(n.members.verified)],
          ]}
        />
      </Section>
      <Section title="Coaching" id="owner-coaching">
        <Table
          caption={`Rapid Fire Coaching Live in ${label}`}
          head={['Figure', 'Count']}
          rows={[
            ['Sessions held', countText(n.coaching.sessions_held)],
            ['Seats taken', countText(n.coaching.seats_taken)],
            ['Seats offered', countText(n.coaching.seats_offered)],
            ['Registrants who came', countText(n.coaching.came)],
          ]}
        />
      </Section>
      <Section title="Course" id="owner-course">
        <Table
          caption={`The Master Alchemist Course in ${label}`}
          head={['Figure', 'Count']}
          rows={[
            ['Members who opened a lesson', countText(n.course.members_opened)],
            ['Lessons completed', countText(n.course.lessons_completed)],
            [n.course.lessons > 0 ? `Members who finished (all ${n.course.lessons} lessons)` : 'Members who finished', countText(n.course.members_finished)],
          ]}
        />
        <p className="text-sm text-ink-soft">
          A member who opened a paid lesson on the site counts once in the month, however many lessons they opened. Free preview lessons and lessons read offline from the member’s device are not
          counted.
        </p>
      </Section>
      <Section title="Lounge" id="owner-lounge">
        <Table
          caption={`Members who practised in ${label}, by app`}
          head={['App', 'Members']}
          rows={[...LOUNGE_APPS.map((app) => [LOUNGE_NAMES[app], countText(n.lounge[app])]), ['Any app', countText(n.lounge.any)]]}
        />
      </Section>
      <FunnelSection funnel={answer.funnel} label={label} />
      <Section title="The last twelve months" id="owner-trend">
        <div className="grid gap-6 sm:grid-cols-2">
          <Chart id="chart-mrr" title="MRR" months={trend} value={(m) => firstAmount(m.mrr.filter((a) => a.currency === currency))} text={(m) => amountsText(m.mrr)} />
          <Chart id="chart-one-time" title="One-time revenue, net" months={trend} value={(m) => firstAmount(m.one_time_net.filter((a) => a.currency === currency))} text={(m) => amountsText(m.one_time_net)} />
          <Chart id="chart-paying" title="Paying members" months={trend} value={(m) => nullableCount(m.paying)} text={(m) => countText(m.paying)} />
          <Chart id="chart-sign-ups" title="Sign-ups" months={trend} value={(m) => nullableCount(m.sign_ups)} text={(m) => countText(m.sign_ups)} />
        </div>
      </Section>
    </div>
  );
}

export default function OwnerNumbers() {
  const session = useSession();
  const [month, setMonth] = useState(() => currentMonth());
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchOwnerNumbers(month).then(
      (answer) => live && setLoad({ status: 'ready', answer }),
      (error: unknown) => live && setLoad({ status: 'failed', message: errorText(error), notOwner: (error as { status?: number }).status === 403 }),
    );
    return () => {
      live = false;
    };
  }, [signedIn, month]);

  if (session.status === 'unknown') return null;
  if (session.status === 'signedOut') {
    return (
      <p className="text-ink-soft">
        {OWNER_MESSAGES.notOwner}{' '}
        <a href="/login?next=%2Fcoach%2Fnumbers" className="font-semibold text-plum-700">
          Sign in
        </a>
      </p>
    );
  }
  if (load.status === 'failed' && load.notOwner) {
    return (
      <div data-owner-refused>
        <MessageBanner message={{ tone: 'error', text: load.message }} />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <div>
          <label htmlFor="owner-month" className="block text-sm font-semibold text-ink">
            Month
          </label>
          <input
            id="owner-month"
            type="month"
            className="input mt-1.5"
            value={month}
            max={currentMonth()}
            min="2020-01"
            onChange={(event) => {
              const next = event.target.value;
              if (next && next !== month && checkMonth(next).ok) {
                setLoad({ status: 'loading' });
                setMonth(next);
              }
            }}
          />
        </div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={load.status !== 'ready'}
          onClick={() => load.status === 'ready' && downloadText(numbersCsv(load.answer.numbers, load.answer.funnel), csvFileName(load.answer.month), 'text/csv;charset=utf-8')}
        >
          Download the month (CSV)
        </button>
      </form>
      {load.status === 'loading' && (
        <p className="text-ink-soft" role="status">
          Loading the numbers for {monthLabel(month)}…
        </p>
      )}
      {load.status === 'failed' && <MessageBanner message={{ tone: 'error', text: load.message }} />}
      {load.status === 'ready' && (
        <>
          <p className="text-ink-soft" role="status">
            {monthLabel(load.answer.month)}, in Berlin time. A count from 1 to 4 shows as “{countText(null)}”.
          </p>
          <Numbers answer={load.answer} />
        </>
      )}
    </div>
  );
}
