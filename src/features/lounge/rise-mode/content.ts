/**
 * Rise Mode's content read at build (src/content/lounge/rise-mode/): the app's own words around
 * the practice (prompts.json), for the member's app and the preview, and the statements marked
 * for the preview. The full sets of statements and brave actions reach members through the
 * content gate.
 */
import { getCollection, getEntry } from 'astro:content';
import type { RisePrompts, Statement } from './rise';

export async function risePrompts(): Promise<RisePrompts> {
  const prompts = await getEntry('risePrompts', 'prompts');
  if (!prompts) throw new Error('Rise Mode: src/content/lounge/rise-mode/prompts.json is missing');
  return prompts.data;
}

/** The statements marked `"preview": true`, in id order (a collection's order is not the file's): the preview's script picks in the same order. */
export async function previewStatements(): Promise<Statement[]> {
  const sample = (await getCollection('riseStatements'))
    .filter((s) => s.data.preview)
    .map((s) => ({ id: s.data.id, text: s.data.text }))
    .sort((a, b) => a.id.localeCompare(b.id));
  if (sample.length === 0) throw new Error('Rise Mode: mark statements with "preview": true');
  return sample;
}

/** What the member's app is given at build: the app's words. */
export async function homeProps(): Promise<{ prompts: RisePrompts }> {
  return { prompts: await risePrompts() };
}
