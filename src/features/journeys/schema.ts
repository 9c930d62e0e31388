/**
 * The zod schema of a journey (src/content/journeys/<id>.json): five steps in the one order a
 * journey may have them. `src/content.config.ts` wires it to its loader.
 */
import { z } from 'zod';
import { ICON_NAMES } from '../../core/ui/icons';

/** An icon of the site's set (src/core/ui/icons.ts). */
const icon = z.enum(ICON_NAMES);

/** The five step types of a journey, in the only order a journey may have them. */
export const JOURNEY_STEP_TYPES = ['challenge', 'explorer', 'adventurer', 'alchemist', 'closing'] as const;

export const journeyStepSchema = z.object({
  type: z.enum(JOURNEY_STEP_TYPES).describe('Which of the five stages this step is; fixes its header colour.'),
  title: z.string().min(1).describe('The step heading shown under "Step X of N".'),
  content: z.string().min(1).describe('The body of the step: plain text, paragraphs separated by a blank line.'),
  prompt: z.string().min(1).optional().describe('An optional reflective question shown below the content.'),
});

export const journeySchema = z
  .object({
    title: z.string().min(1).describe('Shown on the card, the journey page and the share image.'),
    description: z.string().min(1).describe('One or two sentences: the card hover text and the page meta description.'),
    order: z.number().int().min(1).describe('Position on the journey list, 1 first.'),
    symbolicIcon: icon.describe('Icon of the backpack as it is carried (src/core/ui/icons.ts).'),
    transformedIcon: icon.describe('Icon shown once the alchemist step is reached (src/core/ui/icons.ts).'),
    steps: z
      .array(journeyStepSchema)
      .length(5, 'a journey has exactly five steps')
      .describe('Exactly five steps, in the order challenge, explorer, adventurer, alchemist, closing.'),
  })
  .superRefine((journey, ctx) => {
    journey.steps.forEach((step, i) => {
      if (step.type !== JOURNEY_STEP_TYPES[i]) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'type'],
          message: `step ${i + 1} must be "${JOURNEY_STEP_TYPES[i]}", found "${step.type}"`,
        });
      }
    });
  });

