/**
 * The days-practised calendar put into its card once the member turns it on (loaded on demand by
 * ./days-practised-element.ts): a React root with the calendar for the signed-in member.
 * Answers how to take it away again.
 */
import { createRoot } from 'react-dom/client';
import { useSession } from '../../../core/session/useSession';
import DaysCalendar from './DaysCalendar';

function ForMember() {
  const session = useSession();
  if (session.status !== 'signedIn')
    return (
      <p className="text-ink-soft" role="status">
        Loading your days…
      </p>
    );
  return <DaysCalendar userId={session.user.id} />;
}

/** Renders the calendar into `el` (its content replaced); the answer unmounts it. */
export function mountCalendar(el: HTMLElement): () => void {
  el.replaceChildren();
  const root = createRoot(el);
  root.render(<ForMember />);
  return () => root.unmount();
}
