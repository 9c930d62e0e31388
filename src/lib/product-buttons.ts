/**
 * The button of every product card on /products (spec, section 4 "Product button by tier"):
 * one decision for each product type, tier, signed-out visitor, the site-wide flag, and the
 * moment included access starts. The clock is a parameter, so every case is testable.
 */
import type { Product } from './schemas';
import type { Tier } from './tiers';

export const SIGN_IN_LABEL = 'Sign In to Purchase';
export const SIGN_IN_HREF = '/login';
export const COMING_SOON_LABEL = 'Coming Soon';
export const ACCESS_SOON_LABEL = 'Access Now (Coming Soon)';

export type ProductButton =
  /** A visitor: a link to sign in. */
  | { kind: 'signIn'; label: typeof SIGN_IN_LABEL; href: typeof SIGN_IN_HREF }
  /** The site-wide flag is on: purchases are switched off. Rendered disabled. */
  | { kind: 'unavailable'; label: typeof COMING_SOON_LABEL }
  /** The free Explorer membership: nothing to buy. Rendered disabled. */
  | { kind: 'inert'; label: 'Free - Get Started' }
  /** A membership the member already has (Alchemist tier). Rendered disabled. */
  | { kind: 'current'; label: 'Current Plan' }
  /** Starts a checkout of this price. */
  | { kind: 'checkout'; label: 'Upgrade' | 'Buy Now'; priceId: string; mode: Product['mode'] }
  /** Included in the member's tier: a link to it. */
  | { kind: 'access'; label: 'Access Now' | 'Access Now (Included)'; href: string }
  /** Included, but before the access date: disabled, with the note. */
  | { kind: 'accessSoon'; label: typeof ACCESS_SOON_LABEL; note: string };

export interface AccessStartParts {
  year: number;
  /** 0 = January. */
  monthIndex: number;
  day: number;
}

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
  tier: Tier;
  /** The site-wide disable flag. */
  featuresDisabled: boolean;
  now: Date;
  accessStart: Date;
  /** Where "Access Now" leads for this product. */
  accessHref: string;
}

function access(label: 'Access Now' | 'Access Now (Included)', ctx: ButtonContext): ProductButton {
  if (ctx.now.getTime() < ctx.accessStart.getTime()) {
    return { kind: 'accessSoon', label: ACCESS_SOON_LABEL, note: accessNote(ctx.accessStart) };
  }
  return { kind: 'access', label, href: ctx.accessHref };
}

function checkout(label: 'Upgrade' | 'Buy Now', product: Pick<Product, 'priceId' | 'mode'>): ProductButton {
  return { kind: 'checkout', label, priceId: product.priceId, mode: product.mode };
}

export function productButton(product: Pick<Product, 'priceId' | 'name' | 'mode' | 'productType'>, ctx: ButtonContext): ProductButton {
  if (ctx.featuresDisabled) return { kind: 'unavailable', label: COMING_SOON_LABEL };
  if (!ctx.signedIn) return { kind: 'signIn', label: SIGN_IN_LABEL, href: SIGN_IN_HREF };
  switch (product.productType) {
    case 'membership':
      if (product.name.includes('Explorer')) return { kind: 'inert', label: 'Free - Get Started' };
      if (ctx.tier === 'Explorer') return checkout('Upgrade', product);
      if (ctx.tier === 'Adventurer' && product.name.includes('Alchemist')) return checkout('Upgrade', product);
      if (ctx.tier === 'Alchemist') return { kind: 'current', label: 'Current Plan' };
      return checkout('Upgrade', product);
    case 'app':
      if (ctx.tier === 'Alchemist') return access('Access Now (Included)', ctx);
      if (ctx.tier === 'Adventurer') return access('Access Now', ctx);
      return checkout('Buy Now', product);
    case 'course':
      if (ctx.tier === 'Alchemist' && product.name.includes('Master Alchemist')) return access('Access Now (Included)', ctx);
      return checkout('Buy Now', product);
  }
}

/** Whether a signed-in member of this tier sees the "Premium content" lock note on an app card. */
export function showsPremiumLock(product: Pick<Product, 'productType'>, signedIn: boolean, tier: Tier): boolean {
  return signedIn && tier === 'Explorer' && product.productType === 'app';
}
