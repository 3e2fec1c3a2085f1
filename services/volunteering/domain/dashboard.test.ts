import { describe, expect, it } from 'vitest';
import type { CharityCopy } from '@giving/shared/copies';
import { charityVolunteeringDashboard } from './dashboard';
import type { ApplicationStore, StoredApplication } from './ports';

function stored(id: string, overrides: Partial<StoredApplication> = {}): StoredApplication {
  return {
    id,
    applicationType: 'Individual',
    status: 'Applied',
    opportunityId: 'O1',
    opportunityTitle: 'Chick weigh-in',
    opportunityUrl: 'chick-weigh-in',
    imageUrl: '',
    charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
    country: 'nz',
    sessionId: 'S1',
    session: { startsAt: '2026-11-01T20:00:00.000Z', endsAt: '2026-11-01T23:00:00.000Z', sessionTotalHours: 3 },
    applicant: { memberId: 'M1', email: 'wiremu@example.nz', firstName: 'Wiremu', lastName: 'Parata' },
    applicantWorkplaces: [],
    seats: 1,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    revision: 1,
    ...overrides,
  };
}

const completed = (id: string, completedAt: string, volunteers: number, totalHours: number, status: StoredApplication['status'] = 'Completed') =>
  stored(id, { status, completedAt, hours: { hoursPerPerson: totalHours / volunteers, volunteers, totalHours } });

const deps = (applications: StoredApplication[]) => ({
  applications: { listByCharity: async (charityId: string) => applications.filter((a) => a.charity.id === charityId) } as Pick<ApplicationStore, 'listByCharity'> as ApplicationStore,
  charities: { getById: async () => ({ id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', country: 'nz', logoImageUrl: '', isActive: true, version: '1' }) } as Pick<CharityCopy, 'getById'> as CharityCopy,
});

// 21 November 2026, 10 pm in Auckland.
const NOW = new Date('2026-11-21T09:00:00.000Z');

describe('the charity dashboard’s volunteering', () => {
  it('adds up volunteers (a team counts each) and hours by the local month of completion, and counts what waits for the charity', async () => {
    const dashboard = await charityVolunteeringDashboard(
      deps([
        completed('1', '2026-10-31T12:00:00.000Z', 1, 3), // 1 November, 1 am in Auckland
        completed('2', '2026-11-10T00:00:00.000Z', 4, 10, 'UserFeedbackGiven'), // a team of four; the volunteer has given feedback
        completed('3', '2026-11-12T00:00:00.000Z', 1, 2.25, 'BothFeedbacksGiven'),
        completed('4', '2026-10-15T00:00:00.000Z', 2, 6, 'CharityFeedbackGiven'),
        completed('5', '2026-09-15T00:00:00.000Z', 1, 8), // September: neither month, but its feedback is still owed
        stored('6'),
        stored('7'),
        stored('8', { status: 'Accepted' }),
        stored('9', { status: 'Declined' }),
        stored('10', { charity: { id: 'C2', name: 'Another', charityUrl: 'another', logoImageUrl: '' } }),
      ]),
      'C1',
      NOW,
    );
    expect(dashboard).toEqual({
      thisMonth: { month: '2026-11', volunteers: 6, hours: 15.3 },
      lastMonth: { month: '2026-10', volunteers: 2, hours: 6 },
      applicationsToReview: 2,
      feedbackToGive: 3,
    });
  });

  it('answers zeros for a charity with no applications', async () => {
    expect(await charityVolunteeringDashboard(deps([]), 'C1', NOW)).toEqual({
      thisMonth: { month: '2026-11', volunteers: 0, hours: 0 },
      lastMonth: { month: '2026-10', volunteers: 0, hours: 0 },
      applicationsToReview: 0,
      feedbackToGive: 0,
    });
  });
});
