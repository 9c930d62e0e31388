/**
 * Whispers Before Sleep's pure logic: sentences short enough for one utterance each, paragraphs
 * from the gate's HTML, the voice (chosen, else the default with a message, never silence
 * without one), and the sleep timer's fade and stop.
 */
import { describe, expect, it } from 'vitest';
import {
  FADE_MS,
  MAX_UTTERANCE,
  NO_VOICE_MESSAGE,
  VOICE_FALLBACK_MESSAGE,
  chooseVoice,
  endOfStoryVolume,
  paragraphsFromHtml,
  sentencesOf,
  sleepPlan,
  splitSentences,
  timerDone,
  volumeAt,
} from '../../../src/features/lounge/whispers-before-sleep/speech';

describe('sentences', () => {
  it('splits at full stops, question and exclamation marks and ellipses, keeping closing quotes', () => {
    expect(splitSentences('The snow falls. Is it late? No! “Rest now.” And then… quiet')).toEqual([
      'The snow falls.',
      'Is it late?',
      'No!',
      '“Rest now.”',
      'And then…',
      'quiet',
    ]);
  });

  it('does not end a sentence at an abbreviation or a decimal point', () => {
    expect(splitSentences('Mrs. Hale lit the lamp at 6.30 in the evening. Then Dr. Amos came.')).toEqual([
      'Mrs. Hale lit the lamp at 6.30 in the evening.',
      'Then Dr. Amos came.',
    ]);
  });

  it('cuts a long sentence at its commas, so no utterance runs long enough for a voice to stop', () => {
    const long =
      'The train moves along the coast in the dark, past sleeping towns and little harbours, past lighthouses turning their slow beams, past fields where the frost is already settling, and on towards the sea that waits for morning.';
    const parts = splitSentences(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(MAX_UTTERANCE);
    expect(parts.join(' ')).toBe(long);
  });

  it('reads paragraphs from the gate’s HTML and numbers the sentences in reading order', () => {
    const paragraphs = paragraphsFromHtml('<p>One. <em>Two</em> &amp; three.</p>\n<p>It&#39;s &quot;four&quot;.</p>');
    expect(paragraphs).toEqual(['One. Two & three.', 'It\'s "four".']);
    expect(sentencesOf(paragraphs)).toEqual([
      { paragraph: 0, text: 'One.' },
      { paragraph: 0, text: 'Two & three.' },
      { paragraph: 1, text: 'It\'s "four".' },
    ]);
  });
});

describe('voices', () => {
  const voices = [
    { voiceURI: 'fr', name: 'Amélie', lang: 'fr-FR', default: true },
    { voiceURI: 'en-gb', name: 'Daniel', lang: 'en-GB', default: false },
    { voiceURI: 'en-us', name: 'Samantha', lang: 'en-US', default: false },
  ];

  it('uses the chosen voice when this device has it', () => {
    expect(chooseVoice(voices, 'en-us')).toEqual({ voice: voices[2], message: null });
  });

  it('falls back to an English voice with a message when the chosen one is missing', () => {
    expect(chooseVoice(voices, 'gone')).toEqual({ voice: voices[1], message: VOICE_FALLBACK_MESSAGE });
    expect(chooseVoice(voices, null)).toEqual({ voice: voices[1], message: null });
  });

  it('says so when the device has no voice at all', () => {
    expect(chooseVoice([], 'en-us')).toEqual({ voice: null, message: NO_VOICE_MESSAGE });
  });
});

describe('the sleep timer', () => {
  it('reads at full volume, fades over the last minute and stops at 10, 20 or 30 minutes', () => {
    for (const minutes of [10, 20, 30] as const) {
      const plan = sleepPlan(minutes, 1_000);
      const stop = 1_000 + minutes * 60_000;
      expect(plan.stopAt).toBe(stop);
      expect(volumeAt(plan, stop - FADE_MS - 1)).toBe(1);
      expect(volumeAt(plan, stop - FADE_MS / 2)).toBeCloseTo(0.5);
      expect(volumeAt(plan, stop - 6_000)).toBeCloseTo(0.1);
      expect(timerDone(plan, stop - 1)).toBe(false);
      expect(timerDone(plan, stop)).toBe(true);
      expect(volumeAt(plan, stop)).toBe(0);
    }
  });

  it('"end of story" never stops on a clock, and fades over the last sentences', () => {
    const plan = sleepPlan('end', 0);
    expect(plan.stopAt).toBeNull();
    expect(timerDone(plan, 10 * 3_600_000)).toBe(false);
    expect(volumeAt(plan, 10 * 3_600_000)).toBe(1);
    expect(endOfStoryVolume(10, 100)).toBe(1);
    const last = [96, 97, 98, 99].map((i) => endOfStoryVolume(i, 100));
    expect(last).toEqual([...last].sort((a, b) => b - a));
    expect(last[0]).toBeLessThan(1);
    expect(last[3]).toBeGreaterThan(0);
  });
});
