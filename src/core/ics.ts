/**
 * The parts of an iCalendar file (RFC 5545) that every calendar file of the site shares: UTC
 * date-times, TEXT escaping, folding at 75 octets and the document's CRLF lines. Pure: no DOM,
 * no SDK. The coaching session's "Add to calendar" and the Lounge's daily reminder write with it.
 */

/** A UTC date-time ("date with UTC time", 3.3.5): '20260326T170000Z'. */
export function icsUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping (3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded to at most 75 octets (3.1): a CRLF and one space, never inside a UTF-8
 * character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The file's text from its unfolded content lines: each folded, each ended by CRLF. */
export function icsDocument(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The MIME type the site hands a calendar file to the browser with. */
export const ICS_TYPE = 'text/calendar;charset=utf-8';
