/** Every page's one absolute address. */
import { describe, expect, it } from 'vitest';
import { pageUrl } from '../../src/core/urls';

describe('pageUrl', () => {
  const site = new URL('https://inneralchemy.example');

  it('gives every page one absolute address, with the trailing slash the sitemap lists', () => {
    expect(pageUrl('/pricing', site)).toBe('https://inneralchemy.example/pricing/');
    expect(pageUrl('/pricing/', site)).toBe('https://inneralchemy.example/pricing/');
    expect(pageUrl('/lead-magnet-journey/self-trust//', site)).toBe('https://inneralchemy.example/lead-magnet-journey/self-trust/');
    expect(pageUrl('/', site)).toBe('https://inneralchemy.example/');
  });

  it('leaves out a query or fragment, and falls back to the local address without a site', () => {
    expect(pageUrl('/success?session_id=cs_1#top', site)).toBe('https://inneralchemy.example/success/');
    expect(pageUrl('/podcast', undefined)).toBe('http://localhost:4321/podcast/');
  });
});
