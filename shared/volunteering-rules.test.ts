import { describe, expect, it } from 'vitest';
import { locationLabel, scheduleLabel } from './volunteering-rules';

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
    const whangarei = at('Whangārei', -35.72, 174.32);
    expect(locationLabel({ isRemote: false, sessions: [{ location: whangarei }, { location: whangarei }] })).toBe('Whangārei');
  });

  it('sessions in different places: Multiple locations', () => {
    expect(locationLabel({ isRemote: false, location: home, sessions: [{}, { location: at('Petone', -41.22, 174.87) }] })).toBe('Multiple locations');
  });

  it('same suburb name but other coordinates still counts as another place', () => {
    expect(locationLabel({ isRemote: false, sessions: [{ location: at('Central', -41.29, 174.77) }, { location: at('Central', -36.85, 174.76) }] })).toBe('Multiple locations');
  });

  it('a remote role reads Remote', () => {
    expect(locationLabel({ isRemote: true, location: home, sessions: [{}, {}] })).toBe('Remote');
    expect(locationLabel({ isRemote: true, sessions: [] })).toBe('Remote');
  });

  it('no place at all reads empty', () => {
    expect(locationLabel({ isRemote: false, sessions: [{}] })).toBe('');
  });
});
