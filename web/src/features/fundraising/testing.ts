import type { EventSummary, FundraisingEvent, Page, PageSummary } from '@giving/shared/contracts/fundraising';

/** Test data for the fundraising screens, shaped by the shared contract. */
export const CHARITY = { id: '01JCHARTY00000000000000001', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/charities/kcr/logo.png' };
export const OTHER_CHARITY = { id: '01JCHARTY00000000000000002', name: 'Harbour Kids', charityUrl: 'harbour-kids', logoImageUrl: '' };
export const OWNER = { memberId: '01JMEMBER00000000000000001', name: 'Aroha Ngata' };
export const EVENT_ID = '01JEVENT000000000000000001';
export const PAGE_ID = '01JPAGE0000000000000000001';

const totals = { currency: 'NZD' as const, donatedAmount: 45_000, targetAmount: 100_000, donationsCount: 12, raisedPercentage: 45, onlineAmount: 45_000, offlineAmount: 0, matchedAmount: 0 };

export function anEventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: EVENT_ID,
    eventUrl: 'round-the-bays-2026',
    kind: 'MultiPage',
    title: 'Round the Bays 2026',
    imageUrl: '/media/fundraising/bays.jpg',
    country: 'nz',
    charity: CHARITY,
    owner: OWNER,
    endDate: '2026-12-31',
    isOnline: true,
    status: 'Open',
    createdOn: '2026-01-10T00:00:00.000Z',
    pagesCount: 2,
    ...totals,
    ...overrides,
  };
}

export function aPageSummary(overrides: Partial<PageSummary> = {}): PageSummary {
  return {
    id: PAGE_ID,
    pageUrl: 'aroha-runs',
    eventId: EVENT_ID,
    eventUrl: 'round-the-bays-2026',
    title: 'Aroha runs the bays',
    imageUrl: '/media/fundraising/aroha.jpg',
    country: 'nz',
    charity: CHARITY,
    owner: OWNER,
    endDate: '2026-12-31',
    isOnline: true,
    status: 'Open',
    createdOn: '2026-01-12T00:00:00.000Z',
    ...totals,
    ...overrides,
  };
}

export function anEvent(overrides: Partial<FundraisingEvent> = {}): FundraisingEvent {
  return {
    ...anEventSummary(),
    story: 'Every year we run the bays for the coast.',
    pages: [aPageSummary({ id: '01JPAGE0000000000000000002', pageUrl: 'tama-walks', title: 'Tama walks it', owner: { memberId: 'm2', name: 'Tama Reti' }, donatedAmount: 5_000, raisedPercentage: 5 }), aPageSummary()],
    ...overrides,
  };
}

export function aPage(overrides: Partial<Page> = {}): Page {
  return {
    ...aPageSummary(),
    story: 'I am running 8.4 km for the dunes.\n\nEvery dollar plants a pīngao.',
    eventTitle: 'Round the Bays 2026',
    eventKind: 'MultiPage',
    members: [{ ...OWNER, role: 'Owner' }],
    ...overrides,
  };
}
