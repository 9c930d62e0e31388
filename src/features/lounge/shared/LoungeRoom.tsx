/**
 * The app room every Lounge app opens in (/lounge/<slug>/). Hydrated with `client:signedin`
 * inside the page's member-only part, so a visitor who never signed in downloads none of it and
 * reads the page's static "sign in" panel instead.
 *
 * It decides who gets the app with the one access model (src/core/access/access.ts) through the shared
 * access store, as the library does: a member who has the app (bought, in their plan, Founding
 * Member) gets it; a signed-in member without it reads what the app is and the way in (buy it,
 * or the plan that includes every app); a stale sign-in hint ends on the sign-in panel.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { access, hasAccess, type AccessProduct } from '../../../core/access/access';
import { signInToRoom, type LoungeSlug } from '../rooms';
import { PENDING_NOTE } from '../../../core/access/product-buttons';
import type { AppUser } from '../../../core/session/user';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../../core/access/store';
import { useSession } from '../../../core/session/useSession';

export interface RoomProps {
  slug: LoungeSlug;
  appName: string;
  /** One line on what the app is (the apps collection's description). */
  description: string;
  product: AccessProduct;
  /** The app's price as the sales page shows it ("$29 USD"). */
  price: string;
}

export function SignInPanel({ slug, appName }: Pick<RoomProps, 'slug' | 'appName'>) {
  return (
    <div className="card p-8 text-center" data-room="sign-in">
      <h2 className="text-2xl font-semibold">Sign in to open {appName}</h2>
      <p className="mt-3 text-ink-soft">{appName} keeps what you do here in your account, so it opens once you are signed in. You come straight back here afterwards.</p>
      <a href={signInToRoom(slug)} className="btn btn-gold mt-6">
        Sign in
      </a>
    </div>
  );
}

function WayIn({ slug, appName, description, price, pending }: RoomProps & { pending: boolean }) {
  if (pending) {
    return (
      <div className="card p-8 text-center" data-room="pending" role="status">
        <h2 className="text-2xl font-semibold">Your payment for {appName} is being processed</h2>
        <p className="mt-3 text-ink-soft">{PENDING_NOTE}</p>
      </div>
    );
  }
  return (
    <div className="card p-8 sm:p-10" data-room="way-in">
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

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="py-10 text-center text-ink-soft" role="status" data-room="loading">
      {children}
    </p>
  );
}

/** The room: the app for a member who has it (`children` gets the member), the way in otherwise. */
export default function LoungeRoom(props: RoomProps & { children: (user: AppUser) => ReactNode }) {
  const session = useSession();
  const state = useStore($memberAccess);
  if (session.status === 'unknown') return <Loading>Opening {props.appName}…</Loading>;
  if (session.status === 'signedOut') return <SignInPanel slug={props.slug} appName={props.appName} />;
  if (state.status === 'loading') return <Loading>Checking your access…</Loading>;
  const has = access(props.product, { ...state.value, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  if (!hasAccess(has)) return <WayIn {...props} pending={has.kind === 'none' && has.reason === 'pending'} />;
  return <>{props.children(session.user)}</>;
}
