/**
 * The coach's page, its rules: what the coach may type (a join link, a number of seats, a one-off
 * session) and the message for each mistake, the registrants as CSV, and the shape of what the
 * coach functions answer. Shared by the functions (netlify/functions/coach-*.mts), which decide,
 * and the coach's island, which says the same thing before sending. Pure: the time is passed in.
 */
import { parseIsoDate } from '../../../core/dates';
import { instantOf, isTimeZone, wallTimeAt } from '../../../core/zoned-time';

export const COACH_LIMITS = {
  maxSeats: 500,
  minMinutes: 15,
  maxMinutes: 240,
  maxUrlLength: 2000,
} as const;

export const COACH_MESSAGES = {
  notCoach: 'This page is for the coach. Sign in with the coach’s account to open it.',
  linkNotHttps: 'The join link must start with https:// so members join over a secure connection.',
  linkInvalid: 'That is not a link we can use. Paste the full meeting address, starting with https://.',
  seatsNotNumber: 'Seats must be a whole number, for example 20.',
  seatsBelowOne: 'A session needs at least 1 seat.',
  seatsTooMany: `A session can have at most ${COACH_LIMITS.maxSeats} seats.`,
  dateInvalid: 'That date is not a date. Choose it in the date picker, or write it as YYYY-MM-DD.',
  timeInvalid: 'That start time is not a time. Write it as HH:MM, for example 18:00.',
  minutesInvalid: `A session lasts from ${COACH_LIMITS.minMinutes} to ${COACH_LIMITS.maxMinutes} minutes.`,
  inPast: 'That time has already passed. Choose a time still to come.',
  sessionRequired: 'Choose a session first.',
  sessionMissing: 'That session does not exist (it may have been removed).',
  sessionOver: 'That session has already taken place, so it can no longer be changed.',
  sessionCancelled: 'That session was cancelled, so it can no longer be changed.',
  duplicate: 'There is already a session starting at that time.',
  attendanceInvalid: 'Say whether they joined or did not come.',
  attendanceTooEarly: 'Who came can be recorded once the session has started.',
  registrantMissing: 'That registrant is not signed up for this session (they may have given their seat back).',
} as const;

/** The coach's word on whether a registrant came, as /coach and the CSV say it. */
export const ATTENDANCE_LABELS = { joined: 'Joined', absent: 'Did not come' } as const;
export type Attendance = keyof typeof ATTENDANCE_LABELS;

/** 'joined', 'absent', or null (the coach takes their word back: the join link's mark counts again). */
export function checkAttendance(input: unknown): Checked<Attendance | null> {
  if (input === null) return { ok: true, value: null };
  return input === 'joined' || input === 'absent' ? { ok: true, value: input } : failed(COACH_MESSAGES.attendanceInvalid);
}

/** "12 seats are already taken, so …": seats below the signups. */
export function seatsBelowTaken(taken: number): string {
  return `${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken, so the session needs at least ${taken} ${taken === 1 ? 'seat' : 'seats'}.`;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const failed = (error: string): { ok: false; error: string } => ({ ok: false, error });

/**
 * A join link as typed: trimmed; empty means "no link" (null); otherwise an https address with
 * a host name, no user name or password, at most 2,000 characters.
 */
export function checkJoinUrl(input: unknown): Checked<string | null> {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input !== 'string') return failed(COACH_MESSAGES.linkInvalid);
  const text = input.trim();
  if (!text) return { ok: true, value: null };
  if (text.length > COACH_LIMITS.maxUrlLength || /\s/.test(text)) return failed(COACH_MESSAGES.linkInvalid);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return failed(/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https:/i.test(text) ? COACH_MESSAGES.linkNotHttps : COACH_MESSAGES.linkInvalid);
  }
  if (url.protocol !== 'https:') return failed(COACH_MESSAGES.linkNotHttps);
  if (!url.hostname.includes('.') || url.username || url.password) return failed(COACH_MESSAGES.linkInvalid);
  return { ok: true, value: text };
}

/** A number of seats: a whole number from 1 to 500, and not below the seats already taken. */
export function checkSeats(input: unknown, taken = 0): Checked<number> {
  const value = typeof input === 'string' && input.trim() !== '' ? Number(input.trim()) : input;
  if (typeof value !== 'number' || !Number.isInteger(value)) return failed(COACH_MESSAGES.seatsNotNumber);
  if (value < 1) return failed(COACH_MESSAGES.seatsBelowOne);
  if (value > COACH_LIMITS.maxSeats) return failed(COACH_MESSAGES.seatsTooMany);
  if (value < taken) return failed(seatsBelowTaken(taken));
  return { ok: true, value };
}

export interface NewSessionInput {
  /** 'YYYY-MM-DD' on the coach's clock. */
  date?: unknown;
  /** 'HH:MM' (24-hour) on the coach's clock. */
  start?: unknown;
  minutes?: unknown;
  seats?: unknown;
}

