import { describe, expect, it } from 'vitest';
import { filterFor } from './charity-reports';

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
