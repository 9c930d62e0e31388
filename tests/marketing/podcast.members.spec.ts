/**
 * /podcast with a player configured (the members build sets PUBLIC_PODCAST_EMBED_URL to a
 * loopback URL that Playwright answers). The player's script loads only when its container
 * comes into view, runs under the page's CSP (which names exactly its origin), and is removed
 * with the player when the visitor leaves the page.
 */
import { expect, test } from '../support/page-errors';

const PLAYER_URL = process.env.PUBLIC_PODCAST_EMBED_URL ?? 'http://127.0.0.1:9/podcast-player.js';
const PLAYER_ORIGIN = new URL(PLAYER_URL).origin;
// What a real player does: render itself next to the script that loaded it.
// Real players (Spotify, Apple Podcasts) draw into a frame served from the same origin.
const FRAME_URL = `${PLAYER_ORIGIN}/podcast-frame.html`;
const FEED_URL = `${PLAYER_ORIGIN}/podcast-feed.json`;
const PLAYER_SCRIPT = `(() => {
  const here = document.currentScript.parentElement;
  const player = document.createElement('p');
  player.className = 'test-player';
  player.textContent = 'Episode 12: The Weight of Repeating Patterns';
  const frame = document.createElement('iframe');
  frame.title = 'Podcast player';
  frame.src = ${JSON.stringify(FRAME_URL)};
  here.append(player, frame);
  // Players read their episode list from their own host.
  fetch(${JSON.stringify(FEED_URL)}).then((r) => r.json()).then((feed) => {
    const latest = document.createElement('p');
    latest.textContent = 'Latest: ' + feed.latest;
    here.append(latest);
  });
})();`;

test.use({ viewport: { width: 1280, height: 600 } });

test('the player loads when it scrolls into view, under a CSP that allows exactly its origin, and leaves with the visitor', async ({ page }) => {
  const requests: string[] = [];
  await page.route(PLAYER_URL, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: PLAYER_SCRIPT });
  });
  await page.route(FEED_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ latest: 'Episode 13' }) }),
  );
  await page.route(FRAME_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><button>Play episode 12</button>' }),
  );
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto('/podcast');
  const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const scriptSrc = csp?.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
  expect(scriptSrc.split(/\s+/)).toContain(PLAYER_ORIGIN);
  // No other remote origin may run scripts on this page.
  expect(scriptSrc.split(/\s+/).filter((s) => /^https?:/.test(s))).toEqual([PLAYER_ORIGIN]);
  for (const name of ['frame-src', 'connect-src', 'media-src']) {
    const directive = csp?.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive.split(/\s+/), name).toContain(PLAYER_ORIGIN);
  }

  const container = page.locator('#podcast-player [data-podcast-embed]');
  await page.waitForTimeout(500);
  expect(requests, 'nothing is fetched from the player host before the player is in view').toEqual([]);
  await expect(container.locator('script')).toHaveCount(0);

  // The hero's "Listen Now" takes the visitor to the player.
  await page.getByRole('link', { name: 'Listen Now' }).click();
  await expect(container.getByText('Episode 12: The Weight of Repeating Patterns')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Podcast player"]').getByRole('button', { name: 'Play episode 12' })).toBeVisible();
  await expect(container.getByText('Latest: Episode 13')).toBeVisible();
  expect(requests).toEqual([PLAYER_URL]);
  expect(cspViolations).toEqual([]);
  await expect(page.getByRole('link', { name: /Open the Show Page/ })).toHaveAttribute('rel', 'noopener noreferrer');

  // Leaving the page (pagehide) takes the script and the player out of the page.
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
  await expect(container.locator('script')).toHaveCount(0);
  await expect(container.getByText('Episode 12: The Weight of Repeating Patterns')).toHaveCount(0);

  // Back from the back/forward cache: the player comes back.
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(container.getByText('Episode 12: The Weight of Repeating Patterns')).toBeVisible();
});
