/**
 * Stillpoint's content schema (src/content/lounge/stillpoint/patterns.json, wired in
 * src/content.config.ts): the breathing patterns with their phases and copy, which the owner
 * edits without code. The copy is public: the home in the Lounge and the preview read it at build.
 */
import { z } from 'zod';
import { BREATHING_PATTERNS } from '../../../core/db/values';
import { CONTENT_PHASE_KINDS } from './breathing';

export const stillpointPhaseSchema = z.object({
  kind: z.enum(CONTENT_PHASE_KINDS).describe('What the breath does in this phase; the guide grows on inhale, shrinks on exhale.'),
  seconds: z.number().positive().max(20).describe("The phase's exact length in seconds."),
  label: z.string().min(1).max(40).describe('What the guide says during the phase, before the seconds left ("Breathe in, 3").'),
});

export const stillpointPatternSchema = z.object({
  // The member's own pattern ('custom') is made in the app, never in the content.
  id: z.enum(BREATHING_PATTERNS).exclude(['custom']).describe('Fixed id, stored in members\' session history.'),
  name: z.string().min(1).max(60).describe('The pattern\'s name on the picker.'),
  summary: z.string().min(1).max(200).describe('One line on what the pattern is.'),
  howTo: z.string().min(1).max(800).describe('How to breathe it, in plain words.'),
  phases: z.array(stillpointPhaseSchema).min(2).max(6).describe('One breath, phase by phase, in order.'),
  note: z.string().min(1).max(800).describe('Evidence in brief and the safety note shown with the pattern.'),
  _source: z.string().min(1).describe('The study behind it (for editors; not shown).'),
});
