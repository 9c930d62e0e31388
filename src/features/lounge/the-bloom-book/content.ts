/**
 * The Bloom Book's content read at build: the public preview's prompt, the first of
 * src/content/lounge/the-bloom-book/prompts.json (in the file's order, which the owner
 * controls), validated by the collection's schema. The sales page's preview shows it; the home
 * in the Lounge tells the member's app to leave it out (members are never given it again). The
 * rest of the prompts reach members through the content gate.
 */
import { getEntry } from 'astro:content';
import promptsFile from '../../../content/lounge/the-bloom-book/prompts.json';

export async function previewPrompt(): Promise<{ id: string; text: string }> {
  const id = promptsFile[0]?.id;
  const entry = id ? await getEntry('bloomPrompts', id) : undefined;
  if (!entry) throw new Error('The Bloom Book: src/content/lounge/the-bloom-book/prompts.json has no first prompt');
  return { id: entry.data.id, text: entry.data.text };
}

/** What the member's app is given at build: the preview prompt's id, to leave out. */
export async function homeProps(): Promise<{ previewPromptId: string }> {
  return { previewPromptId: (await previewPrompt()).id };
}
