/**
 * Whispers Before Sleep's preview on its sales page, for a visitor with no account: the opening
 * of the preview story in the page's HTML (never its end), read aloud sentence by sentence, and
 * without a voice a message instead of silence. The browser's speech is a stand-in that records
 * what it is asked to say.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../../support/e2e';

const story = readFileSync(new URL('../../../src/content/lounge/whispers-before-sleep/stories/01-snow-on-the-way-home.md', import.meta.url), 'utf8');
const storyParagraphs = story.split(/^---$/m)[2]!.trim().split(/\n\s*\n/);

/** The browser's speech, before the page loads: one English voice that says each sentence and records it (`window.spoken`), or no speech at all. */
async function stubSpeech(page: Page, withVoice: boolean) {
  await page.addInitScript((withVoice) => {
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
      value: withVoice
        ? {
            getVoices: () => [voice],
            addEventListener: () => {},
            cancel: () => {},
            speak: (u: Utterance) => {
              spoken.push(u.text);
              setTimeout(() => u.onend?.(new Event('end')), 5);
            },
          }
        : undefined,
    });
  }, withVoice);
}

test('Whispers Before Sleep: a visitor reads the opening of a story and hears it read sentence by sentence', async ({ page, request }) => {
  const html = await (await request.get('/app/whispers-before-sleep')).text();
  expect(html).toContain(storyParagraphs[0]!.trim());
  // Only the opening is public: the end of the story is not in the page.
  expect(html).not.toContain(storyParagraphs.at(-1)!.trim().slice(0, 60));

  await stubSpeech(page, true);
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
  await stubSpeech(page, false);
  await page.goto('/app/whispers-before-sleep');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByText('This browser has no voice to read aloud with. You can still read the story on the page.')).toBeVisible();
});
