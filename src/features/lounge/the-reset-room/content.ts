/**
 * The Reset Room's content read at build (src/content/lounge/the-reset-room/): the feelings
 * (public) for the member's app. The resets reach members through the content gate; the
 * preview reads the grounding reset and CrisisLine.astro the crisis line.
 */
import { getCollection } from 'astro:content';
import type { FeelingCopy } from './resets';

/** What the member's app is given at build: the feelings to pick from. */
export async function homeProps(): Promise<{ feelings: FeelingCopy[] }> {
  return { feelings: (await getCollection('resetRoomFeelings')).map((f) => f.data) };
}
