/**
 * The public preview's prompt: the first of src/content/lounge/the-bloom-book/prompts.json (in
 * the file's order, which the owner controls), validated by the collection's schema. Read at
 * build time by the sales page's preview and by the room (members are never given it again).
 */
import { getEntry } from 'astro:content';
import promptsFile from '../../../content/lounge/the-bloom-book/prompts.json';

export async function previewPrompt(): Promise<{ id: string; text: string }> {
  const id = promptsFile[0]?.id;
  const entry = id ? await getEntry('bloomPrompts', id) : undefined;
  if (!entry) throw new Error('The Bloom Book: src/content/lounge/the-bloom-book/prompts.json has no first prompt');
  return { id: entry.data.id, text: entry.data.text };
}
