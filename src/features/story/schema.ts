/** The zod schema of a chapter of the founder's story (src/content/story/<NN>.md). */
import { z } from 'zod';

export const storyChapterSchema = z.object({
  chapter: z.number().int().min(1).max(13).describe('Chapter number, 1 to 13; sets the order.'),
  title: z.string().min(1).describe('Chapter title, from "The Breaking Point" (1) to "The Legacy" (13).'),
});

