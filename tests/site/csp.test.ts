/** The CSP integration: inline script hashes added to each page's policy. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addInlineHashes } from '../../integrations/csp-inline-hashes.mjs';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const page = (body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-AAA='; style-src 'self';"></head><body>${body}</body></html>`;

describe('inline script hashes in the CSP meta', () => {
  it('adds the hash of each inline script to script-src, once', () => {
    const out = addInlineHashes(page('<script>a()</script><script>b()</script><script>a()</script>'));
    const policy = out.match(/content="([^"]*)"/)![1]!;
    expect(policy).toContain(sha('a()'));
    expect(policy).toContain(sha('b()'));
    expect(policy.split(sha('a()')).length).toBe(2);
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-AAA=' /);
    expect(policy).toContain("style-src 'self';");
  });
  it('leaves external scripts, JSON data blocks and pages without a policy alone', () => {
    const html = page('<script src="/x.js"></script><script type="application/ld+json">{"a":1}</script>');
    expect(addInlineHashes(html)).toBe(html);
    const bare = '<html><body><script>a()</script></body></html>';
    expect(addInlineHashes(bare)).toBe(bare);
  });
});
