/**
 * /dashboard: "Loading..." while the session is unknown, back to /login (replacing history)
 * without a member, otherwise the welcome, profile, coaching sessions, subscription, quick
 * actions and Sign Out. Hydrated with `client:signedin`: the page's inline guard has already
 * sent anyone without the signed-in hint to /login.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { formatLongDate } from '../lib/dates';
import { greetingName, projectIdText } from '../lib/members';
import type { CatalogueProduct } from '../lib/subscription';
import type { AppUser } from '../lib/user';
import { $mySignups } from '../stores/coaching';
import { $profile } from '../stores/profile';
import { signOut } from '../stores/session';
import MessageBanner from './shared/MessageBanner';
import SubscriptionBadge from './SubscriptionBadge';
import Library, { useMemberBadge } from './dashboard/Library';
import { useSession } from './shared/useSession';

interface Props {
  /** The catalogue (price id and name) the subscription badge names plans from. */
  catalogue: CatalogueProduct[];
  /** Where each app opens, by price id (the library's links). */
  accessLinks: Record<string, string>;
}

const QUICK_ACTIONS = [
  { label: 'Upgrade Plan', href: '/pricing', text: 'Compare memberships and go deeper.' },
  { label: 'Browse Apps', href: '/products', text: 'Tools for the hard moments.' },
  { label: 'Book Coaching', href: '/#coaching-signup', text: 'Save a seat at the next live session.' },
  { label: 'Learn More', href: '/about-us', text: 'The story behind Inner Alchemy.' },
] as const;

function Loading() {
  return (
    <div className="container-page section flex min-h-[50vh] flex-col items-center justify-center gap-4" role="status">
      <h1 className="sr-only">Your Dashboard</h1>
      <span className="size-10 animate-spin rounded-full border-4 border-plum-100 border-t-plum-700" aria-hidden="true" />
      <p className="text-ink-soft">Loading...</p>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section className="card p-6 sm:p-8" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ProfileCard({ user }: { user: AppUser }) {
  const state = useStore($profile);
  const profile = state.status === 'ready' ? state.value.profile : null;
  const badge = useMemberBadge();
  const loading = state.status === 'loading';
  const rows: [string, string][] = [
    ['Email', profile?.email ?? user.email ?? ''],
    ['Project ID', projectIdText(profile?.project_id)],
    ['Membership Tier', badge ?? '…'],
    ['Member Since', formatLongDate(profile?.created_at) ?? 'Not available'],
  ];
  return (
    <Card title="Profile Information" id="profile-heading">
      <dl className="grid gap-4 sm:grid-cols-2" aria-busy={loading}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-ink-soft">{term}</dt>
            <dd className="mt-0.5 font-semibold break-words text-ink">{loading && term !== 'Email' ? '…' : value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function CoachingCard() {
  const state = useStore($mySignups);
  if (state.status === 'loading') {
    return (
      <Card title="Your Coaching Sessions" id="coaching-heading">
        <p className="text-ink-soft">Loading your sessions…</p>
      </Card>
    );
  }
  const signups = state.value;
  return (
    <Card title="Your Coaching Sessions" id="coaching-heading">
      {signups.length === 0 ? (
        <p className="text-ink-soft">
          You haven’t saved a seat yet. Rapid Fire Coaching Live meets on the last Thursday of every month.{' '}
          <a href="/#coaching-signup" className="font-semibold text-plum-700">
            Choose a session
          </a>
          .
        </p>
      ) : (
        <ul className="divide-y divide-plum-100" data-my-sessions>
          {signups.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span className="font-semibold text-ink">
                {s.coaching_sessions ? (formatLongDate(s.coaching_sessions.date) ?? s.coaching_sessions.date) : 'Session details unavailable'}
              </span>
              {s.coaching_sessions?.time && <span className="text-ink-soft">{s.coaching_sessions.time}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function Dashboard({ catalogue, accessLinks }: Props) {
  const session = useSession({ loadAuth: true });
  const profile = useStore($profile);
  const leaving = useRef(false);

  useEffect(() => {
    if (session.status === 'signedOut' && !leaving.current) window.location.replace('/login');
  }, [session.status]);

  if (session.status !== 'signedIn') return <Loading />;
  const { user } = session;
  const name = greetingName(profile.status === 'ready' ? profile.value.profile?.full_name : null, user.full_name);
  const profileError = profile.status === 'ready' ? profile.value.error : null;

  const onSignOut = async () => {
    leaving.current = true;
    try {
      await signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    window.location.assign('/');
  };

  return (
    <div className="container-page section space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Your dashboard</p>
          <h1 className="mt-2 text-title font-semibold">Welcome, {name}</h1>
          <p className="mt-2 text-lg text-ink-soft">Your profile, your coaching sessions and your membership, all in one place.</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={onSignOut}>
          Sign Out
        </button>
      </header>

      <MessageBanner message={profileError ? { tone: 'error', text: profileError } : null} />

      <div className="grid gap-8 lg:grid-cols-2">
        <ProfileCard user={user} />
        <Card title="Subscription Details" id="subscription-heading">
          <SubscriptionBadge catalogue={catalogue} />
        </Card>
        <CoachingCard />
        <Library accessLinks={accessLinks} />
        <section className="card p-6 sm:p-8" aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="text-2xl font-semibold">
            Quick Actions
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {QUICK_ACTIONS.map((a) => (
              <li key={a.label}>
                <a href={a.href} className="block h-full rounded-xl border border-plum-100 p-4 no-underline hover:bg-plum-50">
                  <span className="block font-semibold text-plum-800">{a.label}</span>
                  <span className="mt-1 block text-sm text-ink-soft">{a.text}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
