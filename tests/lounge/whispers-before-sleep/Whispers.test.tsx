/**
 * Whispers Before Sleep as a member who has it meets it: the stories with Continue where the
 * member stopped, a story in the night view read aloud sentence by sentence, and the default
 * voice with a message when the chosen one is gone (never silence without a word). The
 * database, the content gate and the browser's speech are doubles.
 */
import { frameProps, gate, heard, memberEachTest, outbox, owns } from '../shared/as-member';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { whispersApi } = vi.hoisted(() => ({ whispersApi: { fetchPlaces: vi.fn(), keepPlace: vi.fn() } }));
vi.mock('../../../src/features/lounge/whispers-before-sleep/api', () => whispersApi);
const { default: Whispers } = await import('../../../src/features/lounge/whispers-before-sleep/Whispers');

memberEachTest(whispersApi);

describe('Whispers Before Sleep', () => {
  beforeEach(() => owns('price_app_whispers_before_sleep'));
  const stories = [
    { id: 'snow-on-the-way-home', title: 'Snow on the Way Home', mood: 'A slow walk home', minutes: 4 },
    { id: 'the-bakery-after-closing', title: 'The Bakery After Closing', mood: 'Warm bread', minutes: 5 },
  ];

  function fakeSpeech(voices: { voiceURI: string; name: string; lang: string; default: boolean }[]) {
    const spoken: { text: string; volume: number; voice: unknown }[] = [];
    const synth = {
      getVoices: () => voices,
      addEventListener: () => {},
      cancel: vi.fn(),
      speak: vi.fn((u: { text: string; volume: number; voice: unknown; onend?: () => void }) => {
        spoken.push({ text: u.text, volume: u.volume, voice: u.voice });
        if (spoken.length < 3) setTimeout(() => u.onend?.(), 0);
      }),
    };
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        text: string;
        volume = 1;
        rate = 1;
        voice: unknown = null;
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(text: string) {
          this.text = text;
        }
      },
    );
    return spoken;
  }

  it('lists the stories with a Continue where the member stopped, opens one in the night view and reads it sentence by sentence', async () => {
    whispersApi.fetchPlaces.mockResolvedValue({ data: { 'the-bakery-after-closing': 3 }, error: null });
    gate.fetchGated.mockResolvedValue({ html: '<p>The snow falls. It is quiet.</p>\n<p>You walk on, slowly! Home is near.</p>' });
    const spoken = fakeSpeech([{ voiceURI: 'en-default', name: 'Default', lang: 'en-GB', default: true }]);
    render(<Whispers {...frameProps('whispers-before-sleep', 'Whispers Before Sleep')} stories={stories} />);
    expect(screen.getByRole('status').textContent).toBe('Opening the stories…');
    await screen.findByRole('button', { name: 'Continue: The Bakery After Closing' });
    await userEvent.click(screen.getByRole('button', { name: 'Open: Snow on the Way Home' }));
    expect(gate.fetchGated).toHaveBeenCalledWith('whispers-before-sleep', 'snow-on-the-way-home');
    await screen.findByText('You walk on, slowly! Home is near.');
    expect(document.querySelector('[data-night-view]')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(spoken.map((s) => s.text)).toEqual(['The snow falls.', 'It is quiet.', 'You walk on, slowly!']));
  });

  it('falls back to the default voice with a message when the chosen voice is gone, and never goes silent without one', async () => {
    whispersApi.fetchPlaces.mockResolvedValue({ data: {}, error: null });
    gate.fetchGated.mockResolvedValue({ html: '<p>One. Two.</p>' });
    const voices = [
      { voiceURI: 'en-a', name: 'Alice', lang: 'en-GB', default: true },
      { voiceURI: 'en-b', name: 'Bob', lang: 'en-US', default: false },
    ];
    const spoken = fakeSpeech(voices);
    render(<Whispers {...frameProps('whispers-before-sleep', 'Whispers Before Sleep')} stories={stories} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open: Snow on the Way Home' }));
    await screen.findByText('One. Two.');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Voice' }), 'en-b');
    voices.splice(1, 1); // the voice disappears (another device, an uninstalled voice)
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await screen.findByText(/The voice you chose is not on this device/);
    expect(spoken[0]!.voice).toMatchObject({ voiceURI: 'en-a' });
  });
  it('says on the shelf when a place kept on this device was refused by the database, and no more once it is sent', async () => {
    whispersApi.fetchPlaces.mockResolvedValue({ data: {}, error: null });
    const place = { uid: 'uid_1', app: 'whispers-before-sleep', key: 'story_places:snow-on-the-way-home', seq: 1, savedAt: '2026-11-26T22:00:00Z' };
    outbox.waiting.mockResolvedValue([{ ...place, refused: { code: 'PGRST301', message: 'JWT expired' } }]);
    const { container } = render(<Whispers {...frameProps('whispers-before-sleep', 'Whispers Before Sleep')} stories={stories} />);
    await screen.findByRole('heading', { name: 'Tonight’s stories' });
    await waitFor(() =>
      expect(container.querySelector('[data-refused]')?.textContent).toBe(
        'One save on this device was not accepted because your session has ended. Sign in again and it will sync; it stays on this device until then.',
      ),
    );
    expect(outbox.waiting).toHaveBeenCalledWith('uid_1');

    outbox.waiting.mockResolvedValue([]);
    await act(async () => heard.changed.forEach((l) => l()));
    expect(container.querySelector('[data-refused]')).toBeNull();
  });
});
