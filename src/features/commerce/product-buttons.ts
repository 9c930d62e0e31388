/**
 * The button of every product card on /products, by tier: one decision for each product type, tier, signed-out visitor, the site-wide flag, and the
 * moment included access starts. The clock is a parameter, so every case is testable.
 */
import type { Product } from '../../core/access/product';
import type { Access, Standing } from '../../core/access/access';
import { isFoundingProduct, PENDING_NOTE } from '../../core/access/founding';
import type { Tier } from '../../core/access/tiers';

export const SIGN_IN_LABEL = 'Sign In to Purchase';
export const SIGN_IN_HREF = '/login';
export const COMING_SOON_LABEL = 'Coming Soon';
export const ACCESS_SOON_LABEL = 'Access Now (Coming Soon)';

export const PENDING_LABEL = 'Payment Processing';

export type ProductButton =
  /** A visitor: a link to sign in. */
  | { kind: 'signIn'; label: typeof SIGN_IN_LABEL; href: typeof SIGN_IN_HREF }
  /** The site-wide flag is on: purchases are switched off. Rendered disabled. */
  | { kind: 'unavailable'; label: typeof COMING_SOON_LABEL }
  /** The free Explorer membership: nothing to buy. Rendered disabled. */
  | { kind: 'inert'; label: 'Free - Get Started' }
  /** A membership the member has, or one their plan covers; `note` says what they have. Disabled. */
  | { kind: 'current'; label: 'Current Plan'; note: string }
  /** Starts a checkout of this price. */
  | { kind: 'checkout'; label: 'Upgrade' | 'Buy Now'; priceId: string; mode: Product['mode'] }
  /** Owned or included: a link to it; `note` says how the member has it. */
  | { kind: 'access'; label: 'Access Now' | 'Access Now (Included)'; href: string; note: string }
  /** Owned or included, but before the access date: disabled, with the note. */
  | { kind: 'accessSoon'; label: typeof ACCESS_SOON_LABEL; note: string }
  /** A payment for it is still settling: disabled, so it is not bought twice. */
  | { kind: 'pending'; label: typeof PENDING_LABEL; note: typeof PENDING_NOTE };

export interface AccessStartParts {
  year: number;
  /** 0 = January. */
  monthIndex: number;
  day: number;
}

/** Included apps become accessible from this moment, local time (2025-08-08 00:00). */
export const ACCESS_START: AccessStartParts = { year: 2025, monthIndex: 7, day: 8 };

/** Midnight at the start of that day, local time. */
export function localMidnight(parts: AccessStartParts): Date {
  return new Date(parts.year, parts.monthIndex, parts.day, 0, 0, 0, 0);
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** "Your access begins on August 8th, 2025". */
export function accessNote(start: Date): string {
  const month = start.toLocaleString('en-US', { month: 'long' });
  return `Your access begins on ${month} ${ordinal(start.getDate())}, ${start.getFullYear()}`;
}

export interface ButtonContext {
  /** Only a signed-in member gets tier buttons; a visitor (or an unknown session) signs in. */
  signedIn: boolean;
  /** What the member has of this product (src/core/access/access.ts). */
  access: Access;
  /** The member's tier and whether they are a Founding Member. */
  standing: Pick<Standing, 'tier' | 'founding'>;
  /** The site-wide disable flag. */
  featuresDisabled: boolean;
  now: Date;
  accessStart: Date;
  /** Where "Access Now" leads for this product. */
  accessHref: string;
}

/** The note on a member's access, for the button's description. */
export function accessNoteFor(access: Access): string {
  if (access.kind === 'owned') return access.reason === 'founding' ? 'Included in your Founding Membership' : 'You have lifetime access';
  if (access.kind === 'included') return `Included in your ${access.tier} membership`;
  return '';
}

function open(label: 'Access Now' | 'Access Now (Included)', ctx: ButtonContext): ProductButton {
  if (ctx.now.getTime() < ctx.accessStart.getTime()) {
    return { kind: 'accessSoon', label: ACCESS_SOON_LABEL, note: accessNote(ctx.accessStart) };
  }
  return { kind: 'access', label, href: ctx.accessHref, note: accessNoteFor(ctx.access) };
}

function checkout(label: 'Upgrade' | 'Buy Now', product: Pick<Product, 'priceId' | 'mode'>): ProductButton {
  return { kind: 'checkout', label, priceId: product.priceId, mode: product.mode };
}

const pending: ProductButton = { kind: 'pending', label: PENDING_LABEL, note: PENDING_NOTE };

/**
 * The button, decided from the access model: owned or included opens it ("Access Now"), a
 * pending payment holds it, a member's own plan is "Current Plan" (never "Upgrade" to the plan
 * they hold, which checkout refuses), an Alchemist's Adventurer plan and Founding Membership
 * are "Current Plan" too with a note saying what the member has, and anything else is bought
 * ("Buy Now", "Upgrade").
 */
export function productButton(product: Pick<Product, 'priceId' | 'name' | 'mode' | 'productType'>, ctx: ButtonContext): ProductButton {
  if (ctx.featuresDisabled) return { kind: 'unavailable', label: COMING_SOON_LABEL };
  if (!ctx.signedIn) return { kind: 'signIn', label: SIGN_IN_LABEL, href: SIGN_IN_HREF };
  const { access, standing } = ctx;
  const founding = standing.founding ? 'Included in your Founding Membership' : null;
  switch (product.productType) {
    case 'membership':
      if (product.name.includes('Explorer')) return { kind: 'inert', label: 'Free - Get Started' };
      if (isFoundingProduct(product)) {
        if (access.kind === 'owned') return { kind: 'current', label: 'Current Plan', note: 'You are a Founding Member' };
        if (access.reason === 'pending') return pending;
        if (standing.tier === 'Alchemist') return { kind: 'current', label: 'Current Plan', note: 'You have the Alchemist membership' };
        return checkout('Upgrade', product);
      }
      if (access.kind === 'included' && access.reason === 'subscribed') return { kind: 'current', label: 'Current Plan', note: 'Your current plan' };
      if (standing.tier === 'Alchemist') return { kind: 'current', label: 'Current Plan', note: founding ?? 'Included in your Alchemist membership' };
      return checkout('Upgrade', product);
    case 'app':
    case 'course':
      if (access.kind === 'owned') return open(access.reason === 'founding' ? 'Access Now (Included)' : 'Access Now', ctx);
      if (access.kind === 'included') return open(access.tier === 'Alchemist' ? 'Access Now (Included)' : 'Access Now', ctx);
      if (access.reason === 'pending') return pending;
      return checkout('Buy Now', product);
  }
}

/** Whether a signed-in member sees the "Premium content" lock note on an app card: Explorer, not owned. */
export function showsPremiumLock(product: Pick<Product, 'productType'>, signedIn: boolean, tier: Tier, access: Access): boolean {
  return signedIn && tier === 'Explorer' && product.productType === 'app' && access.kind === 'none';
}
