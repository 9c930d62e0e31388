/**
 * <stillpoint-guide>: the breathing guide, a custom element with no framework (as Starlight's
 * tabs are), used by the public preview on /app/stillpoint and by the member's app.
 *
 *   <stillpoint-guide data-pattern="box" data-phases='[{"kind":"in","ms":4000,"label":"Breathe in"}, ...]'
 *                     data-minutes="1" data-ready="Ready when you are"></stillpoint-guide>
 *
 * A circle grows breathing in and shrinks breathing out (a CSS transition as long as the phase);
 * under prefers-reduced-motion it stays still and only its colour and opacity change. The cue
 * says the phase and the seconds left ("Breathe in, 3"); each phase is announced to screen
 * readers; a soft Web Audio tone (off by default) and a vibration (where the device has one)
 * can mark each phase. Start, Pause (always visible while it runs: WCAG 2.2.2) and Stop. Nothing
 * flashes: the colour changes once a phase, never faster than once a second.
 *
 * Timing comes from breathing.ts (scheduled from the start time, proven drift-free with fake
 * timers). Events: `stillpoint-finished` (detail: { pattern, ms }) when a session ends, and
 * `stillpoint-stopped` (detail: { pattern, ms }) when the member stops early.
 */
import { cueText, fullness, momentAt, runSession, timeline, totalMs, type Phase, type Runner, type Step } from './breathing';
import { clockText, guideMarkup } from './guide-markup';

export const TAG = 'stillpoint-guide';

const TONES: Record<Step['kind'], number> = { in: 392, topUp: 440, hold: 330, out: 262, rest: 294 };

