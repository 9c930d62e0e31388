/** What happened to a save: "Saving…", "Saved", kept on this device until it syncs, or the failure's message with a Retry button. */
import type { SaveState } from './useSave';
import { WAITING_TEXT } from '../../../core/offline/names';

export default function SaveStatus({ state, onRetry, savedText = 'Saved' }: { state: SaveState; onRetry: () => void; savedText?: string }) {
  return (
    <div aria-live="polite" className="min-h-6" data-save={state.status}>
      {state.status === 'saving' ? <p className="text-sm text-ink-soft">Saving…</p> : null}
      {state.status === 'saved' ? <p className="text-sm font-semibold text-sage-700">{savedText}</p> : null}
      {state.status === 'kept' ? <p className="text-sm font-semibold text-plum-700">{WAITING_TEXT}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 rounded-xl border border-rose-600/30 bg-rose-100 p-3 text-sm font-medium text-rose-600">
          <p className="flex-1">{state.message}</p>
          <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}
