import type {
  CharitySearchDocument,
  EventSearchDocument,
  GiftSearchDocument,
  OpportunitySearchDocument,
  PageSearchDocument,
  SearchItem,
} from '@giving/shared/contracts/search';
import { json } from './fetch-fake';

/** Test data for the search screens: documents of the five indexes, shaped by shared/contracts/search.ts. */
const KIWI = { id: '01J0000000000000000000CHAR', name: 'Kiwi Coast Rescue', image: '/media/charities/kcr/logo.png', slug: 'kiwi-coast-rescue' };
const common = { country: 'nz' as const, createdon: '2026-10-01T00:00:00.000Z', donationscount: 0 };

export function aCharityDoc(overrides: Partial<CharitySearchDocument> = {}): CharitySearchDocument {
  return {
    ...common,
    type: 'charities',
    id: KIWI.id,
    title: 'Kiwi Coast Rescue',
    image: KIWI.image,
    slug: 'kiwi-coast-rescue',
    description: 'We protect wild kiwi across 150 kilometres of Northland coastline.',
    causes: ['Conservation', 'Native wildlife'],
    ...overrides,
  };
}

export function aGiftDoc(overrides: Partial<GiftSearchDocument> = {}): GiftSearchDocument {
  return {
    ...common,
    type: 'charitygift',
    id: '01JGIFT0000000000000000001',
    title: 'Feed a kiwi chick for a week',
    image: '/media/gifts/kiwi-chick.svg',
    slug: 'kiwi-coast-rescue/feed-a-kiwi-chick',
    description: 'Worms, grubs and a specially mixed diet keep a growing chick healthy in our crèche.',
    gifttype: 'Product',
    giftprice: 2500,
    currency: 'NZD',
    charity: KIWI,
    causes: ['Conservation'],
    donationscount: 12,
    ...overrides,
  };
}

export function anOpportunityDoc(overrides: Partial<OpportunitySearchDocument> = {}): OpportunitySearchDocument {
  const ngunguru = { lat: -35.6217, lon: 174.5036 };
  return {
    ...common,
    type: 'volunteeringopportunities',
    id: '01JOPP00000000000000000001',
    title: 'Kiwi crèche chick weigh-in',
    image: '/media/volunteering/weigh-in.jpg',
    slug: 'kiwi-coast-rescue/kiwi-creche-chick-weigh-in',
    description: 'Help our rangers catch, weigh and health-check kiwi chicks in the predator-free crèche.',
    charities: [{ ...KIWI, suburb: 'Ngunguru', location: ngunguru }],
    sessions: [
      { requiredpeople: 12, startTime: '2030-03-09T20:00:00.000Z', location: ngunguru },
      { requiredpeople: 12, startTime: '2030-03-16T20:00:00.000Z', location: ngunguru },
    ],
    locations: [ngunguru],
    scheduleType: 'FixedSchedule',
    isexclusive: false,
    isremote: false,
    opportunityType: 'UnSkilled',
    skills: ['Animal care'],
    categories: ['Animals'],
    firststart: '2030-03-09T20:00:00.000Z',
    lastend: '2030-03-17T00:00:00.000Z',
    nextstart: '2030-03-09T20:00:00.000Z',
    ...overrides,
  };
}

const fundraising = {
  ...common,
  charity: KIWI,
  currency: 'NZD' as const,
  donatedamount: 45_000,
  targetamount: 100_000,
  raisedpercentage: 45,
  donationscount: 12,
  ownername: 'Dana Whitfield',
  enddate: '2030-12-31T00:00:00.000Z',
};

export function anEventDoc(overrides: Partial<EventSearchDocument> = {}): EventSearchDocument {
  return {
    ...fundraising,
    type: 'fundraisingevent',
    id: '01JEVENT000000000000000001',
    title: 'Kiwi Coast Walk 2027',
    image: '/media/fundraising/walk.jpg',
    slug: 'kiwi-coast-walk-2027',
    description: 'Twenty kilometres of Northland coast for the kiwi.',
    ...overrides,
  };
}

export function aPageDoc(overrides: Partial<PageSearchDocument> = {}): PageSearchDocument {
  return {
    ...fundraising,
    type: 'fundraisingpage',
    id: '01JPAGE0000000000000000001',
    title: 'Dana walks for kiwi',
    image: '/media/fundraising/dana.jpg',
    slug: 'kiwi-coast-walk-2027/dana-walks-for-kiwi',
    description: 'I am walking the whole 20 km for the chicks I met at the crèche.',
    event: { slug: 'kiwi-coast-walk-2027', title: 'Kiwi Coast Walk 2027' },
    ...overrides,
  };
}

/** GET /api/search's answer: the items (anything, to test what is not shown), the total and the counts per type. */
export const searchAnswer = (items: readonly (SearchItem | Record<string, unknown>)[], { total = items.length, types }: { total?: number; types?: Record<string, number> } = {}) =>
  json(200, { total, items, ...(types ? { types } : {}) });

/** POST /api/search/{index}/_search's answer: OpenSearch's shape around the documents. */
export const rawAnswer = (index: string, documents: readonly SearchItem[]) =>
  json(200, {
    took: 2,
    hits: { total: { value: documents.length, relation: 'eq' }, hits: documents.map((document, n) => ({ _id: document.id, _index: `${index}-000001`, _score: documents.length - n, _source: document })) },
  });

/** The query values of a GET /api/search call. */
export const searchQueryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

export const SITE_SEARCH = /^\/api\/search\?/;
export const GIFTS_SEARCH = '/api/search/charitygifts-v2/_search';
export const ROLES_SEARCH = '/api/search/volunteeringopportunities-v2/_search';