export interface NewSession {
  starts_at: string;
  ends_at: string;
  time_zone: string;
  max_spots: number;
}

/**
 * A one-off session as the coach types it, on the clock of `timeZone`: a real date, a start time,
 * a length (60 minutes unless given) and seats (`defaultSeats` unless given), starting after
 * `now`.
 */
export function checkNewSession(input: NewSessionInput, now: Date, timeZone: string, defaultSeats: number): Checked<NewSession> {
  if (!isTimeZone(timeZone)) return failed(COACH_MESSAGES.dateInvalid);
  const day = typeof input.date === 'string' ? parseIsoDate(input.date) : null;
  if (!day) return failed(COACH_MESSAGES.dateInvalid);
  const clock = typeof input.start === 'string' ? /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(input.start) : null;
  if (!clock) return failed(COACH_MESSAGES.timeInvalid);
  const minutes = input.minutes === undefined || input.minutes === '' ? 60 : typeof input.minutes === 'string' ? Number(input.minutes) : input.minutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < COACH_LIMITS.minMinutes || minutes > COACH_LIMITS.maxMinutes) {
    return failed(COACH_MESSAGES.minutesInvalid);
  }
  const seats = checkSeats(input.seats === undefined || input.seats === '' ? defaultSeats : input.seats);
  if (!seats.ok) return seats;
  const wall = { ...day, hour: Number(clock[1]), minute: Number(clock[2]) };
  const starts = instantOf(wall, timeZone);
  // A wall time the clocks skip (02:30 on the night summer time starts) is not a time that day.
  const shown = wallTimeAt(starts, timeZone);
  if (shown.day !== wall.day || shown.hour !== wall.hour || shown.minute !== wall.minute) return failed(COACH_MESSAGES.timeInvalid);
  if (starts <= now.getTime()) return failed(COACH_MESSAGES.inPast);
  return {
    ok: true,
    value: {
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + minutes * 60_000).toISOString(),
      time_zone: timeZone,
      max_spots: seats.value,
    },
  };
}

/** One registrant, as the coach sees them. */
export interface Registrant {
  /** The signup's id (what the coach's correction names). */
  id: string;
  name: string;
  email: string;
  /** When they signed up (ISO instant). */
  signed_up_at: string;
  /** When the join link was first answered them, or null. */
  joined_at: string | null;
  /** The coach's word, or null. */
  attendance: Attendance | null;
}

/** Whether a registrant came: the coach's word first, else the join link's first use. */
export function cameOf(r: Pick<Registrant, 'joined_at' | 'attendance'>): boolean {
  return r.attendance ? r.attendance === 'joined' : r.joined_at !== null;
}

/** One session on the coach's page, as GET /api/coach-sessions answers it. */
export interface CoachSession {
  id: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  date: string;
  time: string;
  is_active: boolean;
  cancelled_at: string | null;
  max_spots: number;
  spots_available: number;
  /** The session's own join link, or null (the standing link is used then). */
  join_url: string | null;
  registrants: Registrant[];
  /** How many wait in line (or hold an offered seat). */
  waiting: number;
}

export interface CoachOverview {
  time_zone: string;
  default_seats: number;
  standing_url: string | null;
  upcoming: CoachSession[];
  past: CoachSession[];
}

/** A cell of a CSV line (RFC 4180), never read by a spreadsheet as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 'YYYY-MM-DD HH:MM' on the clocks of `timeZone`. */
function wallText(iso: string, timeZone: string): string {
  const { year, month, day, hour, minute } = wallTimeAt(Date.parse(iso), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`;
}

/**
 * The registrants of a session as CSV (RFC 4180, CRLF, a header line): name, email, when they
 * signed up on the coach's clock, and whether they came (Joined, Did not come; empty before the
 * session has started); earliest first.
 */
export function registrantsCsv(registrants: readonly Omit<Registrant, 'id'>[], timeZone: string, started: boolean): string {
  const lines = [['Name', 'Email', `Signed up (${timeZone})`, 'Came']];
  for (const r of [...registrants].sort((a, b) => Date.parse(a.signed_up_at) - Date.parse(b.signed_up_at))) {
    lines.push([r.name, r.email, wallText(r.signed_up_at, timeZone), started ? ATTENDANCE_LABELS[cameOf(r) ? 'joined' : 'absent'] : '']);
  }
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const signedUpFormats = new Map<string, Intl.DateTimeFormat>();

/** 'March 20, 2027, 2:05 PM': when a registrant signed up, on the clocks of `timeZone`. */
export function signedUpLabel(iso: string, timeZone: string): string {
  let format = signedUpFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    signedUpFormats.set(timeZone, format);
  }
  return format.format(new Date(Date.parse(iso))).replace(/[\u202f\u00a0]/g, ' ');
}

/** 'rapid-fire-coaching-2027-03-25-registrants.csv' */
export function registrantsFileName(session: Pick<CoachSession, 'date'>): string {
  return `rapid-fire-coaching-${session.date}-registrants.csv`;
}
