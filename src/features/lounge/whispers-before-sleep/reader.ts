/**
 * Reading a story aloud with the browser's speech synthesis, used by the member's app and the
 * public preview. One utterance a sentence (./speech.ts), the chosen voice or the device's
 * default with a message (never silence without a word), the screen kept awake with the Wake
 * Lock API while reading (where the browser allows it; speech stops when the screen sleeps),
 * and the sleep timer: the voice fades over the last minute and stops; "end of story" fades
 * over the last sentences.
 */
import { NO_VOICE_MESSAGE, chooseVoice, endOfStoryVolume, sleepPlan, timerDone, volumeAt, type Sentence, type SleepChoice, type SleepPlan } from './speech';

export type EndReason = 'end' | 'timer' | 'stopped' | 'error';

export interface ReaderEvents {
  /** The sentence being read now (its index in the story). */
  onSentence(index: number): void;
  onEnd(reason: EndReason, index: number): void;
  /** Something the listener should know (a fallback voice, no voice, an error). */
  onMessage(message: string | null): void;
}

export interface ReadOptions {
  voiceURI: string | null;
  rate: number;
  sleep: SleepChoice;
}

export interface Reader {
  play(from: number, options: ReadOptions): Promise<void>;
  stop(): void;
  readonly reading: boolean;
}

export const ERROR_MESSAGE = 'Reading aloud stopped because the voice failed. Press Read aloud to go on from this sentence.';

/** The device's voices, waiting a moment for them to load (Chrome lists none at first). */
export async function loadVoices(): Promise<SpeechSynthesisVoice[]> {
  if (typeof speechSynthesis === 'undefined') return [];
  const now = speechSynthesis.getVoices();
  if (now.length) return now;
  return new Promise((resolve) => {
    const done = () => resolve(speechSynthesis.getVoices());
    speechSynthesis.addEventListener('voiceschanged', done, { once: true });
    setTimeout(done, 1500);
  });
}

export function createReader(sentences: readonly Sentence[], events: ReaderEvents): Reader {
  let reading = false;
  let index = 0;
  let plan: SleepPlan = sleepPlan('off', 0);
  let sleep: SleepChoice = 'off';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lock: WakeLockSentinel | null = null;
  let voice: SpeechSynthesisVoice | null = null;
  let rate = 1;
  let run = 0;

  const keepAwake = async () => {
    try {
      if (reading && document.visibilityState === 'visible' && 'wakeLock' in navigator && !lock) {
        lock = await navigator.wakeLock.request('screen');
        lock.addEventListener('release', () => (lock = null));
      }
    } catch {
      /* not allowed here (battery saver, a frame): reading goes on while the screen is on */
    }
  };
  const onVisible = () => void keepAwake();

  const finish = (reason: EndReason) => {
    if (!reading) return;
    reading = false;
    run++;
    if (timer) clearTimeout(timer);
    timer = null;
    document.removeEventListener('visibilitychange', onVisible);
    void lock?.release().catch(() => undefined);
    lock = null;
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
    events.onEnd(reason, index);
  };

  const speak = (mine: number) => {
    if (!reading || mine !== run) return;
    if (index >= sentences.length) return finish('end');
    const now = Date.now();
    if (timerDone(plan, now)) return finish('timer');
    const utterance = new SpeechSynthesisUtterance(sentences[index]!.text);
    if (voice) {
      utterance.voice = voice;
      utterance.lang = voice.lang;
    }
    utterance.rate = rate;
    utterance.volume = Math.min(volumeAt(plan, now), sleep === 'end' ? endOfStoryVolume(index, sentences.length) : 1);
    utterance.onend = () => {
      if (mine !== run) return;
      index++;
      if (index < sentences.length) events.onSentence(index);
      speak(mine);
    };
    utterance.onerror = (event) => {
      if (mine !== run || event.error === 'interrupted' || event.error === 'canceled') return;
      events.onMessage(ERROR_MESSAGE);
      finish('error');
    };
    speechSynthesis.speak(utterance);
  };

  return {
    async play(from, options) {
      if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') {
        events.onMessage(NO_VOICE_MESSAGE);
        return;
      }
      if (reading) finish('stopped');
      const choice = chooseVoice(await loadVoices(), options.voiceURI);
      if (!choice.voice) {
        events.onMessage(choice.message);
        return;
      }
      events.onMessage(choice.message);
      voice = choice.voice as SpeechSynthesisVoice;
      rate = options.rate;
      sleep = options.sleep;
      plan = sleepPlan(options.sleep, Date.now());
      index = Math.max(0, Math.min(from, sentences.length - 1));
      reading = true;
      const mine = ++run;
      speechSynthesis.cancel();
      if (plan.stopAt !== null) timer = setTimeout(() => finish('timer'), plan.stopAt - Date.now());
      document.addEventListener('visibilitychange', onVisible);
      void keepAwake();
      events.onSentence(index);
      speak(mine);
    },
    stop() {
      finish('stopped');
    },
    get reading() {
      return reading;
    },
  };
}
