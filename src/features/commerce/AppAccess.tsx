/**
 * The member's side of an app page (/app/{slug}). Hydrated with `client:signedin`, so a visitor
 * downloads none of it and sees the static page. Once the member's subscription and purchases
 * are read (src/core/access/access.ts decides), a member who has the app sees "You have lifetime
 * access" (bought, or a Founding Member) or "Included in your plan" and Open (the app's home in
 * the Lounge, /lounge/<slug>/), and
 * the page's price and Buy Now are hidden (CSS: `[data-app-offer]` inside a section that
 * has `[data-app-access="open"]`); a pending payment says so. Anyone else keeps the page as is.
 */
import { useStore } from '../../core/ui/useStore';
import { access, PENDING_NOTE } from '../../core/access/access';
import { accessSource } from './library';
import type { Product } from '../../core/access/product';
import { formatLongDate } from '../../core/dates';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../core/access/store';
import { useSession } from '../../core/session/useSession';
import { loadingOnServer } from '../../core/session/loading';

interface Props {
  product: Pick<Product, 'priceId' | 'name' | 'mode' | 'productType'>;
  appName: string;
  /** The app's home in the Lounge (/lounge/<slug>/), where it opens. */
  loungeHref: string;
}

export const LIFETIME_HEADING = 'You have lifetime access';
export const INCLUDED_HEADING = 'Included in your plan';

function Panel({ product, appName, loungeHref }: Props) {
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  if (state.status === 'loading') return null;
  const has = access(product, { ...state.value, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  if (has.kind === 'none') {
    if (has.reason !== 'pending') return null;
    return (
      <div className="card mb-6 p-6 text-center" data-app-access="pending" role="status">
        <p className="font-semibold text-plum-800">Your payment for {appName} is being processed</p>
        <p className="mt-2 text-ink-soft">{PENDING_NOTE}</p>
      </div>
    );
  }
  const heading = has.kind === 'owned' ? LIFETIME_HEADING : INCLUDED_HEADING;
  return (
    <div className="card p-8 text-center sm:p-10" data-app-access="open">
      <p className="eyebrow">{accessSource(has, formatLongDate)}</p>
      <h2 className="mt-3 text-2xl font-semibold">{heading}</h2>
      <p className="mt-4 text-lg text-ink-soft">
        {appName} is yours{has.kind === 'included' ? ` as part of your ${has.tier} membership` : ''}. There is nothing more to pay.
      </p>
      <a href={loungeHref} className="btn btn-gold mt-6">
        Open {appName}
      </a>
    </div>
  );
}

export default function AppAccess(props: Props) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <Panel {...props} />;
}
