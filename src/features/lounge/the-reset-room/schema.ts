/**
 * The Reset Room's content schemas (src/content/lounge/the-reset-room/, wired in
 * src/content.config.ts): the resets, the feelings and the crisis line, which the owner edits
 * without code. Members get the resets from the content gate; pages read the feelings, the
 * grounding reset (the preview) and the crisis line.
 */
import { z } from 'zod';
import { RESET_FEELINGS, RESET_KINDS } from '../../../core/db/values';
import { fitsTwoToFive } from './resets';

export const resetSchema = z
  .object({
    slug: z.enum(RESET_KINDS).describe('Fixed id, stored with members\' resets.'),
    title: z.string().min(1).max(80).describe('The reset\'s name.'),
    summary: z.string().min(1).max(300).describe('One line on what it does.'),
    minutes: z.number().int().min(2).max(5).describe('Its length in whole minutes (two to five): the sum of the steps\' seconds, rounded.'),
    suits: z.array(z.enum(RESET_FEELINGS)).min(1).describe('The feelings it is offered for.'),
    safety: z.string().min(1).max(600).nullable().describe('The safety note shown before the first step, or null.'),
    steps: z
      .array(z.object({ text: z.string().min(1).max(1000).describe('What to do in this step.'), seconds: z.number().int().min(5).max(120).describe('The step\'s timer, in seconds.') }))
      .min(2)
      .max(12)
      .describe('The guided steps in order.'),
    _source: z.string().min(1).describe('The evidence behind it (for editors; not shown).'),
  })
  .refine(fitsTwoToFive, 'A reset lasts two to five minutes in all.');

export const resetFeelingSchema = z.object({
  id: z.enum(RESET_FEELINGS).describe('Fixed id, stored with members\' resets.'),
  label: z.string().min(1).max(40).describe('The feeling\'s name on the picker.'),
  description: z.string().min(1).max(300).describe('How the feeling often shows up, in plain words.'),
});

export const resetCrisisSchema = z.object({
  text: z.string().min(1).max(300).describe('The crisis line shown on every Reset Room page, never behind a tap.'),
  linkLabel: z.string().min(1).max(120).describe('The link\'s words.'),
  href: z.url().describe('Where the link leads: a directory of crisis lines.'),
});
