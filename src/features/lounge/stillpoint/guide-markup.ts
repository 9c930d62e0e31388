/**
 * The inside of <stillpoint-guide>, as HTML: pre-rendered by the sales page's preview (so its
 * text is in the page before any script) and built by the element itself when it is empty (in
 * the member's app). The element finds its parts by their data-sp-* attributes.
 */

export interface GuideText {
  /** What the cue says before the start ("Ready when you are"). */
  ready: string;
  /** The session's length as text ("1:00"). */
  length: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "1:04" for 64 000 ms (whole seconds, rounded up). */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export function guideMarkup({ ready, length }: GuideText): string {
  return `<div class="sp-stage" data-sp-stage>
  <div class="sp-ring" aria-hidden="true"><div class="sp-circle" data-sp-circle></div></div>
  <p class="sp-cue" data-sp-cue>${escape(ready)}</p>
</div>
<p class="sr-only" aria-live="polite" data-sp-announce></p>
<p class="sp-time"><span data-sp-time>${escape(length)}</span> left</p>
<div class="sp-controls">
  <button type="button" class="btn btn-gold" data-sp-start>Start</button>
  <button type="button" class="btn btn-outline" data-sp-pause hidden aria-pressed="false">Pause</button>
  <button type="button" class="btn btn-outline" data-sp-stop hidden>Stop</button>
</div>
<fieldset class="sp-options">
  <legend class="sr-only">Cues</legend>
  <label><input type="checkbox" data-sp-sound> A soft sound at each phase</label>
  <label data-sp-vibrate-option hidden><input type="checkbox" data-sp-vibrate> Vibrate at each phase</label>
</fieldset>`;
}
