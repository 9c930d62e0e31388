/**
 * "Claim your certificate" (issue 45): the dialog the course page opens once every lesson is
 * complete (./CertificateOffer.tsx), loaded on the tap. A native dialog asks for the
 * name to put on the certificate (the member's display name to begin with), sends it to
 * POST /api/certificate, and shows what the server answers: its refusal in the member's words, or
 * the certificate with its public page, LinkedIn's "Add to profile" link, and the same fields as
 * text to copy (the link's form has changed before).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { callAsMember } from '../../core/member-api';
import Field from '../../core/ui/Field';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';
import { certificateDate, linkedInFields, linkedInUrl, NAME_MAX, nameProblem, pdfPath, verifyPath, type IssuedCertificate, type LinkedInFields } from './certificate';

const FIELD_LABELS: Record<keyof LinkedInFields, string> = {
  name: 'Name',
  organizationName: 'Issuing organization',
  issueYear: 'Issue year',
  issueMonth: 'Issue month',
  certUrl: 'Credential URL',
  certId: 'Credential ID',
};

function Issued({ certificate }: { certificate: IssuedCertificate }) {
  const fields = linkedInFields(certificate, window.location.origin);
  return (
    <div className="space-y-4" data-certificate={certificate.code}>
      <p>
        Your certificate, in the name of <strong>{certificate.name}</strong>, completed on {certificateDate(certificate.completed_at)}.
      </p>
      <div className="flex flex-wrap gap-3">
        <a className="btn btn-gold" href={verifyPath(certificate.code)} data-verify-link="">
          See your certificate
        </a>
        <a className="btn btn-outline" href={linkedInUrl(fields)} target="_blank" rel="noopener noreferrer" data-linkedin-link="">
          Add to LinkedIn profile
        </a>
        <a className="btn btn-outline" href={pdfPath(certificate.code)} download data-pdf-link="">
          Download the PDF
        </a>
      </div>
      <section aria-labelledby="certificate-fields-heading">
        <h3 id="certificate-fields-heading" className="font-semibold">
          To add it on LinkedIn by hand
        </h3>
        <div className="mt-2 grid gap-2">
          {(Object.keys(FIELD_LABELS) as (keyof LinkedInFields)[]).map((key) => (
            <Field key={key} id={`certificate-${key}`} label={FIELD_LABELS[key]} value={fields[key]} readOnly onFocus={(e) => e.currentTarget.select()} data-field={key} />
          ))}
        </div>
      </section>
    </div>
  );
}

/** Opens as it mounts (./CertificateOffer.tsx mounts a new one each time the member asks). */
export default function CertificateClaim({ defaultName }: { defaultName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [name, setName] = useState(defaultName);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [certificate, setCertificate] = useState<IssuedCertificate | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const claim = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) return setMessage({ tone: 'error', text: problem });
    setBusy(true);
    setMessage(null);
    try {
      const answer = await callAsMember('/api/certificate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) }, 'Your certificate could not be issued. Please try again.');
      setCertificate((answer.body as { certificate: IssuedCertificate }).certificate);
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} aria-labelledby={titleId} className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-3xl bg-paper p-0 text-ink shadow-xl backdrop:bg-plum-900/50" data-certificate-dialog="">
      <div className="space-y-4 p-6 sm:p-8">
        <h2 id={titleId} className="text-2xl font-semibold">
          {certificate ? 'Your certificate' : 'Claim your certificate'}
        </h2>
        {certificate ? (
          <Issued certificate={certificate} />
        ) : (
          <form noValidate onSubmit={(e) => void claim(e)} className="space-y-4">
            <p>You completed every lesson. Which name would you like on your certificate? It is shown exactly as you write it.</p>
            <Field id="certificate-name" label="Name on the certificate" name="name" autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
            <MessageBanner message={message} />
            <button type="submit" className="btn btn-gold w-full" disabled={busy} aria-busy={busy}>
              {busy ? 'Issuing…' : 'Issue my certificate'}
            </button>
          </form>
        )}
        <button type="button" className="btn btn-outline w-full" disabled={busy} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}

