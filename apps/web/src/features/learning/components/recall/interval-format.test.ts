import { describe, expect, it } from 'vitest';
import { intervalParts } from './interval-format.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('intervalParts', () => {
  it('gives minutes under an hour, at least one', () => {
    expect(intervalParts(0)).toEqual({ unit: 'minute', value: 1 });
    expect(intervalParts(-5 * MIN)).toEqual({ unit: 'minute', value: 1 });
    expect(intervalParts(10 * MIN)).toEqual({ unit: 'minute', value: 10 });
    expect(intervalParts(59 * MIN)).toEqual({ unit: 'minute', value: 59 });
  });

  it('gives hours under a day, with one decimal under ten', () => {
    expect(intervalParts(60 * MIN)).toEqual({ unit: 'hour', value: 1 });
    expect(intervalParts(90 * MIN)).toEqual({ unit: 'hour', value: 1.5 });
    expect(intervalParts(12 * 60 * MIN)).toEqual({ unit: 'hour', value: 12 });
  });

  it('gives whole days under a month', () => {
    expect(intervalParts(DAY)).toEqual({ unit: 'day', value: 1 });
    expect(intervalParts(3.4 * DAY)).toEqual({ unit: 'day', value: 3 });
    expect(intervalParts(29 * DAY)).toEqual({ unit: 'day', value: 29 });
  });

  it('gives months under a year and years beyond', () => {
    expect(intervalParts(30 * DAY)).toEqual({ unit: 'month', value: 1 });
    expect(intervalParts(90 * DAY)).toEqual({ unit: 'month', value: 3 });
    expect(intervalParts(45 * DAY)).toEqual({ unit: 'month', value: 1.5 });
    expect(intervalParts(365 * DAY)).toEqual({ unit: 'year', value: 1 });
    expect(intervalParts(800 * DAY)).toEqual({ unit: 'year', value: 2.2 });
  });
});
