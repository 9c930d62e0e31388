/**
 * "Claim your certificate" on the course page (/course/), once the database's rows show every
 * lesson complete (the server checks again when the claim is sent). The dialog
 * (./CertificateClaim.tsx) loads on the tap, or at once when the member arrives from the
 * dashboard's "Claim your certificate" (/course/#certificate): the dashboard, at its 110 KiB
 * budget, carries only that link. Nothing for a visitor or before the course is complete.
 */
import { lazy, Suspense, useState } from 'react';
import { useStore } from '../../core/ui/useStore';
import { useSession } from '../../core/session/useSession';
import { $courseProgress } from './store';
import { CERTIFICATE_PATH, type OutlineLesson } from './outline';
import { progressOf } from './progress';

/** The dashboard's link to the claim is CERTIFICATE_PATH: this page's part after the `#`. */
const ANCHOR = CERTIFICATE_PATH.split('#')[1]!;

const CertificateClaim = lazy(() => import('./CertificateClaim'));

function Offer({ lessons, memberName }: { lessons: OutlineLesson[]; memberName: string }) {
  const progress = useStore($courseProgress, { ssr: 'initial' });
  // Arriving from the dashboard's link asks for the dialog at once (once the course shows complete).
  const [asked, setAsked] = useState(() => (typeof window !== 'undefined' && window.location.hash === `#${ANCHOR}` ? 1 : 0));
  if (progress.status !== 'ready') return null;
  if (progressOf(lessons, progress.value.completions).next) return null;
  return (
    <div id={ANCHOR} className="mt-4">
      <button type="button" className="btn btn-gold" onClick={() => setAsked(asked + 1)} data-claim-certificate="">
        Claim your certificate
      </button>
      {asked > 0 ? (
        <Suspense fallback={null}>
          <CertificateClaim key={asked} defaultName={memberName} />
        </Suspense>
      ) : null}
    </div>
  );
}

export default function CertificateOffer({ lessons }: { lessons: OutlineLesson[] }) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <Offer lessons={lessons} memberName={session.user.full_name ?? ''} />;
}
