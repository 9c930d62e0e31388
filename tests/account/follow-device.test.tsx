/**
 * The device's follower on member pages (src/features/account/follow-device.ts): the one check is
 * loaded only when the session is not the device owner's, and a 401 for a bearer token from any
 * call the page makes (our functions, the database) asks Firebase whether the session has ended;
 * other answers, and requests without a bearer, ask nothing.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/core/session/user';

const actions = { followSession: vi.fn(async () => undefined), confirmSession: vi.fn(async () => undefined) };
vi.mock('../../src/features/account/sign-in-actions', () => actions);
let status = 200;
const network = vi.fn(async () => new Response('{}', { status }));

let followDevice: (session: Session) => void;
beforeAll(async () => {
  vi.stubGlobal('fetch', network);
  ({ followDevice } = await import('../../src/features/account/follow-device'));
});
beforeEach(() => {
  actions.followSession.mockClear();
  actions.confirmSession.mockClear();
  localStorage.clear();
});

const signedIn = (id: string): Session => ({ status: 'signedIn', user: { id, email: null, phone: null, email_confirmed_at: null, full_name: null, avatar_url: null, firebase_uid: id } });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the device follows the session on a member page', () => {
  it('loads nothing while the session is the owner’s (or not known yet)', async () => {
    localStorage.setItem('ia:device', 'ana');
    followDevice(signedIn('ana'));
    followDevice({ status: 'unknown' });
    await settled();
    expect(actions.followSession).not.toHaveBeenCalled();
  });

  it('runs the one check when the owner’s session ended or another member signed in', async () => {
    localStorage.setItem('ia:device', 'ana');
    followDevice({ status: 'signedOut' });
    followDevice(signedIn('ben'));
    await vi.waitFor(() => expect(actions.followSession).toHaveBeenCalledTimes(2));
    expect(actions.followSession).toHaveBeenLastCalledWith(signedIn('ben'));
  });
});

describe('a 401 for a bearer token', () => {
  it('asks Firebase whether the session has ended', async () => {
    status = 401;
    const res = await window.fetch('/api/content/course/x', { headers: { Authorization: 'Bearer t' } });
    expect(res.status).toBe(401);
    await vi.waitFor(() => expect(actions.confirmSession).toHaveBeenCalledTimes(1));
  });

  it('asks nothing for another answer, or a request without a bearer token', async () => {
    status = 403;
    await window.fetch('/api/content/course/x', { headers: { Authorization: 'Bearer t' } });
    status = 401;
    await window.fetch('/api/x');
    await settled();
    expect(actions.confirmSession).not.toHaveBeenCalled();
  });
});
