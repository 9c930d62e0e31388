/**
 * The frame every Lounge app opens in on its home in the Lounge (/lounge/<slug>/): it decides
 * who gets the app. Hydrated with `client:signedin` inside the page's member-only part, so a
 * visitor who never signed in downloads none of it and reads the page's static sign-in panel
 * (SignInPanel, rendered at build) instead.
 *
 * Access is the one access model (src/core/access/access.ts) through the shared access store, as
 * in the library: a member who has the app (bought, in their plan, Founding Member) gets it; a
 * signed-in member without it reads what the app is and the way in (buy it, or the plans that
 * include every app); a payment still settling says so; a stale sign-in hint ends on the sign-in
 * panel. Under the app, the member may add a daily reminder to their calendar (DailyReminder,
 * with the app's own words).
 */
import { useStore } from '../../../core/ui/useStore';
import type { ReactNode } from 'react';
import { access, hasAccess, PENDING_NOTE, type AccessProduct } from '../../../core/access/access';
import { signInToLoungeHome, type LoungeSlug } from '../apps';
import type { AppUser } from '../../../core/session/user';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../../core/access/store';
import { useSession } from '../../../core/session/useSession';
import DailyReminder from './DailyReminder';
import type { ReminderWords } from './reminder-words';
import { loadingOnServer } from '../../../core/session/loading';
import { useOfflineSide } from '../../../core/offline/useOfflineSide';

/** What the frame knows of its app: read at build from the apps collection and the catalogue. */
export interface FrameProps {
  slug: LoungeSlug;
  appName: string;
  /** One line on what the app is (the apps collection's description). */
  description: string;
  product: AccessProduct;
  /** The app's price as the sales page shows it ("$29 USD"). */
  price: string;
  /** What the app's daily reminder says (the apps collection's `reminder`). */
  reminder: ReminderWords;
}

/**
 * The way in for someone not signed in: sign in (and come straight back), or try the free
 * preview. The page renders it at build for visitors; the frame shows it after a stale hint.
 * `signInOpen` is false while sign-in is "Coming Soon" (the site-wide flag).
 */
export function SignInPanel({ slug, appName, signInOpen = true }: Pick<FrameProps, 'slug' | 'appName'> & { signInOpen?: boolean }) {
  return (
    <div className="card p-8 text-center" data-frame="sign-in">
      <h2 className="text-2xl font-semibold">Sign in to open {appName}</h2>
      <p className="mt-3 text-ink-soft">{appName} keeps what you do here in your account, so it opens once you are signed in. You come straight back here afterwards.</p>
      {signInOpen ? (
        <a href={signInToLoungeHome(slug)} className="btn btn-gold mt-6">
          Sign in
        </a>
      ) : (
        <p className="mt-6 font-semibold text-plum-800">Sign-in opens soon.</p>
      )}
      <p className="mt-4 text-sm text-ink-soft">
        New here?{' '}
        <a href={`/app/${slug}`} className="font-semibold text-plum-700">
          Try the free preview of {appName}
        </a>
        .
      </p>
    </div>
  );
}

function WayIn({ slug, appName, description, price, pending }: FrameProps & { pending: boolean }) {
  if (pending) {
    return (
      <div className="card p-8 text-center" data-frame="pending" role="status">
        <h2 className="text-2xl font-semibold">Your payment for {appName} is being processed</h2>
        <p className="mt-3 text-ink-soft">{PENDING_NOTE}</p>
      </div>
    );
  }
  return (
    <div className="card p-8 sm:p-10" data-frame="way-in">
      <h2 className="text-2xl font-semibold">{appName} is not in your library yet</h2>
      <p className="mt-3 text-lg text-ink-soft">{description}</p>
      <p className="mt-4 text-ink">There are two ways in:</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        <li className="rounded-2xl bg-plum-50 p-5">
          <p className="font-semibold text-plum-800">Buy {appName}</p>
          <p className="mt-1 text-sm text-ink-soft">{price}, once. Lifetime access, no subscription.</p>
          <a href={`/app/${slug}#get-app`} className="btn btn-gold mt-4 min-h-10 px-4 py-1.5 text-sm">
            Get {appName}
          </a>
        </li>
        <li className="rounded-2xl bg-sage-100 p-5">
          <p className="font-semibold text-plum-800">Or join a plan</p>
          <p className="mt-1 text-sm text-ink-soft">The Adventurer and Alchemist plans include every Lounge app.</p>
          <a href="/pricing" className="btn btn-outline mt-4 min-h-10 px-4 py-1.5 text-sm">
            See the plans
          </a>
        </li>
      </ul>
    </div>
  );
}

/** A line saying what is being opened or read, while it is. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="py-10 text-center text-ink-soft" role="status" data-frame="loading">
      {children}
    </p>
  );
}

/** The frame: the app for a member who has it (`children` gets the member), the way in otherwise. */
export default function AppFrame(props: FrameProps & { children: (user: AppUser) => ReactNode }) {
  const session = useSession();
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  // A member's room works offline once opened: the service worker and the outbox start here.
  useOfflineSide(session.status === 'signedIn');
  if (session.status === 'unknown') return <Loading>Opening {props.appName}…</Loading>;
  if (session.status === 'signedOut') return <SignInPanel slug={props.slug} appName={props.appName} />;
  if (state.status === 'loading') return <Loading>Checking your access…</Loading>;
  const has = access(props.product, { ...state.value, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  if (!hasAccess(has)) return <WayIn {...props} pending={has.kind === 'none' && has.reason === 'pending'} />;
  return (
    <>
      {props.children(session.user)}
      <DailyReminder slug={props.slug} appName={props.appName} words={props.reminder} />
    </>
  );
}
