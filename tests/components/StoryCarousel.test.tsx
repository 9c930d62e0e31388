import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import StoryCarousel, { type StoryCarouselProps } from '../../src/islands/StoryCarousel';

const titles = ['The Breaking Point', 'The Mask I Wore', 'The Silence'];

function renderStory() {
  const props: StoryCarouselProps = {
    chapters: titles.map((title, i) => ({ number: i + 1, title })),
    joinHref: '/signup',
  };
  titles.forEach((title, i) => {
    props[`chapter-${i + 1}`] = <p>Body of {title}</p>;
  });
  return render(<StoryCarousel {...props} />);
}

const article = (title: string) => screen.getByRole('heading', { level: 3, name: title, hidden: true }).closest('article')!;

describe('StoryCarousel', () => {
  it('renders every chapter, showing only the first', () => {
    renderStory();
    expect(screen.getByText('Chapter 1 of 3')).toBeTruthy();
    expect(article('The Breaking Point').hidden).toBe(false);
    expect(article('The Mask I Wore').hidden).toBe(true);
    expect(article('The Silence').hidden).toBe(true);
    expect(screen.getByText('Body of The Silence', { selector: 'p' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('walks forward to the last chapter, then offers to join', async () => {
    const user = userEvent.setup();
    renderStory();
    const next = screen.getByRole('button', { name: 'Continue Reading' }) as HTMLButtonElement;
    await user.click(next);
    expect(screen.getByText('Chapter 2 of 3')).toBeTruthy();
    expect(article('The Mask I Wore').hidden).toBe(false);
    expect(article('The Breaking Point').hidden).toBe(true);
    await user.click(next);
    expect(screen.getByText('Chapter 3 of 3')).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Join the Community' }).getAttribute('href')).toBe('/signup');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
  });

  it('jumps with the dots and marks the current one', async () => {
    const user = userEvent.setup();
    renderStory();
    await user.click(screen.getByRole('button', { name: 'Chapter 3: The Silence' }));
    expect(screen.getByText('Chapter 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chapter 3: The Silence' }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: 'Chapter 1: The Breaking Point' }).hasAttribute('aria-current')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Chapter 2 of 3')).toBeTruthy();
  });
});
