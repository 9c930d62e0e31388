/**
 * /dashboard: the page's header and "Loading..." while the session is unknown, back to /login (replacing history)
 * without a member, otherwise the welcome, profile, account set-up, quick actions, the member's
 * email choices, the account's own actions and Sign Out. The other features' cards (subscription, coaching sessions, library,
 * course, the Lounge's days practised) are islands of their own that the page passes in as slots, so this feature imports
 * none of them. Hydrated with `client:signedin`: the page's inline guard has already sent anyone
 * without the signed-in hint to /login.
 */
import { useStore } from '../../core/ui/useStore';
import { Children, lazy, startTransition, Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatLongDate } from '../../core/dates';
import { greetingName, projectIdText } from '../../core/profile/profile';
import type { AppUser } from '../../core/session/user';
import { $profile } from '../../core/profile/store';
import { $accountSync, accountSyncOnServer } from './account-sync-store';
import Card from '../../core/ui/Card';
import MessageBanner from '../../core/ui/MessageBanner';
import { useMemberBadge } from './useMemberBadge';
import { useSession } from '../../core/session/useSession';
import AccountActions from './AccountActions';
import EmailChoices from './EmailChoices';
import { useOfflineSide } from '../../core/offline/useOfflineSide';

/** The other features' cards, each an island the page passes in as a slot. */
interface Props {
  /** Subscription Details (commerce). */
  subscription?: ReactNode;
  /** Your Coaching Sessions (coaching). */
  coaching?: ReactNode;
  /** Your library (commerce). */
  library?: ReactNode;
  /** The course's progress card (course). */
  course?: ReactNode;
  /** Days practised (the Lounge). */
  practice?: ReactNode;
  /** Quick Actions: the spec's four links, static (./QuickActions.astro). */
  actions?: ReactNode;
}



/**
 * The page's header, the same element while the session loads and once the member is known:
 * the server renders it into the page, so the page's largest text paints with the HTML (not
 * after the session and every island's script). The heading greets the member by name once the
 * session is known; until then it names the page, and nothing of the member shows.
 */
function DashboardHeader({ name, action }: { name?: string; action?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="eyebrow">Your dashboard</p>
        <h1 className="mt-2 text-title font-semibold">{name ? `Welcome, ${name}` : 'Your Dashboard'}</h1>
        <p className="mt-2 text-lg text-ink-soft">Your profile, your coaching sessions and your membership, all in one place.</p>
      </div>
      {action}
    </header>
  );
}

/** While the session loads: a screen high, so nothing below it (the footer) shows and then moves away. */
function Loading() {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-4 pt-16" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-plum-100 border-t-plum-700" aria-hidden="true" />
      <p className="text-ink-soft">Loading...</p>
    </div>
  );
}

/** The line for an address not yet proven loads only for a member who has one (./VerifyLine.tsx). */
const VerifyLine = lazy(() => import('./VerifyLine'));

function ProfileCard({ user }: { user: AppUser }) {
  const state = useStore($profile, { ssr: 'initial' });
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
    <Card titleId="profile-heading" title="Profile Information">
      <dl className="grid gap-4 sm:grid-cols-2" aria-busy={loading}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-ink-soft">{term}</dt>
            <dd className="mt-0.5 font-semibold break-words text-ink">{loading && term !== 'Email' ? '…' : value}</dd>
          </div>
        ))}
      </dl>
      {profile && !profile.email_verified && (
        <Suspense fallback={null}>
          <VerifyLine />
        </Suspense>
      )}
    </Card>
  );
}

/** The account set-up's note (./AccountSetupNote.tsx) loads only when the set-up is not complete. */
const AccountSetupNote = lazy(() => import('./AccountSetupNote'));

/**
 * The account set-up after sign-in, when it is not complete: the sync's failure (after its
 * retries), or a profile row that does not exist yet.
 */
function AccountSetup() {
  const sync = useStore($accountSync, { ssr: accountSyncOnServer });
  const profile = useStore($profile, { ssr: 'initial' });
  const missing = profile.status === 'ready' && !profile.value.profile && !profile.value.error;
  if (sync.status !== 'failed' && !missing) return null;
  return (
    <Suspense fallback={null}>
      <AccountSetupNote failure={sync.status === 'failed' ? sync.message : null} />
    </Suspense>
  );
}

