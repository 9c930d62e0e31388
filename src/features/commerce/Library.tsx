/**
 * The dashboard's "Your library": every product the member can use, owned or included, with
 * how they got it (purchased on a date, included in their plan, Founding Member) and where to
 * open it; a purchase whose payment is still settling is listed as processing. Reads the
 * shared access store (subscription and purchases), decided by src/core/access/access.ts.
 */
import { useStore } from '../../core/ui/useStore';
import { isFoundingProduct } from '../../core/access/access';
import { accessSource, library } from './library';
import { displayName } from './product-names';
import { formatLongDate } from '../../core/dates';
import { $memberAccess, BUILT_IN_CATALOGUE, type MemberAccess } from '../../core/access/store';
import Card from '../../core/ui/Card';
import MessageBanner from '../../core/ui/MessageBanner';
import { loadingOnServer } from '../../core/session/loading';

export interface LibraryProps {
  /** Where each app opens, by price id: its home in the Lounge (/lounge/{slug}/), else its /app/{slug} page. */
  accessLinks: Record<string, string>;
}

/** The course opens in its player (its home: the outline, progress and Continue). */
const COURSE_HREF = '/course/';

function whereToOpen(product: (typeof BUILT_IN_CATALOGUE)[number], links: Record<string, string>): { href: string; label: string } {
  if (isFoundingProduct(product)) return { href: '/products', label: 'See everything included' };
  if (product.productType === 'app') return { href: links[product.priceId] ?? '/products', label: 'Open' };
  return { href: links[product.priceId] ?? COURSE_HREF, label: 'Open' };
}

export default function Library({ accessLinks }: LibraryProps) {
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  return (
    <Card titleId="library-heading" title="Your library" wide id="library">
      {state.status === 'loading' ? (
        <p className="text-ink-soft" role="status">
          Loading your library…
        </p>
      ) : (
        <LibraryList state={state.value} accessLinks={accessLinks} />
      )}
    </Card>
  );
}

function LibraryList({ state, accessLinks }: { state: MemberAccess; accessLinks: Record<string, string> }) {
  const items = library(BUILT_IN_CATALOGUE, { ...state, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  return (
    <>
      <MessageBanner message={state.error ? { tone: 'error', text: state.error } : null} />
      {items.length === 0 ? (
        <p className="text-ink-soft" data-library-empty="">
          Nothing here yet. Each app is $29 with lifetime access, and Adventurer and Alchemist members get every app included.{' '}
          <a href="/products" className="font-semibold text-plum-700">
            Browse the apps
          </a>
          .
        </p>
      ) : (
        <ul className="divide-y divide-plum-100" data-library="">
          {items.map(({ product, access }) => {
            const name = displayName(product.name);
            const open = whereToOpen(product, accessLinks);
            return (
              <li key={product.priceId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-library-item={product.priceId}>
                <span>
                  <span className="block font-semibold text-ink">{name}</span>
                  <span className="block text-sm text-ink-soft" data-library-source="">
                    {accessSource(access, formatLongDate)}
                  </span>
                </span>
                {access.kind === 'none' ? null : (
                  <a href={open.href} className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" aria-label={`${open.label}: ${name}`}>
                    {open.label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
