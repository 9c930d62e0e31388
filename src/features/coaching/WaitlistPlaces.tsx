/**
 * "Waitlist" on the dashboard (issue 46): the member's places in line for sessions still to come,
 * each with where they stand ("You’re number 2 in line") and "Leave the waitlist"; a seat offered
 * to them, held until when (on their clock), with "Take the seat" and "Let it go"; an offer that
 * passed on. Loaded only when the member has a place (its own chunk), so the dashboard carries
 * none of it otherwise (the next sessions it reads anyway embed the member's own places).
 */
import { useState } from 'react';
import { useStore } from '../../core/ui/useStore';
import type { MyPlace } from './waitlist-api';
import { $myPlaces } from './waitlist-store';
import { momentLabel, WAITLIST_MESSAGES } from './waitlist-words';
import { leavePlace, takeSeat } from './waitlist-actions';
import SessionWhen from './SessionWhen';
import type { Message } from '../../core/ui/MessageBanner';

function Place({ place, zone, onMessage }: { place: MyPlace; zone: string; onMessage: (m: Message | null) => void }) {
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<string | null>, success: string) => {
    setBusy(true);
    onMessage(null);
    const failure = await work();
    setBusy(false);
    onMessage(failure ? { tone: 'error', text: failure } : { tone: 'success', text: success });
  };
  const session = { starts_at: place.starts_at, ends_at: place.ends_at, time_zone: place.session_zone };
  const button = 'btn min-h-9 px-3 py-1 text-sm';
  return (
    <li className="py-3" data-waitlist-place={place.session_id} data-status={place.status}>
      <SessionWhen session={session} zone={zone} />
      {place.status === 'offered' && place.offer_expires_at ? (
        <>
          <p className="mt-1 text-sm font-semibold text-plum-700">A seat is free for you, held until {momentLabel(place.offer_expires_at, zone)}.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={`${button} btn-gold`} disabled={busy} onClick={() => void act(() => takeSeat(place), WAITLIST_MESSAGES.seatTaken)}>
              {WAITLIST_MESSAGES.takeSeat}
            </button>
            <button type="button" className={`${button} btn-outline`} disabled={busy} onClick={() => void act(() => leavePlace(place.session_id), WAITLIST_MESSAGES.offerDeclined)}>
              Let it go
            </button>
          </div>
        </>
      ) : place.status === 'waiting' ? (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-plum-700">You’re number {place.place_in_line} in line.</p>
          <button type="button" className={`${button} btn-outline`} disabled={busy} onClick={() => void act(() => leavePlace(place.session_id), WAITLIST_MESSAGES.leftLine)}>
            Leave the waitlist
          </button>
        </div>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">{WAITLIST_MESSAGES.offerExpired}</p>
      )}
    </li>
  );
}

export default function WaitlistPlaces({ zone, onMessage }: { zone: string; onMessage: (m: Message | null) => void }) {
  const state = useStore($myPlaces, { ssr: 'initial' });
  const places = state.status === 'ready' ? state.value : [];
  if (places.length === 0) return null;
  return (
    <div>
      <h3 className="text-lg font-semibold">Waitlist</h3>
      <ul className="divide-y divide-plum-100" data-waitlist>
        {places.map((p) => (
          <Place key={p.id} place={p} zone={zone} onMessage={onMessage} />
        ))}
      </ul>
    </div>
  );
}
