import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { dateFilterChoice, locationLabel, needsDate, scheduleLabel } from './schedule';

const at = (suburb: string, lat: number, lon: number) => ({ suburb, lat, lon });

describe('spec 1 §4 volunteer schedule label', () => {
  it('RecurringSchedule is Recurring, whatever the sessions', () => {
    expect(scheduleLabel('RecurringSchedule', 1)).toBe('Recurring');
    expect(scheduleLabel('RecurringSchedule', 3)).toBe('Recurring');
  });

  it('FixedSchedule with more than one session is Multiple; otherwise Single', () => {
    expect(scheduleLabel('FixedSchedule', 2)).toBe('Multiple');
    expect(scheduleLabel('FixedSchedule', 1)).toBe('Single');
    expect(scheduleLabel('FixedSchedule', 0)).toBe('Single');
  });
});

describe('spec 1 §4 location rule', () => {
  const home = at('Te Aro', -41.29, 174.77);

  it('one session: its suburb (or the role’s when the session has no place of its own)', () => {
    expect(locationLabel({ isRemote: false, location: home, sessions: [{}] })).toBe('Te Aro');
    expect(locationLabel({ isRemote: false, location: home, sessions: [{ location: at('Petone', -41.22, 174.87) }] })).toBe('Petone');
  });

  it('all sessions at the same coordinates: the suburb', () => {
    expect(locationLabel({ isRemote: false, location: home, sessions: [{}, { location: at('Te Aro', -41.29, 174.77) }, {}] })).toBe('Te Aro');
  });

  it('sessions in different places: Multiple locations', () => {
    expect(locationLabel({ isRemote: false, location: home, sessions: [{}, { location: at('Petone', -41.22, 174.87) }] })).toBe('Multiple locations');
  });

  it('same suburb name but other coordinates still counts as another place', () => {
    expect(locationLabel({ isRemote: false, sessions: [{ location: at('Central', -41.29, 174.77) }, { location: at('Central', -36.85, 174.76) }] })).toBe('Multiple locations');
  });

  it('a remote role reads Remote', () => {
    expect(locationLabel({ isRemote: true, location: home, sessions: [{}, {}] })).toBe('Remote');
  });
});

describe('spec 1 §4-§5 date filter', () => {
  it('past and coming take no date', () => {
    expect(dateFilterChoice('past', 'nonsense')).toEqual({ dateFilter: 'past' });
    expect(dateFilterChoice('coming', '')).toEqual({ dateFilter: 'coming' });
    expect(needsDate('past')).toBe(false);
    expect(needsDate('on-or-after')).toBe(true);
  });

  it('no filter is no query', () => {
    expect(dateFilterChoice('', '2026-01-01')).toEqual({});
  });

  it('on-or-before / on-or-after take a year-month-day date (1 or 2 digit month and day), sent as YYYY-MM-DD', () => {
    expect(dateFilterChoice('on-or-before', '2026-3-7')).toEqual({ dateFilter: 'on-or-before', date: '2026-03-07' });
    expect(dateFilterChoice('on-or-after', ' 2026-12-31 ')).toEqual({ dateFilter: 'on-or-after', date: '2026-12-31' });
  });

  it('a date that is not year-month-day, or not a real date, is Invalid Date!', () => {
    for (const text of ['', '26-03-07', '2026/03/07', '2026-02-30', '2026-13-01', '07-03-2026']) {
      expect(dateFilterChoice('on-or-after', text)).toEqual({ error: MESSAGES.invalidDate });
    }
    expect(MESSAGES.invalidDate).toBe('Invalid Date!');
  });
});
