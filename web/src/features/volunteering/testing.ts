import type { CharitySettings } from '@giving/shared/contracts/accounts';
import type { Application, Opportunity, OpportunityCard, Session } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';

/** Test data for the volunteering screens, shaped by the shared contract. */
export const CHARITY = { id: '01JCHARTY00000000000000001', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/charities/kcr/logo.png' };
/** GET /api/accounts/charity/{id}/settings for CHARITY: its country sets the console's days and times. */
export const CHARITY_SETTINGS_URL = `/api/accounts/charity/${CHARITY.id}/settings`;
export const charitySettings = (country: CountryCode = 'nz'): CharitySettings => ({ profile: { ...CHARITY, country, description: 'Coastal care.', causes: [] } });
const TE_ARO = { suburb: 'Te Aro', lat: -41.295, lon: 174.776 };

export function aCard(overrides: Partial<OpportunityCard> = {}): OpportunityCard {
  return {
    id: '01JOPP00000000000000000001',
    title: 'Beach clean-up crew',
    description: 'Help us clear plastic from the dunes before nesting season.',
    imageUrl: '/media/volunteering/beach.jpg',
    charity: CHARITY,
    country: 'nz',
    opportunityUrl: 'beach-clean-up',
    opportunityType: 'UnSkilled',
    skills: ['Gardening'],
    categories: ['Environment'],
    isRemote: false,
    isExclusive: false,
    scheduleType: 'FixedSchedule',
    scheduleLabel: 'Multiple',
    locationLabel: 'Te Aro',
    location: TE_ARO,
    sessionCount: 2,
    nextSessionStartsAt: '2030-03-09T20:00:00Z',
    requiredPeople: 20,
    allowTeams: true,
    contentStatus: 'Live',
    isOnline: true,
    createdAt: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

export function aSession(n: number, overrides: Partial<Session> = {}): Session {
  return {
    id: `01JSESSN0000000000000000${String(n).padStart(2, '0')}`,
    opportunityId: '01JOPP00000000000000000001',
    // 9 am to 1 pm in Wellington (NZDT, UTC+13), a week apart.
    startsAt: `2030-03-${String(2 + n * 7).padStart(2, '0')}T20:00:00Z`,
    endsAt: `2030-03-${String(3 + n * 7).padStart(2, '0')}T00:00:00Z`,
    sessionTotalHours: 4,
    requiredPeople: 10,
    placesTaken: 2,
    placesRemaining: 8,
    isFull: false,
    hasEnded: false,
    ...overrides,
  };
}

export function anOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  const sessions = overrides.sessions ?? [aSession(1), aSession(2)];
  return {
    id: '01JOPP00000000000000000001',
    charity: CHARITY,
    country: 'nz',
    title: 'Beach clean-up crew',
    description: 'Help us clear plastic from the dunes before nesting season.\n\nGloves and bags provided.',
    opportunityUrl: 'beach-clean-up',
    opportunityType: 'UnSkilled',
    imageUrl: '/media/volunteering/beach.jpg',
    skills: ['Gardening'],
    categories: ['Environment'],
    sdgs: [14],
    isRemote: false,
    location: TE_ARO,
    hasSpecificDates: true,
    scheduleType: 'FixedSchedule',
    scheduleLabel: 'Multiple',
    locationLabel: 'Te Aro',
    sessions,
    isExclusive: false,
    allowTeams: true,
    maxTeamSize: 6,
    contentStatus: 'Live',
    isOnline: true,
    requiredPeople: sessions.reduce((sum, s) => sum + s.requiredPeople, 0),
    placesTaken: sessions.reduce((sum, s) => sum + s.placesTaken, 0),
    placesRemaining: sessions.reduce((sum, s) => sum + s.placesRemaining, 0),
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

export const VOLUNTEER = { memberId: '01JMEMBER00000000000000001', email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata' };

export function anApplication(overrides: Partial<Application> = {}): Application {
  const session = aSession(1);
  return {
    id: '01JAPPLICATION000000000001',
    applicationType: 'Individual',
    status: 'Applied',
    opportunity: { id: '01JOPP00000000000000000001', title: 'Beach clean-up crew', opportunityUrl: 'beach-clean-up', imageUrl: '/media/volunteering/beach.jpg' },
    charity: CHARITY,
    country: 'nz',
    session: { id: session.id, startsAt: session.startsAt, endsAt: session.endsAt, sessionTotalHours: 4 },
    applicant: VOLUNTEER,
    seats: 1,
    allowedActions: ['cancel', 'edit', 'contact'],
    createdAt: '2030-02-01T00:00:00Z',
    updatedAt: '2030-02-01T00:00:00Z',
    ...overrides,
  };
}
