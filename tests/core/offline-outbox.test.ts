/**
 * The outbox's rules: the entries a member's session sends, in the order they were saved, and
 * the write an entry sends. Which version of a day's page stays when it was edited on two
 * devices is the database's rule (tests/lounge/the-bloom-book/tables.db.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { entriesOf, opToSend, refusedText, type OutboxEntry } from '../../src/core/offline/outbox';

const entry = (seq: number, memberId: string): OutboxEntry => ({ seq, uid: memberId, app: 'the-bloom-book', key: `k${seq}`, op: { kind: 'delete', table: 'bloom_pages', match: { day: '2026-11-26' } }, savedAt: '2026-11-26T08:00:00Z' });

describe('entriesOf', () => {
  it('sends only the member’s own entries, oldest first', () => {
    expect(entriesOf([entry(3, 'ada'), entry(1, 'ada'), entry(2, 'bea')], 'ada').map((e) => e.seq)).toEqual([1, 3]);
  });
});

describe('opToSend', () => {
  const session: OutboxEntry = {
    uid: 'ada',
    app: 'stillpoint',
    key: 'breathing_sessions:s1',
    op: { kind: 'upsert', table: 'breathing_sessions', values: { id: 's1', user_id: 'ada', pattern: 'box', seconds: 60 }, onConflict: 'id', ignoreDuplicates: true, datedBy: 'finished_at' },
    savedAt: '2026-11-26T07:12:00.000Z',
  };
  it('dates a practice kept on the device when it was done, not when it is sent', () => {
    expect(opToSend(session)).toMatchObject({ values: { id: 's1', pattern: 'box', seconds: 60, finished_at: '2026-11-26T07:12:00.000Z' } });
    // The entry itself stays as it was kept.
    expect(session.op).not.toHaveProperty('values.finished_at');
  });
  it('sends a write without a dating column as it was kept', () => {
    const page = entry(1, 'ada');
    expect(opToSend(page)).toBe(page.op);
    const undated = { ...session, op: { ...session.op, datedBy: undefined } } as OutboxEntry;
    expect(opToSend(undated)).toBe(undated.op);
  });
});

describe('refusedText', () => {
  const refused = (code: string | null, message = 'refused') => ({ refused: { code, message } });
  it('says nothing when nothing was refused', () => {
    expect(refusedText([{}, {}])).toBeNull();
  });
  it('says why, counts the saves, and that they stay on the device', () => {
    expect(refusedText([refused('PGRST301')])).toBe('One save on this device was not accepted because your session has ended. Sign in again and it will sync; it stays on this device until then.');
    expect(refusedText([refused('42501'), {}, refused('42501')])).toMatch(/^2 saves on this device were not accepted because your session has ended\./);
    expect(refusedText([refused('22001')])).toBe('One save on this device was not accepted because it is longer than the app can keep. It stays on this device.');
    expect(refusedText([refused('XX000')])).toBe('One save on this device was not accepted by the database yet. It stays on this device, and we will keep trying.');
  });
  it('gives a cap’s own words, written for the member', () => {
    const cap = 'You have added 50 scenes of your own, as many as Mindstage keeps. You can rehearse any of them again from your list.';
    expect(refusedText([refused('IA429', cap)])).toBe(`One save on this device was not accepted: ${cap} It stays on this device.`);
  });
});
