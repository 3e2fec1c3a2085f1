import { describe, expect, it } from 'vitest';
import { distanceKm, locationLabel, matchesDateFilter, scheduleLabel } from './schedule';

const at = (suburb: string, lat: number, lon: number) => ({ suburb, lat, lon });
const session = (startsAt: string, endsAt: string, location?: ReturnType<typeof at>) => ({ id: startsAt, startsAt, endsAt, requiredPeople: 5, ...(location ? { location } : {}) });

describe('spec 1 §4 volunteer schedule label', () => {
  it('is Recurring for a recurring schedule, Multiple for several fixed sessions, else Single', () => {
    expect(scheduleLabel('RecurringSchedule', 1)).toBe('Recurring');
    expect(scheduleLabel('FixedSchedule', 3)).toBe('Multiple');
    expect(scheduleLabel('FixedSchedule', 1)).toBe('Single');
    expect(scheduleLabel('FixedSchedule', 0)).toBe('Single');
  });
});

describe('spec 1 §4 location on a card', () => {
  const whangarei = at('Whangārei', -35.72, 174.32);
  it('is the suburb for one session', () => {
    expect(locationLabel({ isRemote: false, location: whangarei, sessions: [session('2026-12-01T00:00:00Z', '2026-12-01T02:00:00Z')] })).toBe('Whangārei');
  });
  it('is the suburb when all sessions share coordinates', () => {
    const sessions = [session('2026-12-01T00:00:00Z', '2026-12-01T02:00:00Z', whangarei), session('2026-12-02T00:00:00Z', '2026-12-02T02:00:00Z', whangarei)];
    expect(locationLabel({ isRemote: false, sessions })).toBe('Whangārei');
  });
  it("is 'Multiple locations' when sessions are in different places", () => {
    const sessions = [session('2026-12-01T00:00:00Z', '2026-12-01T02:00:00Z', whangarei), session('2026-12-02T00:00:00Z', '2026-12-02T02:00:00Z', at('Ngunguru', -35.62, 174.5))];
    expect(locationLabel({ isRemote: false, location: whangarei, sessions })).toBe('Multiple locations');
  });
  it("reads 'Remote' for a remote role", () => {
    expect(locationLabel({ isRemote: true, sessions: [] })).toBe('Remote');
  });
});

describe('spec 1 §4 date filter', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  const past = [session('2026-10-01T00:00:00Z', '2026-10-01T03:00:00Z')];
  const coming = [session('2026-10-01T00:00:00Z', '2026-10-01T03:00:00Z'), session('2026-12-05T20:00:00Z', '2026-12-05T23:00:00Z')];
  it('past: every session has ended; coming: one has not', () => {
    expect(matchesDateFilter(past, 'past', now)).toBe(true);
    expect(matchesDateFilter(coming, 'past', now)).toBe(false);
    expect(matchesDateFilter(coming, 'coming', now)).toBe(true);
    expect(matchesDateFilter(past, 'coming', now)).toBe(false);
  });
  it('on-or-before / on-or-after a day (the whole day counts)', () => {
    expect(matchesDateFilter(coming, 'on-or-before', now, '2026-10-01')).toBe(true);
    expect(matchesDateFilter(past, 'on-or-before', now, '2026-9-30')).toBe(false);
    expect(matchesDateFilter(coming, 'on-or-after', now, '2026-12-05')).toBe(true);
    expect(matchesDateFilter(past, 'on-or-after', now, '2026-10-2')).toBe(false);
  });
});

describe('distance', () => {
  it('Auckland to Wellington is about 490 km', () => {
    expect(distanceKm({ lat: -36.85, lon: 174.76 }, { lat: -41.29, lon: 174.78 })).toBeGreaterThan(480);
    expect(distanceKm({ lat: -36.85, lon: 174.76 }, { lat: -41.29, lon: 174.78 })).toBeLessThan(500);
  });
});
