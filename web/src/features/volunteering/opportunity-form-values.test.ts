import { describe, expect, it } from 'vitest';
import { VOLUNTEERING_MESSAGES } from '@giving/shared/contracts/volunteering';
import { emptyForm, toOpportunityInput, type OpportunityFormValues } from './opportunity-form-values';

const recurringForm = (overrides: Partial<OpportunityFormValues> = {}): OpportunityFormValues => ({
  ...emptyForm('volunteers@kiwicoastrescue.org.nz'),
  title: 'Saturday trap line walker',
  opportunityUrl: 'saturday-trap-line-walker',
  description: 'Walk a trap line.',
  imageUrl: '/media/kiwi.png',
  categories: ['Environment'],
  suburb: 'Whangārei',
  lat: '-35.7',
  lon: '174.3',
  schedule: 'recurring',
  frequency: 'Weekly',
  daysOfWeek: ['Saturday'],
  startTime: '08:00',
  endTime: '11:00',
  // A Thursday: the first meeting is the Saturday after.
  startDate: '2026-11-12',
  endDate: '2027-05-25',
  ...overrides,
});

describe('the role form’s recurring schedule', () => {
  it('sends the roster session from the first meeting (Saturday 14 November, 08:00–11:00 in Auckland), not the start date', () => {
    const result = toOpportunityInput(recurringForm(), { charityId: '01JCHARTY00000000000000001', country: 'nz' });
    if (!('input' in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.input.sessions).toEqual([{ startsAt: '2026-11-13T19:00:00.000Z', endsAt: '2026-11-13T22:00:00.000Z', requiredPeople: 10 }]);
    expect(result.input.recurringSchedule).toMatchObject({ daysOfWeek: ['Saturday'], startTime: '08:00', endTime: '11:00', startDate: '2026-11-12', endDate: '2027-05-25' });
  });

  it('refuses a schedule that never meets, naming its days', () => {
    const result = toOpportunityInput(recurringForm({ startDate: '2026-11-16', endDate: '2026-11-17' }), { charityId: '01JCHARTY00000000000000001', country: 'nz' });
    expect(result).toEqual({ errors: { daysOfWeek: VOLUNTEERING_MESSAGES.scheduleNeverMeets } });
  });
});
