/** The site's RFC 5545 helpers: TEXT escaping, folding at 75 octets, UTC date-times and the document's CRLF lines. */
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsDocument, icsUtc } from '../../src/core/ics';

describe('escapeText and foldLine', () => {
  it('escapes what RFC 5545 TEXT requires', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('icsUtc and icsDocument', () => {
  it('writes a UTC date-time without separators or milliseconds', () => {
    expect(icsUtc(Date.parse('2026-03-26T17:00:00.123Z'))).toBe('20260326T170000Z');
  });

  it('ends every line, folded ones included, with CRLF', () => {
    const text = icsDocument(['BEGIN:VCALENDAR', `X-LONG:${'a'.repeat(100)}`, 'END:VCALENDAR']);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toHaveLength(5);
    expect(text.replace(/\r\n /g, '')).toContain(`X-LONG:${'a'.repeat(100)}\r\n`);
  });
});
