/**
 * The certificate's pure rules (src/features/course/certificate.ts): the name a member may put on
 * it, what a claim with lessons to do says, and LinkedIn's Add to profile fields and link, with the
 * date told in Berlin time on either side of the clock changes and the year's end.
 */
import { describe, expect, it } from 'vitest';
import { certificateDate, ISSUER, lessonsToDoMessage, linkedInFields, linkedInUrl, nameProblem } from '../../src/features/course/certificate';
import { BRAND } from '../../src/core/config/site';

const CODE = '0123456789abcdef0123456789abcdef';

describe('the name on a certificate', () => {
  it.each([
    ['', 'Please enter the name you would like on your certificate.'],
    [' \t\u00a0\u3000', 'Please enter the name you would like on your certificate.'],
    ['x'.repeat(101), 'Your certificate holds a name of up to 100 characters. Please shorten it.'],
  ])('%j is refused', (name, message) => expect(nameProblem(name)).toBe(message));

  it.each(['Jürgen Weiß', '<script>alert(1)</script>', 'é'.repeat(100), '😀'.repeat(100)])('%j is a name (up to 100 characters, as the database counts them)', (name) => {
    expect(nameProblem(name)).toBeNull();
  });
});

describe('lessons still to do', () => {
  it('names each, in order, in the member\'s words', () => {
    expect(lessonsToDoMessage(['Your Alchemy Map'])).toBe('You are one lesson away from your certificate. Still to do: “Your Alchemy Map”.');
    expect(lessonsToDoMessage(['A', 'B', 'C'])).toBe('You are 3 lessons away from your certificate. Still to do: “A”, “B” and “C”.');
  });
});

describe('dates in Berlin time', () => {
  it.each([
    ['2026-12-31T23:30:00Z', '1 January 2027', '2027', '1'],
    ['2026-12-31T22:30:00Z', '31 December 2026', '2026', '12'],
    // Summer time (UTC+2) begins on 29 March 2026: 22:30 UTC is 00:30 the next day.
    ['2026-03-29T22:30:00Z', '30 March 2026', '2026', '3'],
    ['2026-10-24T22:30:00Z', '25 October 2026', '2026', '10'],
    // Back to UTC+1 after 25 October: 22:30 UTC is 23:30 the same day.
    ['2026-10-31T22:30:00Z', '31 October 2026', '2026', '10'],
  ])('%s is %s (issued %s-%s)', (iso, day, year, month) => {
    expect(certificateDate(iso)).toBe(day);
    expect(linkedInFields({ code: CODE, issued_at: iso }, 'https://inneralchemy.coach/')).toMatchObject({ issueYear: year, issueMonth: month });
  });
});

describe('LinkedIn\'s Add to profile', () => {
  it('names the brand as the issuing organization', () => expect(ISSUER).toBe(BRAND));

  it('fills every field, and the link carries each', () => {
    const fields = linkedInFields({ code: CODE, issued_at: '2026-11-29T10:00:00Z' }, 'https://inneralchemy.coach');
    expect(fields).toEqual({
      name: 'Master Alchemist Course',
      organizationName: 'Inner Alchemy',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: `https://inneralchemy.coach/verify/${CODE}`,
      certId: CODE,
    });
    const url = new URL(linkedInUrl(fields));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({ startTask: 'CERTIFICATION_NAME', ...fields });
  });
});
