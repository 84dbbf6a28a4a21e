import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { writeCalendar } from './ics-writer.ts';

describe('writeCalendar', () => {
  const long = '学习 TypeScript 🌳, 类型; 泛型\\ '.repeat(12);
  const ascii = 'https://arbor.example/trees/abc?learn=1&node=n1 '.repeat(9);
  const text = writeCalendar({
    name: 'Arbor',
    stamp: new Date('2026-11-25T10:20:30.456Z'),
    events: [
      { uid: '1-2026-11-25@arbor', date: '2026-11-25', endDate: '2026-11-26', summary: long, description: 'a\nb' },
      { uid: '1-2026-11-26@arbor', date: '2026-11-26', endDate: '2026-11-27', summary: 'ASCII', description: ascii },
    ],
  });

  it('folds lines at 75 octets with CRLF, never splitting a character', () => {
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('round-trips through ical.js: escaped text, all-day dates, the stamp', () => {
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe(long);
    expect(event.getFirstPropertyValue('description')).toBe('a\nb');
    expect(event.getFirstPropertyValue('uid')).toBe('1-2026-11-25@arbor');
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.isDate).toBe(true);
    expect(start.toString()).toBe('2026-11-25');
    expect((event.getFirstPropertyValue('dtstamp') as ICAL.Time).toString()).toBe('2026-11-25T10:20:30Z');
    const second = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')[1]!;
    expect(second.getFirstPropertyValue('description')).toBe(ascii);
  });
});
