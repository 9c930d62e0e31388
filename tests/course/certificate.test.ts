/** The certificate's pure rules: the issuer's did:web, the credential's shape, and the layout. */
import { describe, expect, it } from 'vitest';
import { achievementLine, buildCredential, didDocument, issuerDid, verificationMethodId, verifyUrl } from '../../src/features/course/certificate/credential';
import { completionDate, fitLines, fontRuns, qrRects } from '../../src/features/course/certificate/layout';

const record = { code: 'f'.repeat(32), course: 'master-alchemist-course', name: 'Jürgen Weiß', completedAt: '2026-10-24T22:30:00Z', issuedAt: '2026-10-25T08:00:00.123Z', revokedAt: null };

describe('the issuer and the credential', () => {
  it('names the site by did:web, a port percent-encoded, and keys by <did>#<key id>', () => {
    expect(issuerDid('https://inneralchemy.coach/')).toBe('did:web:inneralchemy.coach');
    expect(issuerDid('http://localhost:4321')).toBe('did:web:localhost%3A4321');
    expect(verificationMethodId('https://inneralchemy.coach', 'abc')).toBe('did:web:inneralchemy.coach#abc');
    expect(verifyUrl('https://inneralchemy.coach/', record.code)).toBe(`https://inneralchemy.coach/verify/${record.code}`);
  });

  it('builds an OpenBadgeCredential, times to the second in UTC; none for a course with no certificate', () => {
    const credential = buildCredential(record, 'https://inneralchemy.coach');
    expect(credential).toMatchObject({ validFrom: '2026-10-25T08:00:00Z', credentialSubject: { activityEndDate: '2026-10-24T22:30:00Z', identifier: [{ identityHash: 'Jürgen Weiß' }] } });
    expect(buildCredential({ ...record, course: 'another' }, 'https://inneralchemy.coach')).toBeNull();
    expect(didDocument('https://inneralchemy.coach', [{ keyId: 'k1', publicJwk: { kty: 'OKP', crv: 'Ed25519', x: 'xx' } }])).toMatchObject({
      id: 'did:web:inneralchemy.coach',
      verificationMethod: [{ id: 'did:web:inneralchemy.coach#k1', type: 'JsonWebKey2020', controller: 'did:web:inneralchemy.coach' }],
      assertionMethod: ['did:web:inneralchemy.coach#k1'],
    });
    expect(achievementLine({ name: '  Jürgen   Weiß ', course: 'master-alchemist-course' })).toBe('Jürgen Weiß completed the Master Alchemist Course');
  });
});

describe('the layout', () => {
  it("writes the completion day as Berlin's calendar has it, across the change of time", () => {
    // 22:30 UTC on 24 October is 00:30 on the 25th in Berlin (CEST, +2); on 25 October (CET, +1), 23:30.
    expect(completionDate('2026-10-24T22:30:00Z')).toBe('October 25, 2026');
    expect(completionDate('2026-10-25T22:30:00Z')).toBe('October 25, 2026');
    expect(completionDate('2026-10-25T23:00:00Z')).toBe('October 26, 2026');
  });

  it('falls back font by font, character by character', () => {
    const latin = (c: number) => c <= 0xff;
    const ext = (c: number) => c >= 0x100 && c <= 0x24f;
    expect(fontRuns('Jürgen Łukasz', [latin, ext])).toEqual([
      { text: 'Jürgen ', font: 0 },
      { text: 'Ł', font: 1 },
      { text: 'ukasz', font: 0 },
    ]);
    expect(fontRuns('☃', [latin, ext])).toEqual([{ text: '☃', font: 0 }]);
  });

  it('fits a line at the largest size, wraps by words, breaks a long word, and ends what is left with an ellipsis', () => {
    const measure = (t: string) => [...t].length * 0.5;
    expect(fitLines('Ada Lovelace', measure, { width: 100, maxSize: 20, minSize: 10, maxLines: 1 })).toEqual({ size: 16, lines: ['Ada Lovelace'] });
    expect(fitLines('Ada  Byron\nLovelace', measure, { width: 50, maxSize: 10, minSize: 10, maxLines: 2 })).toEqual({ size: 10, lines: ['Ada Byron', 'Lovelace'] });
    expect(fitLines('Aaaaaaaaaaaaaaaaaaaaaaaaa', measure, { width: 50, maxSize: 10, minSize: 10, maxLines: 3 })).toEqual({ size: 10, lines: ['Aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaa'] });
    const cut = fitLines('one two three four five six seven', measure, { width: 50, maxSize: 10, minSize: 10, maxLines: 2 });
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[1]!.endsWith('…')).toBe(true);
    expect(measure(cut.lines[1]!) * 10).toBeLessThanOrEqual(50);
  });

  it("draws a QR code's dark modules as rectangles, a row's neighbours merged", () => {
    const modules = [
      [true, true, false],
      [false, true, true],
      [true, false, true],
    ];
    expect(qrRects(modules, 10, 20, 30)).toEqual([
      { x: 10, y: 20, width: 20, height: 10 },
      { x: 20, y: 30, width: 20, height: 10 },
      { x: 10, y: 40, width: 10, height: 10 },
      { x: 30, y: 40, width: 10, height: 10 },
    ]);
  });
});
