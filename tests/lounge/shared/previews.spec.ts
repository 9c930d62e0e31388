/** Every Lounge app's sales page carries its real preview (each app's preview.spec.ts tries it), none "Preview Coming Soon". */
import { expect, test } from '@playwright/test';

test('no app page says "Preview Coming Soon": all six have a real preview', async ({ request }) => {
  for (const slug of ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room']) {
    expect(await (await request.get(`/app/${slug}`)).text(), slug).not.toContain('Preview Coming Soon');
  }
});
