import { describe, expect, it } from 'vitest';
import { filterFor, toCsv } from './charity-reports';

describe('toCsv', () => {
  it('quotes fields with commas, quotes or line breaks, doubling quotes, and ends lines with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', 3]])).toBe('a,"b,c","say ""hi""","two\nlines",3\r\n');
  });

  it('writes text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(toCsv([['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'Aroha']])).toBe(`"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),Aroha\r\n`);
  });
});

describe('filterFor', () => {
  it('turns inclusive local days into [start of from, start of the day after to) in the charity’s zone', () => {
    expect(filterFor({ from: '2026-11-01', to: '2026-11-30', giftId: 'general' }, 'nz')).toEqual({
      fromIso: '2026-10-31T11:00:00.000Z',
      toIso: '2026-11-30T11:00:00.000Z',
      giftId: 'general',
    });
    expect(filterFor({ to: '2026-06-30' }, 'au')).toEqual({ toIso: '2026-06-30T14:00:00.000Z' });
  });
});
