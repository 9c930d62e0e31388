/**
 * The build check that keeps paid content out of dist/ (scripts/check-gated.mjs), on a small
 * built site made here: it finds a paid lesson's sentence however a file encodes it (HTML with
 * tags and entities, a script string with escapes, a source map), and the free preview's in its
 * page; and it passes a site with neither leak nor miss. The real dist/ is checked by
 * scripts/e2e.mjs after each build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkGated, phrases } from '../../scripts/check-gated.mjs';

const PAID =
  '<h2 id="practice">Practice</h2><p>When the kettle clicks off tonight, let the small sound be your signal to stop, put one hand on your chest and ask what the weather inside is doing now.</p>';
const PREVIEW = '<p>There is nothing wrong with “fine” as a greeting, but the trouble starts when fine is also the answer you give yourself every evening.</p>';
const content = { course: { 'paid-lesson': { preview: false, html: PAID }, 'free-lesson': { preview: true, html: PREVIEW } } };

let dist: string | undefined;
function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ia-gated-'));
  dist = dir;
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

const previewPage = { 'course/free-lesson/index.html': `<main><p>There is nothing wrong with &ldquo;fine&rdquo; as a greeting, but the trouble starts when <em>fine</em> is also the answer you give yourself every evening.</p></main>` };

describe('check-gated', () => {
  it('takes a distinctive run of words from each paragraph', () => {
    expect(phrases(PAID)).toEqual([' sound be your signal to stop put one hand on your chest ']);
  });

  it('passes a site with the preview in its page and no paid text', async () => {
    const result = await checkGated(site({ ...previewPage, 'course/paid-lesson/index.html': '<h1>Paid lesson</h1><p>Buy the course.</p>' }), content);
    expect(result).toMatchObject({ leaks: [], misses: [], paidPhrases: 1, previewPhrases: 1 });
  });

  it.each([
    ['an HTML page, with tags and entities', 'course/paid-lesson/index.html', '<p>the small sound be your <strong>signal</strong> to stop, put one hand on your chest</p>'],
    ['a script string with escapes', '_astro/CoursePlayer.abc123.js', 'const b="small sound be your signal to stop,\\nput one hand on your chest";'],
    ['a source map', '_astro/chunk.js.map', '{"sourcesContent":["Small sound be your signal to stop \\u2014 put one hand on your chest"]}'],
    ['the sitemap or any other file', 'sitemap-0.xml', '<url><loc>small-sound-be-your-signal-to-stop-put-one-hand-on-your-chest</loc></url>'],
  ])('finds paid text in %s', async (_where, file, text) => {
    const { leaks } = await checkGated(site({ ...previewPage, [file]: text }), content);
    expect(leaks).toEqual([expect.objectContaining({ product: 'course', id: 'paid-lesson', file })]);
  });

  it('does not count a public sentence quoted in a paid lesson (the crisis line) as a leak, but still finds the rest', async () => {
    const crisis = 'If you are in danger or thinking of harming yourself, contact local emergency services.';
    const quoting = { course: { ...content.course, 'hard-lesson': { preview: false, html: `<p>${crisis}</p><p>${'Shame tells a story about who you are rather than what you did, and it speaks loudest when you are alone.'}</p>` } } };
    const page = { ...previewPage, 'app/the-reset-room/index.html': `<aside><p>${crisis}</p></aside>` };
    expect((await checkGated(site(page), quoting, [crisis])).leaks).toEqual([]);
    expect((await checkGated(site(page), quoting, [])).leaks).toEqual([expect.objectContaining({ id: 'hard-lesson', file: 'app/the-reset-room/index.html' })]);
    const leaked = { ...page, 'x.html': 'shame tells a story about who you are rather than what you did and it speaks loudest' };
    expect((await checkGated(site(leaked), quoting, [crisis])).leaks).toEqual([expect.objectContaining({ id: 'hard-lesson', file: 'x.html' })]);
  });

  it('reports a free preview whose body is not in its page', async () => {
    const { misses } = await checkGated(site({ 'course/free-lesson/index.html': '<h1>The free lesson</h1>' }), content);
    expect(misses).toEqual([expect.objectContaining({ id: 'free-lesson' })]);
  });
});
