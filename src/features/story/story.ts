/**
 * The founder's story as a small state machine: which chapter is shown, and where a reader may
 * go from there. Chapters are numbered from 1 for people and indexed from 0 here.
 */

export interface StoryState {
  /** The chapter shown, 0 to total - 1. */
  readonly index: number;
  /** How many chapters the story has. */
  readonly total: number;
}

export type StoryAction = { type: 'next' } | { type: 'previous' } | { type: 'goTo'; index: number };

function clamp(index: number, total: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), total - 1);
}

/** The story at its first chapter (or at `index`, kept within the story). */
export function createStory(total: number, index = 0): StoryState {
  if (!Number.isInteger(total) || total < 1) throw new RangeError(`a story needs at least one chapter, got ${total}`);
  return { index: clamp(index, total), total };
}

export function canGoPrevious(state: StoryState): boolean {
  return state.index > 0;
}

export function canGoNext(state: StoryState): boolean {
  return state.index < state.total - 1;
}

export function isLastChapter(state: StoryState): boolean {
  return state.index === state.total - 1;
}

/** The next state. Moves past either end are ignored; the same object is returned. */
export function storyReducer(state: StoryState, action: StoryAction): StoryState {
  let index: number;
  switch (action.type) {
    case 'next':
      index = canGoNext(state) ? state.index + 1 : state.index;
      break;
    case 'previous':
      index = canGoPrevious(state) ? state.index - 1 : state.index;
      break;
    case 'goTo':
      index = clamp(action.index, state.total);
      break;
  }
  return index === state.index ? state : { ...state, index };
}

/** "Chapter 3 of 13". */
export function chapterProgress(state: StoryState): string {
  return `Chapter ${state.index + 1} of ${state.total}`;
}

/** The accessible name of a chapter's dot: "Chapter 3: The Silence". */
export function chapterDotLabel(number: number, title: string): string {
  return `Chapter ${number}: ${title}`;
}

/**
 * Chapters in reading order. Throws when the numbers are not exactly 1 to N, so a missing or
 * duplicated chapter file fails the build instead of shipping a story with a hole in it.
 */
export function orderChapters<T extends { chapter: number }>(chapters: readonly T[]): T[] {
  const sorted = [...chapters].sort((a, b) => a.chapter - b.chapter);
  sorted.forEach((c, i) => {
    if (c.chapter !== i + 1) {
      throw new Error(`story chapters must be numbered 1 to ${sorted.length} without gaps or repeats; found ${sorted.map((s) => s.chapter).join(', ')}`);
    }
  });
  return sorted;
}
