/**
 * Firebase Auth, created on first use. Only auth is loaded (no analytics, no storage), with
 * the persistence and popup resolver the site needs, and connected to the Auth emulator when
 * PUBLIC_FIREBASE_AUTH_EMULATOR_HOST is set.
 */
import { initializeApp, getApps } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  GoogleAuthProvider,
  initializeAuth,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  PUBLIC_FIREBASE_API_KEY,
  PUBLIC_FIREBASE_APP_ID,
  PUBLIC_FIREBASE_AUTH_DOMAIN,
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
  PUBLIC_FIREBASE_MEASUREMENT_ID,
  PUBLIC_FIREBASE_PROJECT_ID,
  PUBLIC_FIREBASE_STORAGE_BUCKET,
} from 'astro:env/client';
import { toAppUser, type AppUser, type Session } from './user';
import { setAccessTokenProvider } from './access-token';

export function isFirebaseConfigured(): boolean {
  return Boolean(PUBLIC_FIREBASE_API_KEY && PUBLIC_FIREBASE_PROJECT_ID);
}

let auth: Auth | undefined;

/** The Auth instance; throws a readable error when Firebase is not configured. */
export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  if (!isFirebaseConfigured()) throw new Error('Sign-in is not configured (PUBLIC_FIREBASE_* variables are unset).');
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: PUBLIC_FIREBASE_API_KEY,
      authDomain: PUBLIC_FIREBASE_AUTH_DOMAIN,
      projectId: PUBLIC_FIREBASE_PROJECT_ID,
      storageBucket: PUBLIC_FIREBASE_STORAGE_BUCKET,
      appId: PUBLIC_FIREBASE_APP_ID,
      measurementId: PUBLIC_FIREBASE_MEASUREMENT_ID,
    });
  auth = initializeAuth(app, { persistence: browserLocalPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (PUBLIC_FIREBASE_AUTH_EMULATOR_HOST) {
    connectAuthEmulator(auth, `http://${PUBLIC_FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  }
  setAccessTokenProvider(async () => (auth?.currentUser ? auth.currentUser.getIdToken() : null));
  return auth;
}

/** The current user's ID token (refreshed when `forceRefresh`), or null when signed out. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const user = getFirebaseAuth().currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

/** Calls `listener` with every session change (token changes included). Returns an unsubscribe. */
export function onSessionChange(listener: (session: Session) => void): () => void {
  if (!isFirebaseConfigured()) {
    listener({ status: 'signedOut' });
    return () => {};
  }
  return onIdTokenChanged(getFirebaseAuth(), (user: User | null) => {
    listener(user ? { status: 'signedIn', user: toAppUser(user) } : { status: 'signedOut' });
  });
}

export async function signInWithEmail(email: string, password: string): Promise<AppUser> {
  const { user } = await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
  return toAppUser(user);
}

/** Creates the account, then sets the display name from the trimmed full name when there is one. */
export async function signUpWithEmail(email: string, password: string, fullName: string): Promise<AppUser> {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  const name = fullName.trim();
  if (name) await updateProfile(user, { displayName: name });
  return toAppUser(user);
}

export async function signInWithGoogle(): Promise<AppUser> {
  const { user } = await signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider());
  return toAppUser(user);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(getFirebaseAuth());
}

/** Seconds since the current user last signed in (the token's auth_time), or null when signed out. */
export async function secondsSinceSignIn(): Promise<number | null> {
  const user = getFirebaseAuth().currentUser;
  if (!user) return null;
  const { authTime } = await user.getIdTokenResult();
  return Math.max(0, Math.floor((Date.now() - Date.parse(authTime)) / 1000));
}

/** How the current user signs in: with a password, or with Google. */
export function signInMethod(): 'password' | 'google' {
  const user = getFirebaseAuth().currentUser;
  return user?.providerData.some((p) => p.providerId === 'password') ? 'password' : 'google';
}

/**
 * Signs the current user in again (a password, or the Google popup), as Firebase asks before
 * an account is deleted; the fresh ID token then carries a recent auth_time.
 */
export async function reauthenticate(password: string | null): Promise<void> {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw new Error('Not signed in');
  if (password !== null && user.email) await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  else await reauthenticateWithPopup(user, new GoogleAuthProvider());
  await user.getIdToken(true);
}
