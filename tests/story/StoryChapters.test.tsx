/**
 * The story's <story-chapters> element (src/features/story/story-chapters.ts) on the markup
 * MyStory.astro renders for it: chapter 1 shown and the others `hidden`, the dots, Previous and
 * Continue Reading. The e2e (tests/marketing/content-pages.spec.ts) runs the element on the built
 * page with the real chapters, with and without JavaScript.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORY_DOT_CLASS } from '../../src/features/story/story-dots';
import { chapterDotLabel } from '../../src/features/story/story';
import '../../src/features/story/story-chapters';

const titles = ['The Breaking Point', 'The Mask I Wore', 'The Silence'];

/** The server markup of MyStory.astro for these chapters (chapter 1 shown, Previous disabled). */
function renderStory() {
  const dots = titles
    .map(
      (title, i) =>
        `<li><button type="button" aria-label="${chapterDotLabel(i + 1, title)}"${i === 0 ? ' aria-current="step"' : ''} aria-controls="story-chapter-${i + 1}" data-story-dot="${i}"><span aria-hidden="true" class="${i === 0 ? STORY_DOT_CLASS.current : STORY_DOT_CLASS.other}"></span></button></li>`,
    )
    .join('');
  const articles = titles
    .map(
      (title, i) =>
        `<article id="story-chapter-${i + 1}" class="story-chapter" aria-labelledby="story-chapter-${i + 1}-title"${i === 0 ? '' : ' hidden'}>
          <p class="eyebrow">Chapter ${i + 1}</p>
          <h3 id="story-chapter-${i + 1}-title">${title}</h3>
          <div><p>Body of ${title}</p></div>
          ${i === titles.length - 1 ? '<div><p>Your story can start here too.</p><a href="/signup">Join the Community</a></div>' : ''}
        </article>`,
    )
    .join('');
  document.body.innerHTML = `<main><story-chapters class="story block" data-keep-taps>
    <div class="story-js-only"><p aria-live="polite" aria-atomic="true" data-story-progress>Chapter 1 of ${titles.length}</p><ol aria-label="Chapters">${dots}</ol></div>
    ${articles}
    <div class="story-js-only"><button type="button" disabled data-story-previous>Previous</button><button type="button" data-story-next>Continue Reading</button></div>
  </story-chapters></main>`;
}

const article = (title: string) => screen.getByRole('heading', { level: 3, name: title, hidden: true }).closest('article')!;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('<story-chapters>', () => {
  it('renders every chapter, showing only the first', () => {
    renderStory();
    expect(customElements.get('story-chapters')).toBeDefined();
    screen.getByText('Chapter 1 of 3');
    expect(article('The Breaking Point').hidden).toBe(false);
    expect(article('The Mask I Wore').hidden).toBe(true);
    expect(article('The Silence').hidden).toBe(true);
    screen.getByText('Body of The Silence', { selector: 'p' });
    expect(button('Previous').disabled).toBe(true);
  });

  it('walks forward to the last chapter, then offers to join', async () => {
    const user = userEvent.setup();
    renderStory();
    const next = button('Continue Reading');
    await user.click(next);
    screen.getByText('Chapter 2 of 3');
    expect(article('The Mask I Wore').hidden).toBe(false);
    expect(article('The Breaking Point').hidden).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    await user.click(next);
    screen.getByText('Chapter 3 of 3');
    expect(next.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Join the Community' }).getAttribute('href')).toBe('/signup');
    expect(article('The Silence').contains(screen.getByRole('link', { name: 'Join the Community' }))).toBe(true);
    expect(document.activeElement).toBe(button('Previous'));
  });

  it('jumps with the dots and marks the current one', async () => {
    const user = userEvent.setup();
    renderStory();
    await user.click(button('Chapter 3: The Silence'));
    screen.getByText('Chapter 3 of 3');
    expect(button('Chapter 3: The Silence').getAttribute('aria-current')).toBe('step');
    expect(button('Chapter 1: The Breaking Point').hasAttribute('aria-current')).toBe(false);
    expect(button('Chapter 3: The Silence').querySelector('span')!.className).toBe(STORY_DOT_CLASS.current);
    expect(button('Chapter 1: The Breaking Point').querySelector('span')!.className).toBe(STORY_DOT_CLASS.other);
    await user.click(button('Previous'));
    screen.getByText('Chapter 2 of 3');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('works from the keyboard: Enter and Space on the buttons, focus kept when Previous goes disabled', async () => {
    const user = userEvent.setup();
    renderStory();
    button('Continue Reading').focus();
    await user.keyboard('{Enter}');
    screen.getByText('Chapter 2 of 3');
    await user.keyboard(' ');
    screen.getByText('Chapter 3 of 3');
    expect(document.activeElement).toBe(button('Previous'));
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    screen.getByText('Chapter 1 of 3');
    expect(button('Previous').disabled).toBe(true);
    expect(document.activeElement).toBe(button('Continue Reading'));
  });
});
