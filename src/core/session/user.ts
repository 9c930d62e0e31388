/** The signed-in user as the site uses it, and the session states. */

/** The user as the site knows it, built from the identity provider's account. */
export interface AppUser {
  id: string;
  email: string | null;
  phone: string | null;
  /** ISO time the email was confirmed, or null while it is not. */
  email_confirmed_at: string | null;
  full_name: string | null;
  avatar_url: string | null;
  firebase_uid: string;
}

/** What every island renders from: unknown (render a placeholder), signed out, or signed in. */
export type Session = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: AppUser };

/** The fields of a Firebase user the mapping reads (kept structural so this stays SDK-free). */
export interface ProviderUser {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  metadata: { creationTime?: string | undefined };
}

export function toAppUser(u: ProviderUser): AppUser {
  return {
    id: u.uid,
    email: u.email,
    phone: u.phoneNumber,
    email_confirmed_at: u.emailVerified && u.metadata.creationTime ? new Date(u.metadata.creationTime).toISOString() : null,
    full_name: u.displayName,
    avatar_url: u.photoURL,
    firebase_uid: u.uid,
  };
}
