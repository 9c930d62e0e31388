/**
 * Mindstage's content schemas (src/content/lounge/mindstage/, wired in src/content.config.ts):
 * the scenarios of five steps, and the steps for a scene the member adds, which the owner edits
 * without code. Members get them from the content gate; the preview reads one scenario's first step.
 */
import { z } from 'zod';
import { fixedId } from '../shared/schema';
import { STEP_KINDS } from './rehearsal';

export const mindstageStepSchema = z.object({
  kind: z.enum(STEP_KINDS).describe('Which of the five steps this is.'),
  title: z.string().min(1).max(80).describe('The step\'s heading.'),
  text: z.string().min(1).max(2000).describe('What the member reads and imagines during the step.'),
  seconds: z.number().int().min(15).max(600).describe('How long the step\'s timer runs, in whole seconds.'),
});

const fiveSteps = z
  .array(mindstageStepSchema)
  .length(5)
  .refine((steps) => steps.map((s) => s.kind).join() === STEP_KINDS.join(), 'The steps are settle, picture, rehearse, cope, close, in that order.')
  .describe('The five steps in order: settle, picture, rehearse, cope, close.');

export const mindstageScenarioSchema = z.object({
  slug: fixedId('Fixed id, stored with members\' rehearsals: keep it once published.', 80),
  title: z.string().min(1).max(100).describe('The scenario\'s name on the list.'),
  summary: z.string().min(1).max(300).describe('One line on what is rehearsed.'),
  steps: fiveSteps,
});

export const mindstageOwnScenarioSchema = z.object({
  steps: fiveSteps.describe('The five steps for a scene the member adds; {scene}, {goingWell} and {coping} are replaced by their words.'),
});