/**
 * How many of the `later` cards (those below a phone's first screen) are in the page once the
 * member is known: none with the welcome, the profile and the subscription, then one more a task
 * later each, as background work React can pause for a tap. Mounted together, the whole dashboard
 * (its cards' own islands starting inside the same commit) was created, styled and laid out in
 * one long task, the page's longest.
 */
function useCardsShown(active: boolean, later: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!active || shown >= later) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(timer);
  }, [active, shown, later]);
  return shown;
}

/** The page once the account is gone: it comes with the deletion's dialog, loaded by then. */
const AccountDeleted = lazy(() => import('./account-dialogs').then((m) => ({ default: m.AccountDeleted })));

/** Signing out loads on the click, not with the page (as the way back to sign-in does, when a session ends). */
const signInActions = () => import('./sign-in-actions');

export default function Dashboard({ subscription, coaching, library, course, practice, actions }: Props) {
  // The page's largest render (the whole dashboard, once the session and then the profile are
  // known) runs as background work React can pause, in slices a tap can get between, instead of
  // one long task the moment each store changes.
  const session = useDeferredValue(useSession({ loadAuth: true }));
  const profile = useDeferredValue(useStore($profile, { ssr: 'initial' }));
  const leaving = useRef(false);
  const [deleted, setDeleted] = useState(false);
  // The page a member lands on after signing in starts the offline side too (the service worker
  // then serves the dashboard, the course and the rooms, also to a member who opens only this page).
  useOfflineSide(session.status === 'signedIn');

  // Below a phone's first screen, in the page's order (see useCardsShown).
  const later = [
    coaching,
    library,
    course,
    practice,
    actions,
    <EmailChoices />,
    <AccountActions
      onDeleted={() => {
        leaving.current = true;
        setDeleted(true);
      }}
    />,
  ];
  const shown = useCardsShown(session.status === 'signedIn', later.length);
  const allIn = shown === later.length;
  // A link to a card (/dashboard#library, after a purchase) lands on it once it is in the page,
  // unless the member has scrolled already: the cards come after the page has loaded, when the
  // browser has looked for the card and found nothing. The cards' ids are plain words, so the
  // hash is read as written (decoding a malformed one would throw).
  useEffect(() => {
    if (allIn && location.hash && !scrollY) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [allIn]);

  useEffect(() => {
    if (session.status !== 'signedOut' || leaving.current) return;
    // Back to sign-in, with the way back here: its code loads only for a session that ended.
    const back = window.location.pathname;
    void import('../../core/session/next-path').then(
      ({ authHref }) => window.location.replace(authHref('/login', back)),
      () => window.location.replace('/login'),
    );
  }, [session.status]);

  if (deleted)
    return (
      <Suspense fallback={null}>
        <AccountDeleted signedOut={session.status === 'signedOut'} />
      </Suspense>
    );
  if (session.status !== 'signedIn') {
    return (
      <div className="container-page section space-y-8">
        <DashboardHeader />
        <Loading />
      </div>
    );
  }
  const { user } = session;
  const name = greetingName(profile.status === 'ready' ? profile.value.profile?.full_name : null, user.full_name);
  const profileError = profile.status === 'ready' ? profile.value.error : null;

  const onSignOut = async () => {
    leaving.current = true;
    try {
      if (!(await (await signInActions()).signOut())) {
        leaving.current = false;
        return;
      }
    } catch (error) {
      console.error('Sign out failed', error);
    }
    window.location.assign('/');
  };

  return (
    <div className="container-page section space-y-8">
      <DashboardHeader
        name={name}
        action={
          <button type="button" className="btn btn-outline" onClick={onSignOut}>
            Sign Out
          </button>
        }
      />

      <MessageBanner message={profileError ? { tone: 'error', text: profileError } : null} />
      <AccountSetup />

      <div className="grid gap-8 lg:grid-cols-2">
        <ProfileCard user={user} />
        {subscription}
        {/* Keyed by their place in `later`, so a card that arrives never remounts those before it. */}
        {Children.toArray(later.slice(0, shown))}
      </div>
    </div>
  );
}
