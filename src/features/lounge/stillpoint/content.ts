/**
 * Stillpoint's content read at build (src/content/lounge/stillpoint/patterns.json): the
 * patterns' copy, which is public. Its home in the Lounge gives them to the member's app, in
 * the order the database lists the patterns.
 */
import { getCollection } from 'astro:content';
import { BREATHING_PATTERNS } from '../../../core/db/values';
import type { PatternCopy } from './breathing';

/** What the member's app is given at build: every pattern with its copy. */
export async function homeProps(): Promise<{ patterns: PatternCopy[] }> {
  const patterns = (await getCollection('stillpointPatterns')).map((p) => p.data).sort((a, b) => BREATHING_PATTERNS.indexOf(a.id) - BREATHING_PATTERNS.indexOf(b.id));
  return { patterns };
}
