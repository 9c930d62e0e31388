/**
 * What the daily reminder's control needs before any file is made: an app's words, whether a
 * time is a wall time 'HH:MM', and the file's name. Small and pure, so the control carries it
 * while the calendar file's code (./reminder.ts) loads only when a member asks for the file.
 */

/** What an app's reminder says (each app has its own words). */
export interface ReminderWords {
  /** The time offered first ('HH:MM'): morning for Rise Mode, bedtime for Whispers. */
  defaultTime: string;
  /** How long the event lasts, in minutes: about what the practice takes. */
  minutes: number;
  /** The event's title in the calendar ("A few slow breaths with Stillpoint"). */
  summary: string;
  /** What to do at that time, warm and short (the event's description, and the control's line). */
  invitation: string;
}

/** A wall time 'HH:MM' (hours and minutes captured). */
export const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `value` is a wall time 'HH:MM' (what a time input gives). */
export const isReminderTime = (value: string): boolean => TIME.test(value);

/** The file's name: 'stillpoint-daily-reminder.ics'. */
export const reminderFileName = (slug: string): string => `${slug}-daily-reminder.ics`;
