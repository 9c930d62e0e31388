/**
 * The Bloom Book's content schema (src/content/lounge/the-bloom-book/prompts.json, wired in
 * src/content.config.ts): the prompt set, which the owner edits without code. Members get it
 * from the content gate; pages read only the preview's prompt.
 */
import { z } from 'zod';
import { fixedId } from '../shared/schema';

export const bloomPromptSchema = z.object({
  id: fixedId('Fixed id, stored with the member\'s page.'),
  time: z.enum(['morning', 'evening', 'any']).describe('When the prompt is offered: before 2 pm, after, or either.'),
  text: z.string().min(1).max(300).describe('The prompt as the member reads it.'),
});
