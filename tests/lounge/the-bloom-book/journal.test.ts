/**
 * The Bloom Book's pure logic: the part of the member's day, the prompt of the day, search, and
 * the Markdown export. The member's day and the streak are the Lounge's (../shared/local-day.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/features/lounge/shared/local-day';
import {
  isEmpty,
  partOfDay,
  promptOfDay,
  search,
  toMarkdown,
  tooLong,
  type Page,
  type Prompt,
} from '../../../src/features/lounge/the-bloom-book/journal';

const PROMPTS: Prompt[] = [
  { id: 'morning-great', time: 'morning', text: 'What would make today great?' },
  { id: 'evening-well', time: 'evening', text: 'What went well today, and why?' },
  { id: 'morning-kind', time: 'morning', text: 'Who could you be kind to today?' },
  { id: 'any-small', time: 'any', text: 'What small thing made you smile?' },
  { id: 'evening-learn', time: 'evening', text: 'What did today teach you?' },
];

describe('the part of the day', () => {
  it('is morning until 2 pm and evening after, on the member’s clock', () => {
    expect(partOfDay(new Date('2026-11-25T12:59:00Z'), 'Europe/Berlin')).toBe('morning');
    expect(partOfDay(new Date('2026-11-25T13:00:00Z'), 'Europe/Berlin')).toBe('evening');
    expect(partOfDay(new Date('2026-11-25T13:00:00Z'), 'America/New_York')).toBe('morning');
  });
});

describe('the prompt of the day', () => {
  it('is the same all day, changes the next day, and fits the morning or the evening', () => {
    const monday = promptOfDay(PROMPTS, '2026-11-23', 'morning');
    expect(promptOfDay(PROMPTS, '2026-11-23', 'morning')).toEqual(monday);
    expect(promptOfDay(PROMPTS, '2026-11-24', 'morning')).not.toEqual(monday);
    for (let i = 0; i < 10; i++) {
      expect(['morning', 'any']).toContain(promptOfDay(PROMPTS, addDays('2026-11-23', i), 'morning')!.time);
      expect(['evening', 'any']).toContain(promptOfDay(PROMPTS, addDays('2026-11-23', i), 'evening')!.time);
    }
  });

  it('goes through every fitting prompt in turn before repeating, and can leave out the preview’s', () => {
    const seen = new Set(Array.from({ length: 3 }, (_, i) => promptOfDay(PROMPTS, addDays('2026-11-23', i), 'evening')!.id));
    expect(seen).toEqual(new Set(['evening-well', 'any-small', 'evening-learn']));
    for (let i = 0; i < 6; i++) expect(promptOfDay(PROMPTS, addDays('2026-11-23', i), 'morning', 'morning-great')!.id).not.toBe('morning-great');
    expect(promptOfDay([], '2026-11-23', 'morning')).toBeNull();
  });
});

const page = (day: string, gratitudes: [string, string, string], answer = '', promptText = ''): Page => ({ day, gratitudes, promptId: '', promptText, answer });

describe('search and export', () => {
  const pages = [
    page('2026-11-20', ['Coffee at the Café Lumen', 'My dog', ''], 'A walk by the river', 'What went well today, and why?'),
    page('2026-11-24', ['The rain', 'Soup', 'A call with Mum'], ''),
  ];

  it('finds every word in any field, folding case and accents, newest first', () => {
    expect(search(pages, 'cafe').map((p) => p.day)).toEqual(['2026-11-20']);
    expect(search(pages, 'RIVER walk').map((p) => p.day)).toEqual(['2026-11-20']);
    expect(search(pages, 'mum soup').map((p) => p.day)).toEqual(['2026-11-24']);
    expect(search(pages, 'mum dog')).toEqual([]);
    expect(search(pages, '  ').map((p) => p.day)).toEqual(['2026-11-24', '2026-11-20']);
  });

  it('exports Markdown, oldest first, with the dates, the gratitudes and the prompt with its answer', () => {
    const md = toMarkdown(pages);
    expect(md).toBe(
      [
        '# My Bloom Book',
        '',
        '## November 20, 2026',
        '',
        'I am grateful for:',
        '',
        '- Coffee at the Café Lumen',
        '- My dog',
        '',
        '**What went well today, and why?**',
        '',
        'A walk by the river',
        '',
        '## November 24, 2026',
        '',
        'I am grateful for:',
        '',
        '- The rain',
        '- Soup',
        '- A call with Mum',
        '',
      ].join('\n'),
    );
  });

  it('keeps what the member typed as text, never as Markdown headings or lists', () => {
    const md = toMarkdown([page('2026-11-25', ['# not a heading', '- not a list', ''], '> quote\nsecond line')]);
    expect(md).toContain('- \\# not a heading');
    expect(md).toContain('- \\- not a list');
    expect(md).toContain('\\> quote  \nsecond line');
  });

  it('knows an empty page and a field over the database’s bounds', () => {
    expect(isEmpty({ gratitudes: [' ', '', ''], answer: '\n' })).toBe(true);
    expect(isEmpty({ gratitudes: ['', 'x', ''], answer: '' })).toBe(false);
    expect(tooLong({ gratitudes: ['', 'x'.repeat(1001), ''], answer: '' })).toBe('Gratitude 2 is longer than 1000 characters. Please shorten it.');
    expect(tooLong({ gratitudes: ['', '', ''], answer: 'x'.repeat(4001) })).toMatch(/answer is longer than 4000/);
    expect(tooLong({ gratitudes: ['x'.repeat(1000), '', ''], answer: 'x'.repeat(4000) })).toBeNull();
    expect(tooLong({ gratitudes: ['tea\u0000', '', ''], answer: '' })).toMatch(/cannot be saved/);
  });
});
