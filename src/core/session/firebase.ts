/**
 * Firebase Auth, created on first use. Only auth is loaded (no analytics, no storage), with
 * `initializeAuth` and the one persistence the site uses (local storage: the session survives
 * a reload and a new tab), and connected to the Auth emulator when
 * PUBLIC_FIREBASE_AUTH_EMULATOR_HOST is set.
 *
 * The popup resolver is not part of the instance: Firebase starts it at initialisation when it
 * has one (on mobile browsers and Safari that loads Google's gapi script and an auth iframe on
 * every page), so it is handed to the popup calls only, when a member presses a Google button.
 *
 * The SDK is loaded to sign in, sign up, sign out and sign in again, not to restore a session:
 * at every token change it writes the session record (./session-record.ts) from the user's
 * public fields, which member pages restore and refresh without it (./store.ts). Firebase's
 * auth package is one module, so whatever part of it is imported brings its reCAPTCHA, phone
 * and popup code along (about 28 KiB of gzip with firebase/app); member pages do without it.
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
import { writeSessionRecord } from './session-record';

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
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (PUBLIC_FIREBASE_AUTH_EMULATOR_HOST) {
    connectAuthEmulator(auth, `http://${PUBLIC_FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  }
  const instance = auth;
  setAccessTokenProvider(async () => {
    await instance.authStateReady();
    return instance.currentUser ? instance.currentUser.getIdToken() : null;
  });
  onIdTokenChanged(instance, (user) => {
    recording = recording.then(() => recordSession(instance, user));
  });
  return auth;
}

/** The writes of the session record, one after the other (the last token change wins). */
let recording: Promise<void> = Promise.resolve();

/** Writes the session record for `user` (removes it when signed out), unless another user took over meanwhile. */
async function recordSession(instance: Auth, user: User | null): Promise<void> {
  if (!user) {
    writeSessionRecord(null);
    return;
  }
  try {
    const { token, expirationTime } = await user.getIdTokenResult();
    if (instance.currentUser?.uid !== user.uid) return;
    writeSessionRecord({
      v: 1,
      apiKey: PUBLIC_FIREBASE_API_KEY ?? '',
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      displayName: user.displayName,
      photoURL: user.photoURL,
      phoneNumber: user.phoneNumber,
      createdAt: user.metadata.creationTime ?? null,
      refreshToken: user.refreshToken,
      idToken: token,
      expiresAt: Date.parse(expirationTime),
    });
  } catch {
    /* no token now (offline): the record is written again at the next token change */
  }
}

/** The signed-in user once Firebase has restored the session (null when signed out). */
async function currentUser(): Promise<User | null> {
  const instance = getFirebaseAuth();
  await instance.authStateReady();
  return instance.currentUser;
}

/** The current user's ID token (refreshed when `forceRefresh`), or null when signed out. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const user = await currentUser();
  if (!user) return null;
  const token = await user.getIdToken(forceRefresh);
  await recording;
  return token;
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
  await recording;
  return toAppUser(user);
}

/** Creates the account, then sets the display name from the trimmed full name when there is one. */
export async function signUpWithEmail(email: string, password: string, fullName: string): Promise<AppUser> {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  const name = fullName.trim();
  if (name) await updateProfile(user, { displayName: name });
  await recording;
  return toAppUser(user);
}

export async function signInWithGoogle(): Promise<AppUser> {
  const { user } = await signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver);
  await recording;
  return toAppUser(user);
}

export async function signOut(): Promise<void> {
  const instance = getFirebaseAuth();
  await instance.authStateReady();
  await firebaseSignOut(instance);
  await recording;
  writeSessionRecord(null);
}

/** Seconds since the current user last signed in (the token's auth_time), or null when signed out. */
export async function secondsSinceSignIn(): Promise<number | null> {
  const user = await currentUser();
  if (!user) return null;
  const { authTime } = await user.getIdTokenResult();
  return Math.max(0, Math.floor((Date.now() - Date.parse(authTime)) / 1000));
}

/** How the current user signs in: with a password, or with Google. */
export async function signInMethod(): Promise<'password' | 'google'> {
  const user = await currentUser();
  return user?.providerData.some((p) => p.providerId === 'password') ? 'password' : 'google';
}

/**
 * Signs the current user in again (a password, or the Google popup), as Firebase asks before
 * an account is deleted; the fresh ID token then carries a recent auth_time.
 */
export async function reauthenticate(password: string | null): Promise<void> {
  const user = await currentUser();
  if (!user) throw new Error('Not signed in');
  if (password !== null && user.email) await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  else await reauthenticateWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver);
  await user.getIdToken(true);
  await recording;
}
