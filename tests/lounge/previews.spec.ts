import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/e2e';

/**
 * The Lounge's previews, for a visitor with no account (issue 21): each is in the page's HTML
 * before any script runs, and works: one full minute of box breathing (with a visible Pause),
 * a Bloom Book page kept in this browser only, and the opening of a story read aloud sentence
 * by sentence. (The other three apps' previews: lounge-app-previews.spec.ts.)
 */

const prompts = JSON.parse(readFileSync(new URL('../../src/content/lounge/the-bloom-book/prompts.json', import.meta.url), 'utf8')) as { text: string }[];
const story = readFileSync(new URL('../../src/content/lounge/whispers-before-sleep/stories/01-snow-on-the-way-home.md', import.meta.url), 'utf8');
const storyParagraphs = story.split(/^---$/m)[2]!.trim().split(/\n\s*\n/);

test('Stillpoint: a visitor breathes a full minute of box breathing, and can pause', async ({ page, request }) => {
  const html = await (await request.get('/app/stillpoint')).text();
  expect(html).toContain('Ready when you are');
  expect(html).not.toContain('Preview Coming Soon');

  await page.clock.install();
  await page.goto('/app/stillpoint');
  const guide = page.locator('[data-preview="stillpoint"] stillpoint-guide');
  await expect(guide.locator('[data-sp-time]')).toHaveText('1:00');
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Breathe in, 4');
  await expect(guide.locator('[data-sp-announce]')).toHaveText('Breathe in, 4 seconds');
  await page.clock.runFor(5_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Hold gently, 3');

  await guide.getByRole('button', { name: 'Pause' }).click();
  await page.clock.runFor(30_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Hold gently, 3');
  await guide.getByRole('button', { name: 'Resume' }).click();
  await page.clock.runFor(54_000);
  await expect(guide.locator('[data-sp-cue]')).not.toHaveText('Well done. Your session is complete.');
  await page.clock.runFor(1_500);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Well done. Your session is complete.');
  await expect(guide.getByRole('button', { name: 'Start again' })).toBeVisible();
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
});

test('Stillpoint: under reduced motion the guide keeps its size and changes colour instead', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app/stillpoint');
  const guide = page.locator('[data-preview="stillpoint"] stillpoint-guide');
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide).toHaveAttribute('data-motion', 'reduced');
  const circle = guide.locator('[data-sp-circle]');
  await expect(circle).toHaveAttribute('data-phase', 'in');
  expect(await circle.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(0.75, 0, 0, 0.75, 0, 0)');
  await guide.getByRole('button', { name: 'Stop' }).click();
});

test('The Bloom Book: a visitor writes a page that stays in this browser only', async ({ page, request }) => {
  const html = await (await request.get('/app/the-bloom-book')).text();
  expect(html).toContain(prompts[0]!.text);
  expect(html).not.toContain(prompts[1]!.text);
  expect(html).toContain('Members keep their book in their account');

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  await page.goto('/app/the-bloom-book');
  const form = page.locator('[data-bloom-preview]');
  await form.getByRole('textbox', { name: 'Grateful for (1 of 3)' }).fill('The first frost on the window');
  await form.getByRole('textbox', { name: prompts[0]!.text }).fill('A slow breakfast.');
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Grateful for (1 of 3)' })).toHaveValue('The first frost on the window');
  await expect(form.getByRole('textbox', { name: prompts[0]!.text })).toHaveValue('A slow breakfast.');
  expect(sent).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('Whispers Before Sleep: a visitor reads the opening of a story and hears it read sentence by sentence', async ({ page, request }) => {
  const html = await (await request.get('/app/whispers-before-sleep')).text();
  expect(html).toContain(storyParagraphs[0]!.trim());
  // Only the opening is public: the end of the story is not in the page.
  expect(html).not.toContain(storyParagraphs.at(-1)!.trim().slice(0, 60));

  await page.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    const voice = { voiceURI: 'test-en', name: 'Test', lang: 'en-GB', default: true, localService: true };
    // A voice object the page can use: the stub's own utterance class accepts it.
    class Utterance {
      text: string;
      volume = 1;
      rate = 1;
      lang = '';
      voice: unknown = null;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: Utterance });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => [voice],
        addEventListener: () => {},
        cancel: () => {},
        speak: (u: Utterance) => {
          spoken.push(u.text);
          setTimeout(() => u.onend?.(new Event('end')), 5);
        },
      },
    });
  });
  await page.goto('/app/whispers-before-sleep');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByText('That is the opening. Members hear the whole story.')).toBeVisible();
  const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
  expect(spoken[0]).toBe('The last door of the day closes behind you, and the street is already white.');
  expect(spoken.length).toBeGreaterThan(6);
  for (const s of spoken) expect(s.length).toBeLessThanOrEqual(180);
  await expectNoSeriousA11yViolations(page);
});

test('without a voice, Whispers says so instead of staying silent', async ({ page }) => {
  await page.addInitScript(() => {
    // A voice object the page can use: the stub's own utterance class accepts it.
    class Utterance {
      text: string;
      volume = 1;
      rate = 1;
      lang = '';
      voice: unknown = null;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: Utterance });
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
  });
  await page.goto('/app/whispers-before-sleep');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByText('This browser has no voice to read aloud with. You can still read the story on the page.')).toBeVisible();
});

test('no app page says "Preview Coming Soon" any more: all six have a real preview (issue 22)', async ({ request }) => {
  for (const slug of ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room']) {
    expect(await (await request.get(`/app/${slug}`)).text(), slug).not.toContain('Preview Coming Soon');
  }
});
