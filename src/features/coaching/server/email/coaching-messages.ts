/**
 * The words of the coaching messages, one template a kind (./render.ts gives the HTML and the
 * plain text): the signup's confirmation (the session in the member's own words, how to give the
 * seat back), the day-before reminder (the join link, or where it will be), and the notice of a
 * session the coach cancelled, moved or gave a new join link (what changed, an apology, the next
 * session). The session's time is given on the coach's clock with its abbreviation for that date
 * (CET, CEST), and on the member's own clock where it reads differently. The .ics file and the
 * headers are the preparer's (./coaching.ts). Pure.
 */
import { SESSION_TITLE } from '../../calendar';
import { sessionWhen, type SessionInstants } from '../../session-time';
import { isTimeZone } from '../../../../core/zoned-time';
import type { Block, Inline, MessageContent } from '../../../../../netlify/functions/_shared/email/render';
import { greeting, LIBRARY_PATH, SIGNOFF_NAME, type Recipient } from '../../../../../netlify/functions/_shared/email/messages';


/** Where a member chooses a session (the home page's coaching section). */
export const CHOOSE_SESSION_PATH = '/#coaching-signup';

/** A session as the messages speak of it. */
export type MessageSession = SessionInstants;

/** The session's day and times, on the coach's clock and, where it differs, on `memberZone`'s. */
export function sessionFacts(session: MessageSession, memberZone: string | null): readonly (readonly [string, string])[] {
  const when = sessionWhen(session, memberZone && isTimeZone(memberZone) ? memberZone : session.time_zone);
  return [['Date', when.day], ['Time', when.time], ...(when.yours ? [['Your time', when.yours] as const] : [])];
}

/** 'Thursday, March 25, 2027 at 6:00 PM – 7:00 PM CET', on the coach's clock. */
export function sessionLine(session: MessageSession): string {
  const when = sessionWhen(session, session.time_zone);
  return `${when.day} at ${when.time}`;
}

const CALENDAR_NOTE = 'The calendar file attached adds the session to your calendar (or updates it, if you added it before).';

// --- confirmation ----------------------------------------------------------------------------

export function coachingConfirmation(recipient: Recipient, data: { session: MessageSession; memberZone: string | null }): MessageContent {
  const day = sessionWhen(data.session, data.session.time_zone).day;
  return {
    subject: `Your seat is saved: ${SESSION_TITLE}, ${day}`,
    preheader: 'The details of your session, with a calendar file to keep it.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`Your seat at ${SESSION_TITLE} is saved. We’re glad you’re coming.`] },
      { kind: 'facts', rows: sessionFacts(data.session, data.memberZone) },
      { kind: 'paragraph', parts: [CALENDAR_NOTE] },
      {
        kind: 'paragraph',
        parts: [
          'Your join link arrives by email the day before the session, and from an hour before the start it’s on ',
          { text: 'your dashboard', href: LIBRARY_PATH },
          ' too, under Join now.',
        ],
      },
      {
        kind: 'paragraph',
        parts: ['Bring a question, however big or small. A half-formed thought is welcome; that’s often where the best conversations start.'],
      },
      { kind: 'heading', text: 'If your plans change' },
      {
        kind: 'paragraph',
        parts: ['You can give your seat back on your dashboard until the session starts, so someone else can take it. No need to explain.'],
      },
      { kind: 'button', text: 'Go to your dashboard', href: LIBRARY_PATH },
    ],
    signoff: ['See you there,', SIGNOFF_NAME],
  };
}

// --- reminder --------------------------------------------------------------------------------

export function coachingReminder(
  recipient: Recipient,
  data: { session: MessageSession; memberZone: string | null; joinUrl: string | null; turnOffPath: string },
): MessageContent {
  const joinBlocks: Block[] = data.joinUrl
    ? [
        { kind: 'paragraph', parts: ['Here’s your link to join. It opens the live session in your browser or the meeting app:'] },
        { kind: 'button', text: 'Join the session', href: data.joinUrl, external: true },
        { kind: 'quiet', parts: ['The same link is on your dashboard, under Join now, from an hour before the start.'] },
      ]
    : [
        {
          kind: 'paragraph',
          parts: [
            'Your join link isn’t ready yet. It will be on ',
            { text: 'your dashboard', href: LIBRARY_PATH },
            ', under Join now, from an hour before the start.',
          ],
        },
      ];
  return {
    subject: `Coming up: ${SESSION_TITLE}, and how to join`,
    preheader: `${sessionLine(data.session)}. Your join link is inside.`,
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`A friendly reminder: ${SESSION_TITLE} is coming up, and you have a seat.`] },
      { kind: 'facts', rows: sessionFacts(data.session, data.memberZone) },
      ...joinBlocks,
      { kind: 'paragraph', parts: ['A minute or two early is plenty. Have your question ready, and maybe a glass of water.'] },
      { kind: 'quiet', parts: [CALENDAR_NOTE, ' Can’t make it after all? Give your seat back on ', { text: 'your dashboard', href: LIBRARY_PATH }, '.'] },
    ],
    signoff: ['See you soon,', SIGNOFF_NAME],
    footer: [['You’re getting this because coaching reminders are on. ', { text: 'Turn reminders off', href: data.turnOffPath }, ' with one click, or on your dashboard.']],
  };
}

