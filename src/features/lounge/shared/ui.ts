/** Class names the Lounge apps share (the site's field look, src/core/ui/Field.tsx). */
export const INPUT_CLASS =
  'block rounded-xl border border-plum-200 bg-white px-4 py-2.5 text-ink placeholder:text-ink-soft/70 focus:border-plum-500 disabled:bg-paper-deep';
