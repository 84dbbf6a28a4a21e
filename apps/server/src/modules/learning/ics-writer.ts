/**
 * A minimal RFC 5545 writer for the calendar feed: all-day events only. ical-generator 10 folds
 * lines by encoding each character with a new TextEncoder, which made a feed of three long plans
 * (900 events) take about a second; this writes the same text in a few milliseconds.
 */

export interface AllDayEvent {
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD, the day after (DTEND is exclusive) */
  endDate: string;
  summary: string;
  description: string;
}

/**
 * TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped, and every other
 * control character (C0 but tab, DEL, C1) left out: TEXT may not hold them, and a calendar client
 * may take one for the end of the line.
 */
const escapeText = (value: string) =>
  value
    .replace(/[\\;,]/g, (ch) => `\\${ch}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

/** UTF-8 octets of the UTF-16 code unit at `index` (a surrogate pair's 4 octets count on its first half). */
function octetsAt(line: string, index: number): number {
  const code = line.charCodeAt(index);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 4;
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  return 3;
}

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 sequence or a surrogate pair. */
function fold(line: string): string {
  // Printable ASCII is the usual case: one octet per character, folded by slicing.
  if (!/[^ -~]/.test(line)) {
    if (line.length <= 75) return line;
    const parts = [line.slice(0, 75)];
    for (let at = 75; at < line.length; at += 74) parts.push(line.slice(at, at + 74));
    return parts.join('\r\n ');
  }
  const parts: string[] = [];
  let from = 0;
  let octets = 0;
  for (let index = 0; index < line.length; index++) {
    const size = octetsAt(line, index);
    if (size > 0 && octets + size > 75) {
      parts.push(line.slice(from, index));
      from = index;
      octets = 1; // the continuation line's leading space
    }
    octets += size;
  }
  parts.push(line.slice(from));
  return parts.join('\r\n ');
}

const compactDate = (day: string) => day.replaceAll('-', '');
const compactStamp = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A VCALENDAR of all-day VEVENTs, lines ending in CRLF. */
export function writeCalendar(options: { name: string; stamp: Date; events: AllDayEvent[] }): string {
  const stamp = compactStamp(options.stamp);
  const name = escapeText(options.name);
  let out = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Arbor//Study plans//EN\r\nCALSCALE:GREGORIAN\r\n`;
  out += `${fold(`NAME:${name}`)}\r\n${fold(`X-WR-CALNAME:${name}`)}\r\n`;
  for (const event of options.events) {
    out +=
      `BEGIN:VEVENT\r\n${fold(`UID:${event.uid}`)}\r\nDTSTAMP:${stamp}\r\n` +
      `DTSTART;VALUE=DATE:${compactDate(event.date)}\r\nDTEND;VALUE=DATE:${compactDate(event.endDate)}\r\n` +
      `${fold(`SUMMARY:${escapeText(event.summary)}`)}\r\n${fold(`DESCRIPTION:${escapeText(event.description)}`)}\r\n` +
      `TRANSP:TRANSPARENT\r\nEND:VEVENT\r\n`;
  }
  return `${out}END:VCALENDAR\r\n`;
}
