/**
 * The lesson player asks the content gate only when the access model lets the member in: a
 * member without the course (or whose payment is still settling) reads how to get it at once,
 * and no request goes out that could only answer 403; a member with the course (bought, Alchemist
 * plan, Founding Member) gets the lesson from the gate; when the member's access could not be
 * read, the gate decides. The gate's call and the progress store are replaced by doubles; the
 * access store is given directly.
 */
import { act, render, screen } from '@testing-library/react';
import type { WritableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberAccess } from '../../src/core/access/store';
import type { Resource } from '../../src/core/session/member-store';
import { $session } from '../../src/core/session/store';

vi.mock('../../src/core/session/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/core/session/store')>()),
  watchSession: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../src/core/access/store', async () => {
  const { atom: makeAtom } = await import('nanostores');
  const file = (await import('../../src/content/catalogue.json')).default;
  return {
    $memberAccess: makeAtom({ status: 'loading' }),
    BUILT_IN_CATALOGUE: file.map(({ id: _id, ...product }) => product),
  };
});

const { courseApi } = vi.hoisted(() => ({ courseApi: { fetchLesson: vi.fn(), fetchProgress: vi.fn(), markLessonComplete: vi.fn() } }));
vi.mock('../../src/features/course/api', () => ({
  ...courseApi,
  LESSON_TIMEOUT_MS: 20_000,
  COURSE_MESSAGES: { slow: 'The lesson is taking longer than usual to load.', signIn: 'Please sign in again.' },
}));
vi.mock('../../src/features/course/store', async () => {
  const { atom } = await import('nanostores');
  return { $courseProgress: atom({ status: 'ready', value: { completions: [], error: null } }), $marking: atom([]), $keptLessons: atom([]), $refusedLessons: atom([]), markComplete: vi.fn() };
});

const access = (await import('../../src/core/access/store')).$memberAccess as unknown as WritableAtom<Resource<MemberAccess>>;
const { default: CoursePlayer } = await import('../../src/features/course/CoursePlayer');

const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };
const lessons = [
  { slug: 'the-weather-inside', title: 'The weather inside', module: 1, order: 1, minutes: 7, summary: 'x', preview: true },
  { slug: 'beyond-fine', title: 'Beyond fine', module: 1, order: 2, minutes: 8, summary: 'y', preview: false },
];
const BUY_OR_ALCHEMIST = 'This lesson is part of the Master Alchemist Course. Buy the course for lifetime access, or join the Alchemist plan, which includes it.';
const purchase = (priceId: string, status = 'paid') => ({ price_id: priceId, product_type: 'course', status, purchased_at: '2026-11-01T00:00:00Z', refunded_at: null, checkout_session_id: 'cs_1' });
const ready = (value: Partial<MemberAccess>) => access.set({ status: 'ready', value: { subscription: null, purchases: [], error: null, ...value } as MemberAccess });
const open = () => render(<CoursePlayer slug="beyond-fine" lessons={lessons as never} moduleTitle="Module one" preview={false} />);

beforeEach(() => {
  $session.set({ status: 'signedIn', user: member });
  access.set({ status: 'loading' });
  courseApi.fetchLesson.mockResolvedValue({ kind: 'lesson', html: '<p>The body of the lesson.</p>' });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('the lesson player', () => {
  it('waits for the member’s access before asking for anything', async () => {
    open();
    expect(screen.getByRole('status').textContent).toContain('Loading the lesson');
    expect(courseApi.fetchLesson).not.toHaveBeenCalled();
  });

  it('a member without the course reads how to get it, and the gate is never asked', async () => {
    open();
    await act(async () => ready({}));
    expect(document.querySelector('[data-player="locked"]')).not.toBeNull();
    expect(document.querySelector('[data-gate-message]')!.textContent).toBe(BUY_OR_ALCHEMIST);
    expect(courseApi.fetchLesson).not.toHaveBeenCalled();
  });

  it('a member whose payment is still settling reads so, and the gate is never asked', async () => {
    open();
    await act(async () => ready({ purchases: [purchase('price_master_alchemist_course', 'pending')] as never }));
    expect(document.querySelector('[data-gate-message]')!.textContent).toMatch(/still being processed/);
    expect(courseApi.fetchLesson).not.toHaveBeenCalled();
  });

  it.each([
    ['bought the course', { purchases: [purchase('price_master_alchemist_course')] }],
    ['an Alchemist', { subscription: { price_id: 'price_alchemist_monthly', subscription_status: 'active' } }],
    ['a Founding Member', { purchases: [{ ...purchase('price_founding_membership'), product_type: 'membership' }] }],
    ['whose access could not be read (the gate decides)', { error: 'Failed to fetch purchase data' }],
  ])('a member who %s gets the lesson from the gate', async (_who, value) => {
    open();
    await act(async () => ready(value as Partial<MemberAccess>));
    expect(await screen.findByText('The body of the lesson.')).toBeTruthy();
    expect(courseApi.fetchLesson).toHaveBeenCalledTimes(1);
    expect(courseApi.fetchLesson.mock.calls[0]![0]).toBe('beyond-fine');
  });

  it('a lesson marked complete offline that the database then refused stays marked, and the member is told why', async () => {
    const store = await import('../../src/features/course/store');
    (store.$keptLessons as WritableAtom<readonly string[]>).set(['beyond-fine']);
    (store.$refusedLessons as WritableAtom<readonly object[]>).set([{ refused: { code: '42501', message: 'new row violates row-level security policy' } }]);
    open();
    await act(async () => ready({ purchases: [purchase('price_master_alchemist_course')] as never }));
    await screen.findByText('The body of the lesson.');
    expect(document.querySelector('[data-waiting]')!.textContent).toBe('Saved on this device, will sync');
    expect(document.querySelector('[data-refused]')!.textContent).toBe(
      'One save on this device was not accepted because your session has ended. Sign in again and it will sync; it stays on this device until then.',
    );
    (store.$keptLessons as WritableAtom<readonly string[]>).set([]);
    (store.$refusedLessons as WritableAtom<readonly object[]>).set([]);
  });
});
