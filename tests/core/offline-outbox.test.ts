/**
 * The outbox's rules: the entries a member's session sends, in the order they were saved, and
 * which version of a day's page stays when it was edited on two devices (the newer one; the
 * member is told when theirs replaced another device's change).
 */
import { describe, expect, it } from 'vitest';
import { entriesOf, opToSend, resolvePage, type OutboxEntry } from '../../src/core/offline/outbox';

const entry = (seq: number, uid: string): OutboxEntry => ({ seq, uid, app: 'the-bloom-book', key: `k${seq}`, op: { kind: 'delete', table: 'bloom_pages', match: { day: '2026-11-26' } }, savedAt: '2026-11-26T08:00:00Z' });

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

describe('resolvePage', () => {
  const edit = { editedAt: '2026-11-26T08:00:00.000Z', basedOn: '2026-11-25T20:00:00.000Z' };
  it('writes a page no device has stored yet', () => {
    expect(resolvePage(null, { ...edit, basedOn: null })).toEqual({ write: true, overwrote: false });
  });
  it('writes over the version the member opened, telling nothing', () => {
    // The database's time and the browser's differ in how they write it: the instant is what counts.
    expect(resolvePage('2026-11-25T20:00:00+00:00', edit)).toEqual({ write: true, overwrote: false });
  });
  it('keeps another device’s page stored after this edit was made', () => {
    expect(resolvePage('2026-11-26T08:05:00+00:00', edit)).toEqual({ write: false, overwrote: false });
  });
  it('writes this edit over another device’s older change, and says so', () => {
    expect(resolvePage('2026-11-26T07:55:00+00:00', edit)).toEqual({ write: true, overwrote: true });
    expect(resolvePage('2026-11-26T07:55:00+00:00', { ...edit, basedOn: null })).toEqual({ write: true, overwrote: true });
  });
});
