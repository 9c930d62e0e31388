/**
 * What the login and signup forms check before they call the identity provider, in order, with
 * the words members read. The forms are `noValidate`, so these messages are what members see.
 */
import { AUTH_MESSAGES } from './auth-errors';

export const VALIDATION_MESSAGES = {
  fullNameRequired: 'Please enter your full name',
  emailRequired: 'Please enter your email address',
  loginEmailInvalid: 'Please enter a valid email address',
  signupEmailInvalid: AUTH_MESSAGES.invalidEmail,
  passwordRequired: 'Please enter your password',
  newPasswordRequired: 'Please choose a password',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
} as const;

export const MIN_PASSWORD_LENGTH = 6;

export interface LoginInput {
  email: string;
  password: string;
}

export interface SignupInput extends LoginInput {
  fullName: string;
  confirmPassword: string;
}

/** Both fields are required; the email needs an "@". Null when the form can be sent. */
export function validateLogin({ email, password }: LoginInput): string | null {
  if (!email.trim()) return VALIDATION_MESSAGES.emailRequired;
  if (!email.includes('@')) return VALIDATION_MESSAGES.loginEmailInvalid;
  if (!password) return VALIDATION_MESSAGES.passwordRequired;
  return null;
}

/**
 * Every field is required; then the passwords must match (checked before their length), then
 * the password needs at least 6 characters. Null when the form can be sent.
 */
export function validateSignup({ fullName, email, password, confirmPassword }: SignupInput): string | null {
  // Required as the browser would require it (any character); only a non-blank name is saved.
  if (!fullName) return VALIDATION_MESSAGES.fullNameRequired;
  if (!email.trim()) return VALIDATION_MESSAGES.emailRequired;
  if (!email.includes('@')) return VALIDATION_MESSAGES.signupEmailInvalid;
  if (!password) return VALIDATION_MESSAGES.newPasswordRequired;
  if (!confirmPassword) return VALIDATION_MESSAGES.confirmRequired;
  if (password !== confirmPassword) return VALIDATION_MESSAGES.passwordsDiffer;
  if (password.length < MIN_PASSWORD_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  return null;
}

/** The spec's email checks (required, then an "@"), as the login form makes them. Null when the address can be sent. */
export function validateEmail(email: string): string | null {
  if (!email.trim()) return VALIDATION_MESSAGES.emailRequired;
  if (!email.includes('@')) return VALIDATION_MESSAGES.loginEmailInvalid;
  return null;
}

/**
 * A new password (a reset, a change) with the signup's rules: both fields, then equal (checked
 * before the length), then at least 6 characters. Null when it can be sent.
 */
export function validateNewPassword({ password, confirmPassword }: { password: string; confirmPassword: string }): string | null {
  if (!password) return VALIDATION_MESSAGES.newPasswordRequired;
  if (!confirmPassword) return VALIDATION_MESSAGES.confirmRequired;
  if (password !== confirmPassword) return VALIDATION_MESSAGES.passwordsDiffer;
  if (password.length < MIN_PASSWORD_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  return null;
}

/** Longest address the site takes (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * One plain address, trimmed and lower-cased, or null: no spaces, commas, angle brackets or
 * quotes (a list or a display name is not an address), one "@" with text on both sides and a
 * dot in the domain, at most 254 characters. The server's check beyond the spec's "@".
 */
export function plainAddress(email: string): string | null {
  const value = email.trim().toLowerCase();
  if (value.length > MAX_EMAIL_LENGTH) return null;
  return /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/.test(value) ? value : null;
}

/** The display name saved with a new account: the trimmed full name, or null when empty. */
export function displayNameFrom(fullName: string): string | null {
  const name = fullName.trim();
  return name ? name : null;
}

/** After a successful sign-in or sign-up, the green message shows this long before /dashboard. */
export const REDIRECT_DELAY_MS = 1500;
