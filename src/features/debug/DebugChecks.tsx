/**
 * /debug: runs the set-up checks on load and shows how many passed, warned and failed, each
 * with its details, and a "Run Again" button.
 */
import { useEffect, useState } from 'react';
import { summarise, type CheckResult, type CheckStatus } from './debug';
import { runDebugChecks, type EnvPresence } from './store';

const STATUS: Record<CheckStatus, { label: string; classes: string; mark: string }> = {
  success: { label: 'Pass', classes: 'bg-sage-100 text-sage-700', mark: '✓' },
  warning: { label: 'Warning', classes: 'bg-gold-100 text-gold-700', mark: '!' },
  error: { label: 'Fail', classes: 'bg-rose-100 text-rose-600', mark: '✕' },
};

export default function DebugChecks({ env }: { env: EnvPresence[] }) {
  const [results, setResults] = useState<CheckResult[] | null>(null);
  const [running, setRunning] = useState(true);
  /** Bumped by "Run Again": every value is one run of all the checks. */
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    void runDebugChecks(env).then((next) => {
      if (!current) return;
      setResults(next);
      setRunning(false);
    });
    return () => {
      current = false;
    };
  }, [env, round]);

  const run = () => {
    setRunning(true);
    setRound((n) => n + 1);
  };

  const summary = results ? summarise(results) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-lg" data-debug-summary>
          {running || !summary ? (
            'Running checks…'
          ) : (
            <>
              <strong className="text-sage-700" data-count="success">
                {summary.success} passed
              </strong>
              {', '}
              <strong className="text-gold-700" data-count="warning">
                {summary.warning} {summary.warning === 1 ? 'warning' : 'warnings'}
              </strong>
              {', '}
              <strong className="text-rose-600" data-count="error">
                {summary.error} failed
              </strong>
            </>
          )}
        </p>
        <button type="button" className="btn btn-primary" onClick={run} disabled={running}>
          {running ? 'Running Checks…' : 'Run Again'}
        </button>
      </div>
      {results && (
        <ul className="card divide-y divide-plum-100" aria-busy={running}>
          {results.map((r) => (
            <li key={r.id} className="flex items-start gap-4 p-4" data-check={r.id} data-status={r.status}>
              <span className={`inline-flex min-w-20 items-center justify-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS[r.status].classes}`}>
                <span aria-hidden="true">{STATUS[r.status].mark}</span>
                {STATUS[r.status].label}
              </span>
              <span className="flex-1">
                <span className="block font-semibold break-all text-ink">{r.name}</span>
                <span className="block text-sm break-words text-ink-soft">{r.message}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
