/**
 * Whispers Before Sleep's content read at build (src/content/lounge/whispers-before-sleep/
 * stories/): the stories' titles, moods and reading times for the shelf, in the files' order
 * (`<NN>-<slug>.md`). Never a story's body: members read it through the content gate.
 */
import { getCollection } from 'astro:content';
import type { StoryListing } from './Whispers';

/** What the member's app is given at build: the shelf. */
export async function homeProps(): Promise<{ stories: StoryListing[] }> {
  const stories = (await getCollection('whispersStories'))
    .map((s) => ({ id: s.id.replace(/^\d{2}-/, ''), order: Number(s.id.slice(0, 2)), title: s.data.title, mood: s.data.mood, minutes: s.data.minutes }))
    .sort((a, b) => a.order - b.order);
  return { stories };
}
