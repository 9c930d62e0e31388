/** Stillpoint's finished sessions as the outbox keeps and sends them (apart from the breathing rules, which the free preview loads). */
import type { BreathingPatternId } from '../../../core/db/values';
import type { OutboxEntry } from '../../../core/offline/outbox';

/** A finished session as the outbox sends it (src/core/offline/outbox-api.ts): with the id the app made, so one sent again stays one row. */
export function sessionEntry(memberId: string, id: string, pattern: BreathingPatternId, seconds: number): Omit<OutboxEntry, 'savedAt'> {
  return {
    uid: memberId,
    app: 'stillpoint',
    key: `breathing_sessions:${id}`,
    op: { kind: 'upsert', table: 'breathing_sessions', values: { id, user_id: memberId, pattern, seconds }, onConflict: 'id', ignoreDuplicates: true, datedBy: 'finished_at' },
  };
}