export function defineStillpointGuide(): void {
  if (typeof customElements === 'undefined' || customElements.get(TAG)) return;

  class StillpointGuide extends HTMLElement {
    static observedAttributes = ['data-phases', 'data-minutes', 'data-pattern'];
    #runner: Runner | null = null;
    #steps: Step[] = [];
    #audio: AudioContext | null = null;
    #ready = false;

    connectedCallback() {
      if (!this.querySelector('[data-sp-cue]')) {
        this.innerHTML = guideMarkup({ ready: this.dataset.ready ?? 'Ready when you are', length: '0:00' });
      }
      this.#ready = true;
      this.#part('start').addEventListener('click', () => this.start());
      this.#part('pause').addEventListener('click', () => (this.#runner?.paused ? this.resume() : this.pause()));
      this.#part('stop').addEventListener('click', () => this.stop());
      this.#part('sound').addEventListener('change', (e) => {
        // An AudioContext may start only from a gesture: this change is one.
        if ((e.target as HTMLInputElement).checked && !this.#audio && 'AudioContext' in window) this.#audio = new AudioContext();
      });
      if (typeof navigator.vibrate === 'function') this.#part('vibrate-option').hidden = false;
      // Under reduced motion the circle keeps its size (CSS) and only its colour and opacity
      // change; the attribute lets the page's CSS and tests see which cue is in use.
      const reduced = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
      const applyMotion = () => (this.dataset.motion = reduced?.matches ? 'reduced' : 'full');
      applyMotion();
      reduced?.addEventListener?.('change', applyMotion);
      this.#reset();
    }

    disconnectedCallback() {
      this.#runner?.stop();
      this.#runner = null;
      void this.#audio?.close();
      this.#audio = null;
    }

    attributeChangedCallback() {
      if (this.#ready) this.#reset();
    }

    #part<T extends HTMLElement = HTMLElement>(name: string): T {
      return this.querySelector<T>(`[data-sp-${name}]`)!;
    }

    get #pattern(): string {
      return this.dataset.pattern ?? 'box';
    }

    /** A new session from the attributes; anything running stops. */
    #reset() {
      this.#runner?.stop();
      this.#runner = null;
      let phases: Phase[];
      try {
        phases = JSON.parse(this.dataset.phases ?? '[]') as Phase[];
      } catch {
        phases = [];
      }
      this.#steps = timeline({ id: this.#pattern as never, phases }, Number(this.dataset.minutes ?? 1));
      this.#part('time').textContent = clockText(totalMs(this.#steps));
      this.#part('cue').textContent = this.dataset.ready ?? 'Ready when you are';
      this.#setGuide(0, 0, 'ready');
      this.#buttons('ready');
    }

    #buttons(state: 'ready' | 'running' | 'paused' | 'done') {
      const start = this.#part<HTMLButtonElement>('start');
      const pause = this.#part<HTMLButtonElement>('pause');
      const stop = this.#part<HTMLButtonElement>('stop');
      start.hidden = state === 'running' || state === 'paused';
      start.textContent = state === 'done' ? 'Start again' : 'Start';
      pause.hidden = stop.hidden = !(state === 'running' || state === 'paused');
      pause.textContent = state === 'paused' ? 'Resume' : 'Pause';
      pause.setAttribute('aria-pressed', String(state === 'paused'));
      this.dataset.state = state;
    }

    /** The circle towards `to` (0 small, 1 full) over `ms`; the phase colours it. */
    #setGuide(to: number, ms: number, phase: string) {
      const circle = this.#part('circle');
      circle.style.transitionDuration = `${Math.max(0, ms)}ms, ${Math.min(Math.max(0, ms), 1000)}ms, ${Math.min(Math.max(0, ms), 1000)}ms`;
      circle.style.setProperty('--sp-fill', String(to));
      circle.dataset.phase = phase;
    }

    #cue(step: Step) {
      if (this.querySelector<HTMLInputElement>('[data-sp-sound]')?.checked && this.#audio) {
        const ctx = this.#audio;
        void ctx.resume();
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = TONES[step.kind];
        gain.gain.setValueAtTime(0, ctx.currentTime);
        gain.gain.linearRampToValueAtTime(0.08, ctx.currentTime + 0.05);
        gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.6);
        osc.connect(gain).connect(ctx.destination);
        osc.start();
        osc.stop(ctx.currentTime + 0.65);
      }
      if (this.querySelector<HTMLInputElement>('[data-sp-vibrate]')?.checked && typeof navigator.vibrate === 'function') navigator.vibrate(80);
    }

    start() {
      this.#reset();
      const steps = this.#steps;
      const announce = this.#part('announce');
      this.#runner = runSession(
        steps,
        { now: () => performance.now(), setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
        {
          onStep: (step) => {
            const seconds = Math.round((step.end - step.start) / 1000);
            announce.textContent = `${cueText(momentAt(steps, step.start))}`.replace(/, \d+$/, `, ${seconds} seconds`);
            const end = momentAt(steps, step.end - 1);
            this.#setGuide(fullness(steps, end), step.end - step.start, step.kind);
            this.#cue(step);
          },
          onTick: (moment) => {
            this.#part('cue').textContent = cueText(moment);
            this.#part('time').textContent = clockText(totalMs(steps) - (this.#runner?.elapsed() ?? 0));
          },
          onDone: () => {
            const ms = totalMs(steps);
            this.#part('time').textContent = clockText(0);
            announce.textContent = cueText(momentAt(steps, ms));
            this.#setGuide(0, 1000, 'done');
            this.#buttons('done');
            this.dispatchEvent(new CustomEvent('stillpoint-finished', { bubbles: true, detail: { pattern: this.#pattern, ms } }));
          },
        },
      );
      this.#buttons('running');
      this.#runner.start();
    }

    pause() {
      const runner = this.#runner;
      if (!runner?.running) return;
      runner.pause();
      // Hold the circle where it is now.
      const moment = momentAt(this.#steps, runner.elapsed());
      this.#setGuide(fullness(this.#steps, moment), 0, moment.step?.kind ?? 'ready');
      this.#part('announce').textContent = 'Paused';
      this.#buttons('paused');
      this.#part('pause').focus();
    }

    resume() {
      const runner = this.#runner;
      if (!runner?.paused) return;
      const moment = momentAt(this.#steps, runner.elapsed());
      if (moment.step) this.#setGuide(fullness(this.#steps, momentAt(this.#steps, moment.step.end - 1)), moment.step.end - runner.elapsed(), moment.step.kind);
      this.#buttons('running');
      runner.resume();
    }

    stop() {
      const ms = this.#runner?.elapsed() ?? 0;
      this.#reset();
      this.#part('announce').textContent = 'Stopped';
      this.#part('start').focus();
      this.dispatchEvent(new CustomEvent('stillpoint-stopped', { bubbles: true, detail: { pattern: this.#pattern, ms } }));
    }
  }

  customElements.define(TAG, StillpointGuide);
}
