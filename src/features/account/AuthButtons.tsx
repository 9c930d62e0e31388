/**
 * The buttons under the sign-in and sign-up forms: the form's own submit, "or", and the Google
 * button, all disabled together (the flag, a request on its way, or an island not live yet).
 */
import GoogleMark from './GoogleMark';

interface Props {
  submitLabel: string;
  googleLabel: string;
  disabled: boolean;
  onGoogle: () => void;
}

export default function AuthButtons({ submitLabel, googleLabel, disabled, onGoogle }: Props) {
  return (
    <>
      <button type="submit" className="btn btn-primary w-full" disabled={disabled}>
        {submitLabel}
      </button>
      <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
        <span className="h-px flex-1 bg-plum-100" />
        or
        <span className="h-px flex-1 bg-plum-100" />
      </div>
      <button type="button" className="btn btn-outline w-full" disabled={disabled} onClick={onGoogle}>
        <GoogleMark />
        {googleLabel}
      </button>
    </>
  );
}
