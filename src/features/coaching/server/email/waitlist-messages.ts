/**
 * The words of the waitlist's and the after-session messages (./render.ts gives the HTML and the
 * plain text): a seat offered to the first in line (until when, on their own clock, and how to
 * take it), the thank-you to a registrant who came, and the kind note to one who did not, both
 * with the next session and where to save a seat. Pure.
 */
import { SESSION_TITLE } from '../../calendar';
import { sessionWhen } from '../../session-time';
import { momentLabel } from '../../waitlist-words';
import { isTimeZone } from '../../../../core/zoned-time';
import type { Block, MessageContent } from '../../../../../netlify/functions/_shared/email/render';
import { greeting, LIBRARY_PATH, SIGNOFF_NAME, type Recipient } from '../../../../../netlify/functions/_shared/email/messages';
import { CHOOSE_SESSION_PATH, sessionFacts, type MessageSession } from './coaching-messages';

/** The button on the dashboard that takes an offered seat (and the email's words for it). */
export const TAKE_THE_SEAT = 'Take the seat';

/** When the offer ends, on the member's clock (their zone when they joined the line), else the coach's. */
export function offerDeadline(expiresAt: string, session: MessageSession, memberZone: string | null): string {
  return momentLabel(expiresAt, memberZone && isTimeZone(memberZone) ? memberZone : session.time_zone);
}

export function coachingSeatOffer(recipient: Recipient, data: { session: MessageSession; memberZone: string | null; expiresAt: string }): MessageContent {
  const day = sessionWhen(data.session, data.session.time_zone).day;
  const until = offerDeadline(data.expiresAt, data.session, data.memberZone);
  return {
    subject: `A seat is free for you: ${SESSION_TITLE}, ${day}`,
    preheader: `It’s yours until ${until}, if you’d like it.`,
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`Good news: a seat has opened up at ${SESSION_TITLE}, and you’re first in line, so it’s yours if you’d like it.`] },
      { kind: 'facts', rows: sessionFacts(data.session, data.memberZone) },
      { kind: 'paragraph', parts: [`We’re holding it for you until ${until}. To take it, open `, { text: 'your dashboard', href: LIBRARY_PATH }, ` and choose ${TAKE_THE_SEAT}.`] },
      { kind: 'button', text: TAKE_THE_SEAT, href: LIBRARY_PATH },
      {
        kind: 'quiet',
        parts: ['If the time no longer suits you, there’s nothing you need to do: after that the seat goes to the next person waiting. You can also let it go sooner on your dashboard, so they hear sooner.'],
      },
    ],
    signoff: ['Hoping to see you there,', SIGNOFF_NAME],
  };
}

/** The next session with seats open and where to save one; or where new dates will be. */
function nextBlocks(next: MessageSession | null, memberZone: string | null): Block[] {
  if (!next) {
    return [{ kind: 'paragraph', parts: ['New dates are added every month. You’ll find them, and can save your seat, on ', { text: 'our home page', href: CHOOSE_SESSION_PATH }, '.'] }];
  }
  return [
    { kind: 'paragraph', parts: ['The next session is:'] },
    { kind: 'facts', rows: sessionFacts(next, memberZone) },
    { kind: 'button', text: 'Save a seat', href: CHOOSE_SESSION_PATH },
  ];
}

export function coachingFollowUp(
  recipient: Recipient,
  data: { came: boolean; session: MessageSession; next: MessageSession | null; memberZone: string | null; turnOffPath: string },
): MessageContent {
  const day = sessionWhen(data.session, data.session.time_zone).day;
  const footer: MessageContent['footer'] = [['You’re getting this because coaching reminders are on. ', { text: 'Turn reminders off', href: data.turnOffPath }, ' with one click, or on your dashboard.']];
  if (data.came) {
    return {
      subject: `Thank you for coming to ${SESSION_TITLE}`,
      preheader: 'It was good to have you with us. The next session is open.',
      greeting: greeting(recipient),
      blocks: [
        { kind: 'paragraph', parts: [`Thank you for joining us at ${SESSION_TITLE} on ${day}. It was good to have you there, and we hope something from it stays with you this week.`] },
        { kind: 'paragraph', parts: ['Questions often keep growing after the call ends. If one has come up since, bring it along next time.'] },
        ...nextBlocks(data.next, data.memberZone),
      ],
      signoff: ['With gratitude,', SIGNOFF_NAME],
      footer,
    };
  }
  return {
    subject: `We missed you at ${SESSION_TITLE}`,
    preheader: 'No need to explain. The next session is open whenever you’re ready.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`We kept a seat for you at ${SESSION_TITLE} on ${day}, and we missed you. Life gets full sometimes, and there’s nothing to explain.`] },
      { kind: 'paragraph', parts: ['Whenever you’re ready, there’s a place for you and your question.'] },
      ...nextBlocks(data.next, data.memberZone),
    ],
    signoff: ['Warmly,', SIGNOFF_NAME],
    footer,
  };
}
