/** The founder's story reader: the chapters in order, and its state machine. */
import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  chapterDotLabel,
  chapterProgress,
  createStory,
  isLastChapter,
  orderChapters,
  storyReducer,
} from '../../src/features/story/story';

describe('story state machine', () => {
  it('starts at the first chapter, where Previous is disabled and Continue is not', () => {
    const s = createStory(13);
    expect(s).toEqual({ index: 0, total: 13 });
    expect(canGoPrevious(s)).toBe(false);
    expect(canGoNext(s)).toBe(true);
    expect(chapterProgress(s)).toBe('Chapter 1 of 13');
  });

  it('moves forward one chapter at a time and stops at the last', () => {
    let s = createStory(13);
    for (let i = 0; i < 20; i++) s = storyReducer(s, { type: 'next' });
    expect(s.index).toBe(12);
    expect(isLastChapter(s)).toBe(true);
    expect(canGoNext(s)).toBe(false);
    expect(canGoPrevious(s)).toBe(true);
    expect(chapterProgress(s)).toBe('Chapter 13 of 13');
  });

  it('moves back one chapter at a time and stops at the first', () => {
    let s = createStory(13, 2);
    s = storyReducer(s, { type: 'previous' });
    expect(s.index).toBe(1);
    s = storyReducer(storyReducer(storyReducer(s, { type: 'previous' }), { type: 'previous' }), { type: 'previous' });
    expect(s.index).toBe(0);
  });

  it('returns the same state for a move past either end', () => {
    const first = createStory(13);
    expect(storyReducer(first, { type: 'previous' })).toBe(first);
    const last = createStory(13, 12);
    expect(storyReducer(last, { type: 'next' })).toBe(last);
    expect(storyReducer(last, { type: 'goTo', index: 12 })).toBe(last);
  });

  it('jumps to any chapter and keeps out-of-range jumps inside the story', () => {
    const s = createStory(13);
    expect(storyReducer(s, { type: 'goTo', index: 6 }).index).toBe(6);
    expect(storyReducer(s, { type: 'goTo', index: 99 }).index).toBe(12);
    expect(storyReducer(s, { type: 'goTo', index: -4 }).index).toBe(0);
    expect(storyReducer(s, { type: 'goTo', index: Number.NaN }).index).toBe(0);
    expect(storyReducer(s, { type: 'goTo', index: 3.7 }).index).toBe(3);
  });

  it('treats a one-chapter story as both first and last', () => {
    const s = createStory(1);
    expect(canGoPrevious(s)).toBe(false);
    expect(canGoNext(s)).toBe(false);
    expect(isLastChapter(s)).toBe(true);
  });

  it('refuses a story without chapters', () => {
    expect(() => createStory(0)).toThrow(RangeError);
    expect(() => createStory(2.5)).toThrow(RangeError);
  });

  it('names each dot after its chapter', () => {
    expect(chapterDotLabel(3, 'The Silence')).toBe('Chapter 3: The Silence');
  });
});

describe('orderChapters', () => {
  it('sorts chapters by number', () => {
    const out = orderChapters([{ chapter: 3 }, { chapter: 1 }, { chapter: 2 }]);
    expect(out.map((c) => c.chapter)).toEqual([1, 2, 3]);
  });

  it('fails on a gap or a repeated number', () => {
    expect(() => orderChapters([{ chapter: 1 }, { chapter: 3 }])).toThrow(/without gaps or repeats/);
    expect(() => orderChapters([{ chapter: 1 }, { chapter: 1 }, { chapter: 2 }])).toThrow(/found 1, 1, 2/);
  });
});