// --- changed or cancelled --------------------------------------------------------------------

export type ChangeData =
  | { kind: 'cancelled'; session: MessageSession; memberZone: string | null; next: MessageSession | null }
  | { kind: 'moved'; before: MessageSession; session: MessageSession; memberZone: string | null; next: MessageSession | null }
  | { kind: 'join_link'; session: MessageSession; memberZone: string | null; joinUrl: string | null };

/** The next session with seats, as a block: when it is and where to choose it; or where dates will be. */
function nextSessionBlocks(next: MessageSession | null, memberZone: string | null, lead: string): Block[] {
  if (!next) {
    return [
      { kind: 'paragraph', parts: ['New dates are added every month. You’ll find them, and can save your seat, on ', { text: 'our home page', href: CHOOSE_SESSION_PATH }, '.'] },
    ];
  }
  return [
    { kind: 'paragraph', parts: [lead] },
    { kind: 'facts', rows: sessionFacts(next, memberZone) },
    { kind: 'button', text: 'Save a seat', href: CHOOSE_SESSION_PATH },
  ];
}

export function coachingChange(recipient: Recipient, data: ChangeData): MessageContent {
  const line = sessionLine(data.session);
  switch (data.kind) {
    case 'cancelled':
      return {
        subject: `Cancelled: ${SESSION_TITLE}, ${sessionWhen(data.session, data.session.time_zone).day}`,
        preheader: 'We’re sorry. Here’s the next session, if you’d like a seat.',
        greeting: greeting(recipient),
        blocks: [
          { kind: 'paragraph', parts: [`We’re sorry: the session you signed up for, ${line}, is cancelled.`] },
          { kind: 'paragraph', parts: ['We know you set that time aside, and we don’t take that lightly. Thank you for your patience with us.'] },
          ...nextSessionBlocks(data.next, data.memberZone, 'The next session with seats open is:'),
          { kind: 'quiet', parts: ['Your seat doesn’t move on its own, so choose the one that suits you. If you added the session to your calendar, you can remove it.'] },
        ],
        signoff: ['With apologies, and warmly,', SIGNOFF_NAME],
      };
    case 'moved':
      return {
        subject: `New time: ${SESSION_TITLE}, ${sessionWhen(data.session, data.session.time_zone).day}`,
        preheader: 'Your seat comes with it. Here’s the new time.',
        greeting: greeting(recipient),
        blocks: [
          { kind: 'paragraph', parts: [`We’ve had to move the session you signed up for. It was ${sessionLine(data.before)}; it’s now:`] },
          { kind: 'facts', rows: sessionFacts(data.session, data.memberZone) },
          { kind: 'paragraph', parts: ['We’re sorry for the change of plans. Your seat comes with it, so there’s nothing you need to do. ', CALENDAR_NOTE] },
          {
            kind: 'paragraph',
            parts: ['If the new time doesn’t work for you, give your seat back on ', { text: 'your dashboard', href: LIBRARY_PATH }, ' and choose another session.'],
          },
          ...(data.next ? nextSessionBlocks(data.next, data.memberZone, 'The next session after it with seats open is:') : []),
        ],
        signoff: ['Thank you for bearing with us,', SIGNOFF_NAME],
      };
    case 'join_link': {
      const inline: Inline[] = data.joinUrl
        ? ['Please use this one instead of the link in your reminder:']
        : ['The link in your reminder no longer works. Your join link will be on ', { text: 'your dashboard', href: LIBRARY_PATH }, ', under Join now, from an hour before the start.'];
      return {
        subject: `A new join link for ${SESSION_TITLE}`,
        preheader: `For ${line}.`,
        greeting: greeting(recipient),
        blocks: [
          { kind: 'paragraph', parts: [`The join link for your session, ${line}, has changed. Sorry for the extra email.`] },
          { kind: 'paragraph', parts: inline },
          ...(data.joinUrl ? [{ kind: 'button', text: 'Join the session', href: data.joinUrl, external: true } as const] : []),
          { kind: 'quiet', parts: ['Nothing else has changed: same time, and your seat is saved.'] },
        ],
        signoff: ['See you there,', SIGNOFF_NAME],
      };
    }
  }
}
