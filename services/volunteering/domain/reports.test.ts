import { describe, expect, it } from 'vitest';
import type { ApplicationStore, StoredApplication } from './ports';
import { backOfficeReport, startsWithin, workplaceReport } from './reports';

const TASMAN = { workplaceId: 'W1', workplaceName: 'Tasman Engineering' };

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
    session: { startsAt: '2030-03-01T20:00:00.000Z', endsAt: '2030-03-01T23:00:00.000Z', sessionTotalHours: 3 },
    applicant: { memberId: 'M1', email: 'wiremu@example.nz', firstName: 'Wiremu', lastName: 'Parata' },
    applicantWorkplaces: [TASMAN],
    seats: 1,
    createdAt: `2030-02-0${id}T00:00:00.000Z`,
    updatedAt: `2030-02-0${id}T00:00:00.000Z`,
    revision: 1,
    ...overrides,
  };
}

const storeOf = (applications: StoredApplication[]) => ({
  applications: {
    listAll: async () => ({ applications, invites: [] }),
    listByCharity: async (charityId: string) => applications.filter((a) => a.charity.id === charityId),
  } as Pick<ApplicationStore, 'listAll' | 'listByCharity'> as ApplicationStore,
});

describe('volunteering reports', () => {
  it('counts a session by its local day: 8 pm UTC on 1 March is 2 March in New Zealand', () => {
    const application = stored('1');
    expect(startsWithin(application, { from: '2030-3-2', to: '2030-03-02' })).toBe(true);
    expect(startsWithin(application, { to: '2030-03-01' })).toBe(false);
    expect(startsWithin(application, { from: '2030-03-03' })).toBe(false);
    expect(startsWithin({ ...application, country: 'au' }, { to: '2030-03-02' })).toBe(true);
  });

  it('gives a workplace the applications of people who were its members when they applied, newest first, without actions', async () => {
    const deps = storeOf([stored('1'), stored('2', { applicantWorkplaces: [] }), stored('3', { applicantWorkplaces: [{ workplaceId: 'W2', workplaceName: 'Other' }, TASMAN] })]);
    const report = await workplaceReport(deps, 'W1', {});
    expect(report.items.map((a) => a.id)).toEqual(['3', '1']);
    expect(report.items.every((a) => a.allowedActions.length === 0)).toBe(true);
    expect((await workplaceReport(deps, 'W1', { from: '2030-03-03' })).items).toEqual([]);
  });

  it('gives the back office every application, or one charity’s', async () => {
    const deps = storeOf([stored('1'), stored('2', { charity: { id: 'C2', name: 'Food Bank', charityUrl: 'food-bank', logoImageUrl: '' } })]);
    expect((await backOfficeReport(deps, {})).items.map((a) => a.id)).toEqual(['2', '1']);
    expect((await backOfficeReport(deps, { charityId: 'C2' })).items.map((a) => a.id)).toEqual(['2']);
  });
});
