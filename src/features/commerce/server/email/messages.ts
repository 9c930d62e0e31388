/**
 * The words of each message, one template a kind, each written once as blocks
 * (./render.ts gives the HTML and the plain text): the purchase confirmation (what was bought,
 * how to open it, the order reference; Stripe's receipt stays Stripe's) and the access-ending
 * note (after a refund, a lost dispute or an ended membership: what ends, when, and what stays).
 * `params` are what the outbox row keeps for the message (./outbox.ts); they are read here and a
 * message that cannot be written from them is refused (null), never sent half-filled. Pure.
 */
import { BRAND, LOUNGE_NAME } from '../../../../core/config/site';
import { formatLongDate } from '../../../../core/dates';
import type { Json } from '../../../../core/db/database.types';
import type { Block, MessageContent } from '../../../../../netlify/functions/_shared/email/render';
import { boughtItem, type Bought, type ProductHomes } from './products';
import { greeting, LIBRARY_PATH, SIGNOFF_NAME, type Recipient } from '../../../../../netlify/functions/_shared/email/messages';
export { greeting, SIGNOFF_NAME, type Recipient };

/** "November 26, 2026" for an instant, read on the UTC calendar (the server has no reader's zone for these). */
export function dayOf(iso: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return formatLongDate(new Date(time).toISOString().slice(0, 10));
}

