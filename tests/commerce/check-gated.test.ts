/**
 * The build check that keeps paid content out of dist/ (scripts/check-gated.mjs), on a small
 * built site made here: it finds a paid lesson's sentence however a file encodes it (HTML with
 * tags and entities, a script string with escapes, a source map), and the free preview's in its
 * page; it takes its sentences from every block of a lesson and every string of an app's JSON,
 * public parts aside, and fails on a paid item with nothing to look for; and it passes a site
 * with neither leak nor miss. The real dist/ is checked by scripts/e2e.mjs after each build, and
 * the registry's public parts against the real content here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkGated, phrases, stringsOf } from '../../scripts/check-gated.mjs';
import { compileGatedContent, publicParts, REGISTRIES } from '../../scripts/compile-gated-content.mjs';

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
  it('takes a run from every block of a lesson: lists, headings and quotes too', async () => {
    const lesson =
      '<h2>When the whole evening tilts toward the old familiar worry again</h2>' +
      '<ul><li>Name the feeling out loud in one plain word before you do anything else</li></ul>' +
      '<blockquote><p>Nothing you feel tonight is a verdict on who you are becoming</p></blockquote>';
    const paid = { course: { 'list-lesson': { preview: false, html: lesson } } };
    for (const leaked of [
      'When the whole evening tilts toward the old familiar worry again',
      'Name the feeling out loud in one plain word before you do anything else',
      'Nothing you feel tonight is a verdict on who you are becoming',
    ]) {
      const { leaks } = await checkGated(site({ 'x.html': `<p>${leaked}</p>` }), paid, []);
      expect(leaks.map((l) => l.phrase.trim()), leaked).toHaveLength(1);
    }
  });

  it('takes a run from every string of an app’s JSON, deep in it, but the elements marked preview and the registered public parts', async () => {
    const data = [
      { id: 'one', text: 'Send the message you have been putting off, and keep it short.', preview: true },
      { id: 'two', text: 'Tell someone specifically what you appreciate about them today.' },
      { steps: [{ text: 'Let your shoulders drop an inch and notice the floor under your feet.' }, { text: 'Picture the door of the room opening and the first face you will see.' }] },
    ];
    expect(stringsOf(data, new Set(['/2/steps/0']))).toEqual(['two', 'Tell someone specifically what you appreciate about them today.', 'Picture the door of the room opening and the first face you will see.']);
    const content = { app: { actions: { preview: false, data } } };
    const registry = { app: { public: [{ item: 'actions', pointer: '/2/steps/0', why: 'the preview' }] } };
    const public_ = 'send the message you have been putting off and keep it short. let your shoulders drop an inch and notice the floor under your feet';
    expect((await checkGated(site({ 'app/index.html': `<p>${public_}</p>` }), content, [], registry)).leaks).toEqual([]);
    const { leaks, paidPhrases } = await checkGated(site({ 'x.js': 'const a="Tell someone specifically what you appreciate about them today"' }), content, [], registry);
    expect(paidPhrases).toBe(2);
    expect(leaks).toEqual([expect.objectContaining({ product: 'app', id: 'actions', file: 'x.js' })]);
  });

  it('fails on a paid item with nothing to look for, which it would otherwise pass unchecked', async () => {
    const content = { app: { labels: { preview: false, data: [{ id: 'calm', label: 'Calm' }, { id: 'tense', label: 'Tense' }] } } };
    const { empty } = await checkGated(site({ 'x.html': '<p>Calm</p>' }), content, [], {});
    expect(empty).toEqual([{ product: 'app', id: 'labels' }]);
  });
});

describe('the registry of public parts, on the real content', () => {
  it('lists Rise Mode’s prompts and The Reset Room’s feelings as public, with why, and the gate does not serve them', async () => {
    const parts = await publicParts();
    for (const [product, item] of [['rise-mode', 'prompts'], ['the-reset-room', 'feelings'], ['the-reset-room', 'crisis']] as const) {
      expect(parts.find((p) => p.product === product && p.item === item && p.pointer === undefined)?.why.length, `${product}/${item}`).toBeGreaterThan(20);
    }
    const content = (await compileGatedContent()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(content['rise-mode'] ?? {})).toEqual(['brave-actions', 'statements']);
    expect(Object.keys(content['the-reset-room'] ?? {})).toEqual(['resets']);
  });

  it('names only items and parts that exist (a pointer that names nothing fails)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ia-registry-'));
    try {
      for (const file of REGISTRIES) mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, REGISTRIES[0]!), '{}');
      mkdirSync(path.join(root, 'app'), { recursive: true });
      writeFileSync(path.join(root, 'app/steps.json'), JSON.stringify([{ text: 'one' }]));
      const registry = (pointer: string) => JSON.stringify({ app: { priceId: 'p', salesPath: '/x', source: 'app', item: 'json', public: [{ item: 'steps', pointer, why: 'the preview' }] } });
      writeFileSync(path.join(root, REGISTRIES[1]!), registry('/0'));
      expect((await publicParts(root)).map((p) => p.value)).toEqual([{ text: 'one' }]);
      writeFileSync(path.join(root, REGISTRIES[1]!), registry('/3/text'));
      await expect(publicParts(root)).rejects.toThrow('app/steps has nothing at /3/text');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
