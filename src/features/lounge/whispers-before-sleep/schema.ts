/**
 * Whispers Before Sleep's content schema (the stories, src/content/lounge/whispers-before-sleep/
 * stories/*.md, wired in src/content.config.ts). Members get a story's text from the content
 * gate; pages read the titles, moods and reading times, and the preview story's first paragraphs.
 */
import { z } from 'zod';

export const whispersStorySchema = z.object({
  title: z.string().min(1).max(100).describe('The story\'s title.'),
  mood: z.string().min(1).max(120).describe('One line on the story\'s mood, shown on the list.'),
  minutes: z.number().int().min(3).max(8).describe('Reading time in whole minutes (3 to 8).'),
  preview: z.boolean().optional().describe('On one story only: its first paragraphs are the public preview on /app/whispers-before-sleep.'),
});
