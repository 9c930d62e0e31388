/**
 * The device follows the session (src/core/offline/device.ts): what the one check decides for
 * each way a session ends or changes hands, and which IndexedDB databases go when a member
 * leaves the device (their unsent writes stay in their own outbox, for them only; another
 * member's kept outbox is never touched).
 */
import { describe, expect, it } from 'vitest';
import { databasesToDelete, deviceStep } from '../../src/core/offline/device';
import type { Session } from '../../src/core/session/user';

const signedIn = (id: string): Session => ({
  status: 'signedIn',
  user: { id, email: null, phone: null, email_confirmed_at: null, full_name: null, avatar_url: null, firebase_uid: id },
});
const signedOut: Session = { status: 'signedOut' };

describe('the device follows the session', () => {
  it('does nothing while the session is not known yet, nor while it is the owner’s', () => {
    expect(deviceStep('ana', { status: 'unknown' })).toEqual({ kind: 'none' });
    expect(deviceStep(null, { status: 'unknown' })).toEqual({ kind: 'none' });
    expect(deviceStep('ana', signedIn('ana'))).toEqual({ kind: 'none' });
    expect(deviceStep(null, signedOut)).toEqual({ kind: 'none' });
  });

  it('is claimed by the first member on a device that holds no one’s data', () => {
    expect(deviceStep(null, signedIn('ana'))).toEqual({ kind: 'claim', to: 'ana' });
  });

  it('is cleared when the owner’s session ends, however it ends (the page only sees: signed out)', () => {
    expect(deviceStep('ana', signedOut)).toEqual({ kind: 'leave', to: null });
  });

  it('is cleared of the owner’s data before another member, signed in on the same browser, owns it', () => {
    expect(deviceStep('ana', signedIn('ben'))).toEqual({ kind: 'leave', to: 'ben' });
  });
});

describe('what goes when a member leaves the device', () => {
  const names = ['ia-outbox-ana', 'ia-outbox-ben', 'firebaseLocalStorageDb', 'ia-outbox', 'some-app-db'];

  it('every database but the outboxes kept for members, the leaving member’s own kept when it holds unsent writes', () => {
    expect(databasesToDelete(names, 'ana', true)).toEqual(['firebaseLocalStorageDb', 'ia-outbox', 'some-app-db']);
  });

  it('the leaving member’s outbox too when nothing waits in it, or when they chose to drop it at Sign out', () => {
    expect(databasesToDelete(names, 'ana', false)).toEqual(['ia-outbox-ana', 'firebaseLocalStorageDb', 'ia-outbox', 'some-app-db']);
  });

  it('never another member’s outbox, kept for them when their session ended', () => {
    expect(databasesToDelete(names, 'ana', false)).not.toContain('ia-outbox-ben');
    expect(databasesToDelete(names, null, false)).not.toContain('ia-outbox-ben');
  });
});