const text = (params: Json, key: string): string | null => {
  const value = params && typeof params === 'object' && !Array.isArray(params) ? params[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

// --- purchase confirmation ------------------------------------------------------------------

export interface PurchaseParams {
  priceId: string;
  /** The Checkout Session id: the order reference /success shows too. */
  orderRef: string;
}

export function purchaseParams(params: Json, homes: ProductHomes): (PurchaseParams & { bought: Bought }) | null {
  const priceId = text(params, 'priceId');
  const orderRef = text(params, 'orderRef');
  const bought = priceId ? boughtItem(priceId, homes) : null;
  return priceId && orderRef && bought ? { priceId, orderRef, bought } : null;
}

const RECEIPT = 'Stripe sends the receipt for your payment separately.';

function openBlocks(bought: Bought): { subject: string; preheader: string; blocks: Block[] } {
  switch (bought.kind) {
    case 'app':
      return {
        subject: `${bought.name} is yours`,
        preheader: `It’s waiting for you in the ${LOUNGE_NAME}, whenever you’re ready.`,
        blocks: [
          { kind: 'paragraph', parts: [`Thank you for choosing ${bought.name}. It’s yours for life now, and its room in the ${LOUNGE_NAME} is already open.`] },
          { kind: 'button', text: `Open ${bought.name}`, href: bought.home },
          {
            kind: 'paragraph',
            parts: ['You’ll also find it in ', { text: 'your library', href: LIBRARY_PATH }, ' on your dashboard whenever you sign in, on any device.'],
          },
          {
            kind: 'paragraph',
            parts: ['A small suggestion for the first visit: go gently, and don’t aim for a perfect session. Showing up for a few quiet minutes is the whole practice.'],
          },
        ],
      };
    case 'course':
      return {
        subject: `Welcome to the ${bought.name}`,
        preheader: 'All 27 lessons are open to you now, at your own pace.',
        blocks: [
          { kind: 'paragraph', parts: [`Thank you for joining the ${bought.name}. All 27 lessons, in nine modules, are open to you now, and they stay yours.`] },
          { kind: 'button', text: 'Start the course', href: bought.home },
          {
            kind: 'paragraph',
            parts: ['There’s no schedule to keep up with. One lesson at a time, with a pause in between, works well; your progress is kept, so you can always pick up where you left off.'],
          },
        ],
      };
    case 'founding':
      return {
        subject: 'Welcome, Founding Member',
        preheader: 'Every program, now and to come, is open to you.',
        blocks: [
          {
            kind: 'paragraph',
            parts: [
              `Thank you for believing in ${BRAND} this early. Your ${bought.name} gives you lifetime access to every current and future program, and you’re one of the people who made it possible.`,
            ],
          },
          { kind: 'paragraph', parts: ['Open to you now:'] },
          {
            kind: 'list',
            items: [
              [{ text: 'The Master Alchemist Course', href: '/course/' }, ': all 27 lessons, at your own pace'],
              [`All six apps of the ${LOUNGE_NAME}, in `, { text: 'your library', href: LIBRARY_PATH }],
              ['A seat at Rapid Fire Coaching Live, on the last Thursday of each month'],
            ],
          },
          { kind: 'button', text: 'Go to your dashboard', href: LIBRARY_PATH },
        ],
      };
    case 'membership':
      return {
        subject: `Welcome to the ${bought.name}`,
        preheader: 'Your membership is active. Here’s what’s open to you.',
        blocks: [
          { kind: 'paragraph', parts: [`Thank you for joining the ${bought.name}. It’s active now, and everything it includes is waiting in your dashboard.`] },
          {
            kind: 'list',
            items: bought.name.includes('Alchemist')
              ? [
                  [{ text: 'The Master Alchemist Course', href: '/course/' }, ', for as long as you’re a member'],
                  [`All six apps of the ${LOUNGE_NAME}, in `, { text: 'your library', href: LIBRARY_PATH }],
                  ['Priority access, and a seat at Rapid Fire Coaching Live each month'],
                ]
              : [
                  [`All six apps of the ${LOUNGE_NAME}, in `, { text: 'your library', href: LIBRARY_PATH }],
                  ['Member discounts on our programs'],
                  ['A seat at Rapid Fire Coaching Live, on the last Thursday of each month'],
                ],
          },
          { kind: 'button', text: 'Go to your dashboard', href: LIBRARY_PATH },
          { kind: 'quiet', parts: ['You can change or cancel your plan any time from your dashboard, under Subscription Details.'] },
        ],
      };
  }
}

export function purchaseConfirmation(recipient: Recipient, data: PurchaseParams & { bought: Bought }): MessageContent {
  const { subject, preheader, blocks } = openBlocks(data.bought);
  return {
    subject,
    preheader,
    greeting: greeting(recipient),
    blocks: [
      ...blocks,
      { kind: 'facts', rows: [['What you bought', data.bought.name], ['Order reference', data.orderRef]] },
      { kind: 'quiet', parts: [RECEIPT, ' Keep the order reference handy if you ever write to us about this purchase.'] },
    ],
    signoff: ['Glad you’re here,', SIGNOFF_NAME],
  };
}

// --- access ending ---------------------------------------------------------------------------

export const ENDING_REASONS = ['refund', 'dispute', 'ended'] as const;
export type EndingReason = (typeof ENDING_REASONS)[number];

export interface EndingParams {
  reason: EndingReason;
  priceId: string;
  /** When access ended (ISO instant). */
  endedAt: string;
}

export function endingParams(params: Json, homes: ProductHomes): (EndingParams & { bought: Bought; day: string }) | null {
  const reason = text(params, 'reason') as EndingReason | null;
  const priceId = text(params, 'priceId');
  const endedAt = text(params, 'endedAt');
  const bought = priceId ? boughtItem(priceId, homes) : null;
  const day = endedAt ? dayOf(endedAt) : null;
  if (!reason || !ENDING_REASONS.includes(reason) || !priceId || !endedAt || !bought || !day) return null;
  return { reason, priceId, endedAt, bought, day };
}

/** What closes with it, in a sentence. */
function whatCloses(bought: Bought): string {
  switch (bought.kind) {
    case 'app':
      return `${bought.name} and its room in the ${LOUNGE_NAME} are closed to you now.`;
    case 'course':
      return `The lessons of the ${bought.name} are closed to you now.`;
    case 'founding':
      return `The programs your ${bought.name} opened (the course and the apps of the Lounge) are closed to you now.`;
    case 'membership':
      return bought.name.includes('Alchemist')
        ? `The Master Alchemist Course and the apps of the ${LOUNGE_NAME} that came with it are closed to you now.`
        : `The apps of the ${LOUNGE_NAME} that came with it are closed to you now.`;
  }
}

const WHAT_STAYS: Block = {
  kind: 'paragraph',
  parts: [
    'What stays: your account and your free Explorer membership (the guided journeys, the podcast and a seat at Rapid Fire Coaching Live), anything you bought on its own, and everything you wrote. You can download all of it from ',
    { text: 'your dashboard', href: LIBRARY_PATH },
    ' any time.',
  ],
};

export function accessEnding(recipient: Recipient, data: EndingParams & { bought: Bought; day: string }): MessageContent {
  const { bought, day } = data;
  const opening: Record<EndingReason, { subject: string; preheader: string; first: string; last: Block }> = {
    refund: {
      subject: `Your refund for ${bought.name}`,
      preheader: 'Your refund is on its way, and here’s what changes.',
      first: `We’ve refunded your payment for ${bought.name}, so your access to it ended on ${day}. Depending on your bank, the money can take a few days to show.`,
      last: { kind: 'paragraph', parts: ['If the refund wasn’t what you hoped for, or you’d like to talk it through, just reply. We’d love to hear from you.'] },
    },
    dispute: {
      subject: `Your access to ${bought.name} has ended`,
      preheader: 'Your bank reversed the payment, and here’s what that means.',
      first: `Your bank reversed the payment for ${bought.name}, so your access to it ended on ${day}.`,
      last: { kind: 'paragraph', parts: ['If that wasn’t you, or it’s a misunderstanding, reply to this email and we’ll sort it out together, kindly and quickly.'] },
    },
    ended: {
      subject: `Your ${bought.name} has ended`,
      preheader: 'Thank you for the time you spent with us.',
      first: `Your ${bought.name} ended on ${day}. Thank you for the time you spent with us; we hope some of it stays with you.`,
      last: {
        kind: 'paragraph',
        parts: ['The door stays open. Whenever you want to pick things up again, ', { text: 'the memberships are here', href: '/pricing/' }, '.'],
      },
    },
  };
  const words = opening[data.reason];
  return {
    subject: words.subject,
    preheader: words.preheader,
    greeting: greeting(recipient),
    blocks: [{ kind: 'paragraph', parts: [words.first] }, { kind: 'paragraph', parts: [whatCloses(bought)] }, WHAT_STAYS, words.last],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}
