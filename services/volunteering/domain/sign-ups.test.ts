import { describe, expect, it } from 'vitest';
import type { EventPublisher } from '@giving/shared/events';
import type { StoredApplication } from './ports';
import { publishSignUp } from './sign-ups';

function recorder() {
  const published: { name: string; data: unknown; id?: string }[] = [];
  const events: EventPublisher = {
    publish: async (definition, data, options) => {
      published.push({ name: definition.name, data, id: options?.id });
      return {} as never;
    },
  };
  return { events, published };
}

const application = {
  id: 'A1',
  opportunityId: 'O1',
  charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
  country: 'nz',
  applicant: { memberId: 'M1', email: 'dana@example.nz', firstName: 'Dana', lastName: 'Whitfield' },
  createdAt: '2026-11-21T08:00:00.000Z',
} as StoredApplication;

describe('volunteering sign-ups for the ticker', () => {
  it('publishes the charity and when, never who, with one event id per application', async () => {
    const { events, published } = recorder();
    expect(await publishSignUp(events, application)).toBe('published');
    expect(published).toEqual([
      {
        name: 'VolunteerApplied',
        id: 'applied-A1',
        data: { applicationId: 'A1', opportunityId: 'O1', charityId: 'C1', charityName: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', country: 'nz', createdOn: '2026-11-21T08:00:00.000Z' },
      },
    ]);
  });

  it('skips a record that is not an application', async () => {
    const { events, published } = recorder();
    expect(await publishSignUp(events, undefined)).toBe('skipped');
    expect(published).toEqual([]);
  });
});
