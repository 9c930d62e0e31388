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

/* Rise Mode (src/content/lounge/rise-mode/): growth-framed statements, brave actions, the copy. */

const contentId = (what: string) => z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64).describe(`Fixed id of the ${what}, stored with members' days: keep it once published.`);

export const riseStatementSchema = z.object({
  id: contentId('statement'),
  text: z.string().min(1).max(300).describe('The statement in the first person, framed as growth ("I am learning to...", "Today I practise...").'),
  preview: z.boolean().optional().describe('Shown on the public preview (/app/rise-mode): one of these is the visitor\'s statement of the day.'),
});

export const riseBraveActionSchema = z.object({
  id: contentId('brave action'),
  text: z.string().min(1).max(300).describe('One small, concrete brave action that can be done today.'),
});

export const risePromptsSchema = z.object({
  intention: z.string().min(1).max(400).describe('The invitation to set the day\'s intention.'),
  statement: z.string().min(1).max(400).describe('How to read the statement, and the invitation to write one\'s own.'),
  braveAction: z.string().min(1).max(400).describe('The invitation to choose a brave action.'),
  checkIn: z.string().min(1).max(80).describe('The evening question (the spec\'s "Did you live it?").'),
  checkInNote: z.string().min(1).max(400).describe('The invitation to write a short note in the evening.'),
});

/* Mindstage (src/content/lounge/mindstage/): scenarios of five steps, and the steps for a member's own. */

export const mindstageStepSchema = z.object({
  kind: z.enum(['settle', 'picture', 'rehearse', 'cope', 'close']).describe('Which of the five steps this is.'),
  title: z.string().min(1).max(80).describe('The step\'s heading.'),
  text: z.string().min(1).max(2000).describe('What the member reads and imagines during the step.'),
  seconds: z.number().int().min(15).max(600).describe('How long the step\'s timer runs, in whole seconds.'),
});

const fiveSteps = z
  .array(mindstageStepSchema)
  .length(5)
  .refine((steps) => steps.map((s) => s.kind).join() === 'settle,picture,rehearse,cope,close', 'The steps are settle, picture, rehearse, cope, close, in that order.')
  .describe('The five steps in order: settle, picture, rehearse, cope, close.');

export const mindstageScenarioSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(80).describe('Fixed id, stored with members\' rehearsals: keep it once published.'),
  title: z.string().min(1).max(100).describe('The scenario\'s name on the list.'),
  summary: z.string().min(1).max(300).describe('One line on what is rehearsed.'),
  steps: fiveSteps,
});

export const mindstageOwnScenarioSchema = z.object({
  steps: fiveSteps.describe('The five steps for a scene the member adds; {scene}, {goingWell} and {coping} are replaced by their words.'),
});

/* The Reset Room (src/content/lounge/the-reset-room/): resets, feelings, the crisis line. */

export const RESET_FEELING_IDS = ['anger', 'anxiety', 'sadness', 'overwhelm', 'shame', 'numbness'] as const;
export const RESET_IDS = ['grounding-five-senses', 'stop-pause', 'paced-breathing', 'paired-muscle-relaxation', 'cold-water-reset'] as const;

export const resetSchema = z
  .object({
    slug: z.enum(RESET_IDS).describe('Fixed id, stored with members\' resets.'),
    title: z.string().min(1).max(80).describe('The reset\'s name.'),
    summary: z.string().min(1).max(300).describe('One line on what it does.'),
    minutes: z.number().int().min(2).max(5).describe('Its length in whole minutes (two to five): the sum of the steps\' seconds, rounded.'),
    suits: z.array(z.enum(RESET_FEELING_IDS)).min(1).describe('The feelings it is offered for.'),
    safety: z.string().min(1).max(600).nullable().describe('The safety note shown before the first step, or null.'),
    steps: z
      .array(z.object({ text: z.string().min(1).max(1000).describe('What to do in this step.'), seconds: z.number().int().min(5).max(120).describe('The step\'s timer, in seconds.') }))
      .min(2)
      .max(12)
      .describe('The guided steps in order.'),
    _source: z.string().min(1).describe('The evidence behind it (for editors; not shown).'),
  })
  .refine((r) => {
    const s = r.steps.reduce((sum, step) => sum + step.seconds, 0);
    return s >= 120 && s <= 300;
  }, 'A reset lasts two to five minutes in all.');

export const resetFeelingSchema = z.object({
  id: z.enum(RESET_FEELING_IDS).describe('Fixed id, stored with members\' resets.'),
  label: z.string().min(1).max(40).describe('The feeling\'s name on the picker.'),
  description: z.string().min(1).max(300).describe('How the feeling often shows up, in plain words.'),
});

export const resetCrisisSchema = z.object({
  text: z.string().min(1).max(300).describe('The crisis line shown on every Reset Room page, never behind a tap.'),
  linkLabel: z.string().min(1).max(120).describe('The link\'s words.'),
  href: z.url().describe('Where the link leads: a directory of crisis lines.'),
});
