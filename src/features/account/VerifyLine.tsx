/**
 * The dashboard's quiet line while the member's address is not proven (the profile says so, as
 * the server wrote it; docs/decisions/accounts.md), loaded only then: "Send the link again", whose
 * call loads on the tap (at most 3 an hour, the server's words when that is used up).
 */
import { useState } from 'react';
import { $profile } from '../../core/profile/store';

export default function VerifyLine() {
  const [note, setNote] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const again = async () => {
    setSending(true);
    try {
      const { sendVerificationAgain } = await import('./account-api');
      const { verified, message } = await sendVerificationAgain();
      if (verified) void $profile.reload();
      setNote(message);
    } catch (error) {
      setNote(error instanceof Error ? error.message : 'The link could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="mt-4 rounded-xl bg-gold-100 px-4 py-3 text-sm text-plum-900" data-verify-email>
      <p>
        Your email address isn’t verified yet. Open the link we sent you to confirm it: until then we send you nothing else, and coaching seats wait for it.{' '}
        <button type="button" className="font-semibold text-plum-700 underline" disabled={sending} onClick={() => void again()}>
          Send the link again
        </button>
      </p>
      {note && (
        <p className="mt-1" role="status">
          {note}
        </p>
      )}
    </div>
  );
}

