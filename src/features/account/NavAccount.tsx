/**
 * The account corner of the navigation bar for members: tier badge and an Account menu with
 * Dashboard and Sign Out (a disclosure menu on desktop, plain links in the mobile menu).
 * Hydrated with `client:signedin`, so it only ever runs for someone who signed in; visitors
 * get the static Sign In link of NavAccount.astro. On every page a member sees, it is also where
 * the device follows the session (./follow-device.ts).
 */
import { useStore } from '../../core/ui/useStore';
import { useEffect, useId, useRef, useState } from 'react';
import { standing } from '../../core/access/access';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../core/access/store';
import TierBadge from '../../core/access/TierBadge';
import { useSession } from '../../core/session/useSession';
import { loadingOnServer } from '../../core/session/loading';
import { followDevice } from './follow-device';

interface Props {
  variant: 'desktop' | 'mobile';
}

async function leave() {
  try {
    // The member chose to stay signed in (something they wrote offline has not synced yet).
    // Signing out loads on the click, not with every member page.
    const { signOut } = await import('./sign-in-actions');
    if (!(await signOut())) return;
  } catch (error) {
    console.error('Sign out failed', error);
  }
  window.location.assign('/');
}

function Placeholder({ variant }: Props) {
  return (
    <span
      className={`inline-block animate-pulse rounded-full bg-plum-100 ${variant === 'desktop' ? 'h-10 w-40' : 'h-11 w-full'}`}
      aria-hidden="true"
      data-account-placeholder
    />
  );
}

/** The member's tier from their subscription and purchases (the access model), as everywhere. */
function Tier() {
  const access = useStore($memberAccess, { ssr: loadingOnServer });
  if (access.status === 'loading') return <span className="inline-block h-7 w-24 animate-pulse rounded-full bg-plum-100" aria-hidden="true" />;
  return <TierBadge tier={standing({ ...access.value, catalogue: BUILT_IN_CATALOGUE }).badge} />;
}

function DesktopMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-outline min-h-10 px-4 py-1.5 text-sm"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        Account
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <ul id={menuId} hidden={!open} className="card absolute top-full right-0 mt-2 min-w-44 p-2">
        <li>
          <a href="/dashboard" className="block rounded-lg px-3 py-2 font-medium text-ink no-underline hover:bg-plum-50">
            Dashboard
          </a>
        </li>
        <li>
          <button type="button" className="block w-full rounded-lg px-3 py-2 text-left font-medium text-ink hover:bg-plum-50" onClick={leave}>
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}

export default function NavAccount({ variant }: Props) {
  const session = useSession();
  // However the session ends (or another member signs in), the device follows it.
  useEffect(() => followDevice(session), [session]);
  if (session.status === 'unknown') return <Placeholder variant={variant} />;
  if (session.status === 'signedOut') return null;

  if (variant === 'desktop') {
    return (
      <div className="flex items-center gap-3" data-account-menu>
        <Tier />
        <DesktopMenu />
      </div>
    );
  }
  return (
    <div className="space-y-3" data-account-menu>
      <p className="flex items-center justify-between gap-3">
        <span className="font-semibold text-ink">Account</span>
        <Tier />
      </p>
      <a href="/dashboard" className="btn btn-outline w-full">
        Dashboard
      </a>
      <button type="button" className="btn btn-primary w-full" onClick={leave}>
        Sign Out
      </button>
    </div>
  );
}
