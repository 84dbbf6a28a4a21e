import { describe, expect, it } from 'vitest';
import { formatMinutes } from './path-time.ts';

const t = (key: string, values: Record<string, number>) => `${key}:${JSON.stringify(values)}`;

describe('study time', () => {
  it('shows minutes under an hour, whole hours alone, and hours with minutes', () => {
    expect(formatMinutes(45, t)).toBe('path.minutes:{"count":45}');
    expect(formatMinutes(120, t)).toBe('path.wholeHours:{"hours":2}');
    expect(formatMinutes(165, t)).toBe('path.hours:{"hours":2,"minutes":45}');
  });
});
