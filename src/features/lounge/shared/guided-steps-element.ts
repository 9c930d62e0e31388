/**
 * <guided-steps>: a guided practice's steps on a timer, for the public previews (Mindstage's
 * first step, The Reset Room's grounding reset) where a framework would be too much JavaScript.
 * The steps are pre-rendered as an ordered list (`<li data-seconds="40">` with their text), so
 * the page reads in full before (or without) this script; the element then shows the controls
 * (Start, Pause/Resume, Next step), the step and seconds left as text, and marks the current
 * step (aria-current="step"). Nothing moves but the numbers; nothing flashes. Timing is the
 * pure step timer (src/features/lounge/shared/step-timer.ts).
 *
 * Markup it expects inside: `[data-steps] > li[data-seconds]`, `[data-controls][hidden]` with
 * buttons `[data-start]`, `[data-pause]`, `[data-skip]`, and `[data-status]` (a live region).
 */
import { clock, createStepTimer, type StepTimer, type StepTimerState } from './step-timer';

class GuidedSteps extends HTMLElement {
  private timer: StepTimer | null = null;
  private announced = -1;

  connectedCallback() {
    const items = [...this.querySelectorAll<HTMLLIElement>('[data-steps] > li[data-seconds]')];
    const steps = items.map((li) => ({ seconds: Number(li.dataset.seconds) || 30 }));
    const controls = this.querySelector<HTMLElement>('[data-controls]');
    const start = this.querySelector<HTMLButtonElement>('[data-start]');
    const pause = this.querySelector<HTMLButtonElement>('[data-pause]');
    const skip = this.querySelector<HTMLButtonElement>('[data-skip]');
    const status = this.querySelector<HTMLElement>('[data-status]');
    const clockEl = this.querySelector<HTMLElement>('[data-clock]');
    if (!controls || !start || !pause || !skip || steps.length === 0) return;
    controls.hidden = false;
    const total = steps.length;

    const render = (s: StepTimerState) => {
      items.forEach((li, i) => {
        if (i === s.index && !s.done) li.setAttribute('aria-current', 'step');
        else li.removeAttribute('aria-current');
      });
      if (clockEl) clockEl.textContent = s.done ? 'Done' : clock(s.remainingMs);
      // Once started: Pause (or Resume) and Skip until the end, then Start again.
      pause.hidden = s.done;
      pause.textContent = s.running ? 'Pause' : 'Resume';
      skip.hidden = s.done;
      start.hidden = !s.done;
      if (s.done) start.textContent = 'Start again';
      if (status && s.index !== this.announced) {
        this.announced = s.index;
        status.textContent = s.done ? this.dataset.doneText || 'Finished.' : `Step ${s.index + 1} of ${total}`;
        if (!s.done && total > 1) items[s.index]?.scrollIntoView?.({ block: 'nearest', behavior: 'auto' });
      }
      this.dispatchEvent(new CustomEvent('guided-steps:change', { detail: s }));
    };

    start.addEventListener('click', () => {
      this.timer?.stop();
      this.announced = -1;
      this.timer = createStepTimer(steps, { onChange: render });
      this.timer.start();
    });
    pause.addEventListener('click', () => {
      const s = this.timer?.state();
      if (!s || s.done) return;
      if (s.running) this.timer!.pause();
      else this.timer!.resume();
    });
    skip.addEventListener('click', () => this.timer?.skip());
  }

  disconnectedCallback() {
    this.timer?.stop();
  }
}

export function defineGuidedSteps() {
  if (!customElements.get('guided-steps')) customElements.define('guided-steps', GuidedSteps);
}
