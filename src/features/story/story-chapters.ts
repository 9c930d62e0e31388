/**
 * <story-chapters>: the founder's story one chapter at a time, on markup the server has
 * already rendered (MyStory.astro): every chapter is an `<article>`, only the current one is
 * shown (the others carry `hidden`), with dot navigation, "Chapter N of 13", Previous and
 * Continue Reading. The element only moves between chapters (src/features/story/story.ts decides where a
 * reader may go), so the page needs no framework: a few kilobytes instead of React.
 *
 * Expected inside the element: `[data-story-progress]` (the live "Chapter N of M"), one
 * `button[data-story-dot]` per chapter (its chapter index, from 0), `button[data-story-previous]`,
 * `button[data-story-next]`, and the `article` elements in reading order. The dots' look for the
 * current and the other chapters is in ./story-dots.ts (shared with the server markup).
 *
 * Without JavaScript the page's CSS (`@media (scripting: none)`) shows every chapter and hides
 * the controls, which carry the class `story-js-only`. A tap that lands before the element is
 * defined is kept and replayed by TapKeeper (the element carries `data-keep-taps`).
 */
import { canGoNext, canGoPrevious, chapterProgress, createStory, storyReducer, type StoryAction, type StoryState } from './story';
import { STORY_DOT_CLASS } from './story-dots';

export const STORY_ELEMENT = 'story-chapters';

export class StoryChapters extends HTMLElement {
  #state: StoryState | undefined;

  connectedCallback(): void {
    if (this.#state) return;
    const chapters = this.#chapters();
    if (chapters.length === 0) return;
    const shown = chapters.findIndex((chapter) => !chapter.hidden);
    this.#state = createStory(chapters.length, Math.max(shown, 0));
    this.addEventListener('click', this.#onClick);
    this.#render(false);
  }

  disconnectedCallback(): void {
    this.removeEventListener('click', this.#onClick);
    this.#state = undefined;
  }

  #chapters(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('article')];
  }

  #button(name: 'previous' | 'next'): HTMLButtonElement | null {
    return this.querySelector<HTMLButtonElement>(`button[data-story-${name}]`);
  }

  #onClick = (event: MouseEvent): void => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !this.#state || button.disabled || !this.contains(button)) return;
    let action: StoryAction;
    if (button.hasAttribute('data-story-previous')) action = { type: 'previous' };
    else if (button.hasAttribute('data-story-next')) action = { type: 'next' };
    else if (button.dataset['storyDot'] !== undefined) action = { type: 'goTo', index: Number(button.dataset['storyDot']) };
    else return;
    const next = storyReducer(this.#state, action);
    if (next === this.#state) return;
    this.#state = next;
    this.#render(true);
  };

  /** Shows the current chapter and sets the controls; after a reader's move, keeps focus and the chapter's top in view. */
  #render(moved: boolean): void {
    const state = this.#state;
    if (!state) return;
    this.#chapters().forEach((chapter, i) => {
      chapter.hidden = i !== state.index;
    });
    this.querySelectorAll<HTMLButtonElement>('button[data-story-dot]').forEach((dot) => {
      const current = Number(dot.dataset['storyDot']) === state.index;
      if (current) dot.setAttribute('aria-current', 'step');
      else dot.removeAttribute('aria-current');
      const mark = dot.querySelector('span');
      if (mark) mark.className = current ? STORY_DOT_CLASS.current : STORY_DOT_CLASS.other;
    });
    const progress = this.querySelector('[data-story-progress]');
    const text = chapterProgress(state);
    if (progress && progress.textContent !== text) progress.textContent = text;
    const previous = this.#button('previous');
    const next = this.#button('next');
    if (previous) previous.disabled = !canGoPrevious(state);
    if (next) next.disabled = !canGoNext(state);
    if (!moved) return;
    // A button that just became disabled cannot keep focus: hand it to the other one.
    const active = document.activeElement;
    if (active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) {
      (state.index === 0 ? next : previous)?.focus();
    }
    if (this.getBoundingClientRect().top < 0) this.scrollIntoView({ block: 'start' });
  }
}

if (!customElements.get(STORY_ELEMENT)) customElements.define(STORY_ELEMENT, StoryChapters);
