import { describe, expect, it } from 'vitest';
import { dateFormat, DEFAULT_DATE_FORMAT, parseDateMath, parseTimeValue, timeZone } from './dates';

const format = dateFormat(DEFAULT_DATE_FORMAT);
const now = Date.UTC(2026, 10, 26, 5, 19, 40, 123); // Thursday 26 November 2026
const at = (value: string, roundUp = false, zone?: string) => new Date(parseDateMath(value, format, { roundUp, now, ...(zone ? { zone: timeZone(zone) } : {}) })).toISOString();

describe('dates', () => {
  it('reads ISO dates and times, with or without a zone, and epoch milliseconds', () => {
    expect(at('2026-11-26')).toBe('2026-11-26T00:00:00.000Z');
    expect(at('2026-11-26T05:19:40+13:00')).toBe('2026-11-25T16:19:40.000Z');
    expect(at('2026-11-26T05:19:40.5Z')).toBe('2026-11-26T05:19:40.500Z');
    expect(at(String(now))).toBe('2026-11-26T05:19:40.123Z');
    expect(() => at('26/11/2026')).toThrow(/failed to parse date field \[26\/11\/2026\]/);
  });

  it('rounds up what a date leaves out when reading for gt and lte (the whole day is included)', () => {
    expect(at('2026-11-26', true)).toBe('2026-11-26T23:59:59.999Z');
    expect(at('2026-11', true)).toBe('2026-11-30T23:59:59.999Z');
    expect(at('2026', true)).toBe('2026-12-31T23:59:59.999Z');
  });

  it('does date math: now, adding and subtracting units, and rounding down (or up) to a unit', () => {
    expect(at('now')).toBe('2026-11-26T05:19:40.123Z');
    expect(at('now-1d')).toBe('2026-11-25T05:19:40.123Z');
    expect(at('now-1d/d')).toBe('2026-11-25T00:00:00.000Z');
    expect(at('now-1d/d', true)).toBe('2026-11-25T23:59:59.999Z');
    expect(at('now+1M/M')).toBe('2026-12-01T00:00:00.000Z');
    expect(at('now/w')).toBe('2026-11-23T00:00:00.000Z');
    expect(at('2026-01-31||+1M')).toBe('2026-03-03T00:00:00.000Z');
    expect(at('now-2h/h')).toBe('2026-11-26T03:00:00.000Z');
    expect(() => at('now-1q')).toThrow(/date math/);
  });

  it('rounds in a time zone', () => {
    expect(at('now/d', false, '+13:00')).toBe('2026-11-25T11:00:00.000Z');
    expect(at('now/d', false, 'Pacific/Auckland')).toBe('2026-11-25T11:00:00.000Z');
    expect(at('2026-07-01', false, 'Pacific/Auckland')).toBe('2026-06-30T12:00:00.000Z');
  });

  it('reads and writes patterns like dd/MM/yyyy', () => {
    const dmy = dateFormat('dd/MM/yyyy||epoch_millis');
    expect(dmy.parse('26/11/2026', false, timeZone('UTC'))).toBe(Date.UTC(2026, 10, 26));
    expect(dmy.parse('31/02/2026', false, timeZone('UTC'))).toBeUndefined();
    expect(dmy.format(Date.UTC(2026, 10, 26))).toBe('26/11/2026');
    expect(() => dateFormat('yyyy-QQ')).toThrow(/pattern letter \[Q\]/);
  });

  it('reads time values for decay scales', () => {
    expect(parseTimeValue('10d', 'scale')).toBe(864_000_000);
    expect(parseTimeValue('90m', 'scale')).toBe(5_400_000);
    expect(() => parseTimeValue('2w', 'scale')).toThrow(/time value/);
  });
});
