/**
 * A scenario's ratings over time: an SVG line chart (distress before and after each rehearsal,
 * 0 at the bottom, 10 at the top) with a title and a description a screen reader reads, and a
 * table of the same numbers beside it, so nothing is only in the picture.
 */
import { formatLongDate } from '../../../core/dates';
import { dayIn } from '../shared/local-day';
import { chartPoints, trend, trendSentence, type Rehearsal } from './rehearsal';

const W = 320;
const H = 180;
const PAD = 24;

const path = (points: [number, number][]) => points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');

export default function Chart({ id, title, rehearsals }: { id: string; title: string; rehearsals: Rehearsal[] }) {
  const sorted = [...rehearsals].sort((a, b) => a.at.localeCompare(b.at));
  const p = chartPoints(sorted, W, H, PAD);
  const sentence = trendSentence(trend(sorted));
  const y = (v: number) => H - PAD - (v / 10) * (H - 2 * PAD);
  return (
    <figure className="space-y-3" data-chart={id}>
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full max-w-md" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{`Distress before and after each rehearsal of ${title}`}</title>
        <desc id={`${id}-desc`}>{sentence}</desc>
        {[0, 5, 10].map((v) => (
          <g key={v}>
            <line x1={PAD} x2={W - PAD} y1={y(v)} y2={y(v)} stroke="#d6c3ea" strokeWidth="1" />
            <text x={4} y={y(v) + 4} fontSize="11" fill="#4d4160">
              {v}
            </text>
          </g>
        ))}
        <path d={path(p.before)} fill="none" stroke="#52307a" strokeWidth="2.5" />
        <path d={path(p.after)} fill="none" stroke="#8a5a12" strokeWidth="2.5" strokeDasharray="6 4" />
        {p.before.map(([cx, cy], i) => (
          <circle key={`b${i}`} cx={cx} cy={cy} r="4" fill="#52307a" />
        ))}
        {p.after.map(([cx, cy], i) => (
          <rect key={`a${i}`} x={cx - 4} y={cy - 4} width="8" height="8" fill="#8a5a12" />
        ))}
      </svg>
      <figcaption className="text-sm">
        <span className="font-semibold">{sentence}</span>{' '}
        <span className="text-ink-soft">Solid line with dots: before. Dashed line with squares: after.</span>
      </figcaption>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ratings of {title}, rehearsal by rehearsal</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              Date
            </th>
            <th scope="col" className="py-1 pr-3">
              Before
            </th>
            <th scope="col" className="py-1">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((r, i) => (
            <tr key={`${r.at}-${i}`} className="border-t border-plum-100">
              <td className="py-1 pr-3">{formatLongDate(dayIn(new Date(r.at)))}</td>
              <td className="py-1 pr-3 tabular-nums">{r.before}</td>
              <td className="py-1 tabular-nums">{r.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
