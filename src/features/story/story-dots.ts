/**
 * How a chapter dot of the story looks: the current chapter's, and the others'. Used by the
 * server markup (MyStory.astro) and by the <story-chapters> element when the reader moves.
 */
export const STORY_DOT_CLASS = {
  current: 'block size-3.5 rounded-full bg-gold-700',
  other: 'block size-2.5 rounded-full bg-plum-200 transition-colors group-hover:bg-plum-500',
} as const;
