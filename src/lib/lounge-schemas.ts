/**
 * The zod schemas of the Lounge apps' content (src/content/lounge/<app>/), wired to loaders in
 * src/content.config.ts. The owner edits those files without code; these schemas refuse content
 * the apps cannot use. Paid content (the prompt set, the stories' bodies) is served only by the
 * content gate (netlify/functions/content.mts); pages read these collections for the public
 * parts alone (pattern copy, the preview prompt, story titles and the preview's first paragraphs).
 */
import { z } from 'zod';

/** The ids members' session logs store (breathing_sessions.pattern): fixed. */
export const STILLPOINT_PATTERN_IDS = ['box', 'four-seven-eight', 'cyclic-sighing', 'resonance'] as const;

export const stillpointPhaseSchema = z.object({
  kind: z.enum(['inhale', 'inhale-top-up', 'hold', 'exhale']).describe('What the breath does in this phase; the guide grows on inhale, shrinks on exhale.'),
  seconds: z.number().positive().max(20).describe("The phase's exact length in seconds."),
  label: z.string().min(1).max(40).describe('What the guide says during the phase, before the seconds left ("Breathe in, 3").'),
});

export const stillpointPatternSchema = z.object({
  id: z.enum(STILLPOINT_PATTERN_IDS).describe('Fixed id, stored in members\' session history.'),
  name: z.string().min(1).max(60).describe('The pattern\'s name on the picker.'),
  summary: z.string().min(1).max(200).describe('One line on what the pattern is.'),
  howTo: z.string().min(1).max(800).describe('How to breathe it, in plain words.'),
  phases: z.array(stillpointPhaseSchema).min(2).max(6).describe('One breath, phase by phase, in order.'),
  note: z.string().min(1).max(800).describe('Evidence in brief and the safety note shown with the pattern.'),
  _source: z.string().min(1).describe('The study behind it (for editors; not shown).'),
});

export const bloomPromptSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64).describe('Fixed id, stored with the member\'s page.'),
  time: z.enum(['morning', 'evening', 'any']).describe('When the prompt is offered: before 2 pm, after, or either.'),
  text: z.string().min(1).max(300).describe('The prompt as the member reads it.'),
});

export const whispersStorySchema = z.object({
  title: z.string().min(1).max(100).describe('The story\'s title.'),
  mood: z.string().min(1).max(120).describe('One line on the story\'s mood, shown on the list.'),
  minutes: z.number().int().min(3).max(8).describe('Reading time in whole minutes (3 to 8).'),
  preview: z.boolean().optional().describe('On one story only: its first paragraphs are the public preview on /app/whispers-before-sleep.'),
});
