/**
 * The waitlist's words in the browser (issue 46), and when an offer ends on the reader's clock.
 * Apart from COACHING_MESSAGES so the dashboard, which loads the waitlist's lines only for a
 * member who has a place, carries none of them otherwise. Pure.
 */
import { zoneAbbreviation } from '../../core/zoned-time';
import { sessionDayLabel } from './session-time';

export const WAITLIST_MESSAGES = {
  joinWaitlist: 'Join the waitlist',
  waitlistJoined: 'You’re on the waitlist. If a seat comes free, we’ll email you and hold it for you on your dashboard.',
  waitlistFailed: 'We couldn’t add you to the waitlist just now. Please try again.',
  takeSeat: 'Take the seat',
  seatTaken: 'You’re registered. The seat is yours, and your confirmation is on its way.',
  takeFailed: 'The seat could not be taken just now. Please try again.',
  leaveFailed: 'Your place could not be changed just now. Please try again.',
  leftLine: 'You’ve left the waitlist. Thank you for letting us know.',
  offerDeclined: 'You’ve let the seat go, and it’s been offered to the next person in line. Thank you.',
  offerExpired: 'The seat we held for you has passed to the next person in line. You can join the waitlist again.',
} as const;

/** 'Thursday, March 25, 2027, 5:00 PM CET': an instant (an offer's end) on the clocks of `timeZone`. */
export function momentLabel(at: string, timeZone: string): string {
  const ms = Date.parse(at);
  const clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(ms)).replace(/[\u202f\u00a0]/g, ' ');
  return `${sessionDayLabel({ starts_at: at, time_zone: timeZone })}, ${clock} ${zoneAbbreviation(ms, timeZone)}`;
}
