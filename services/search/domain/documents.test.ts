import { describe, expect, it } from 'vitest';
import { searchItemSchema } from '@giving/shared/contracts/search';
import type { GiftDocument } from '@giving/shared/events/donations';
import type { PageDocument } from '@giving/shared/events/fundraising';
import { charityDocument, generalGiftDocument, giftDocument, opportunityDocument, padVersion, pageDocument } from './documents';

const profile = {
  id: '01JB7F8X2N4M6Q8R0T2V4X6Z8A',
  name: 'Kiwi Rescue',
  charityUrl: 'kiwi-rescue',
  country: 'nz' as const,
  logoImageUrl: '/media/kiwi.png',
  description: 'Saving kiwi',
  causes: ['Animals', 'Environment'],
  version: '00000000000000000000000000000000000000042',
  publishedAt: '2026-11-01T00:00:00.000Z',
};
const gift: GiftDocument = {
  id: '01JB7F8X2N4M6Q8R0T2V4X6Z8B',
  title: 'Feed a kiwi chick for a week',
  description: 'Food for a chick',
  imageUrl: '/media/chick.png',
  iconUrl: '/media/chick-card.png',
  productUrl: 'feed-a-kiwi-chick',
  price: { cents: 2500, currency: 'NZD' },
  isActive: true,
  charity: { id: profile.id, name: profile.name, charityUrl: profile.charityUrl, logoImageUrl: profile.logoImageUrl },
  createdAt: '2026-10-01T00:00:00.000Z',
  revision: 3,
};

describe('search documents', () => {
  it('a charity, and its general donation as a gift card with no price that opens the charity page', () => {
    const charity = charityDocument(profile);
    expect(charity.item).toMatchObject({ type: 'charities', title: 'Kiwi Rescue', slug: 'kiwi-rescue', causes: ['Animals', 'Environment'] });
    const general = generalGiftDocument(profile);
    expect(general.item).toMatchObject({ type: 'charitygift', title: 'Donate to Kiwi Rescue', gifttype: 'General', giftprice: 0, slug: 'kiwi-rescue', charity: { name: 'Kiwi Rescue' } });
    for (const document of [charity, general]) expect(searchItemSchema.safeParse(document.item).success).toBe(true);
    expect(charityDocument({ ...profile, isActive: false }).item).toBeUndefined();
    expect(generalGiftDocument({ ...profile, isActive: false }).item).toBeUndefined();
  });

  it("a gift's slug is charityUrl/productUrl, with its charity's causes; an inactive gift is not public", () => {
    const document = giftDocument(gift, ['Animals']);
    expect(document.item).toMatchObject({ slug: 'kiwi-rescue/feed-a-kiwi-chick', giftprice: 2500, currency: 'NZD', country: 'nz', causes: ['Animals'], image: '/media/chick-card.png' });
    expect(document.version).toBe(padVersion(3));
    expect(searchItemSchema.safeParse(document.item).success).toBe(true);
    expect(giftDocument({ ...gift, isActive: false }, []).item).toBeUndefined();
    expect(giftDocument({ ...gift, price: { cents: 1000, currency: 'AUD' } }, []).item?.country).toBe('au');
  });

  it('versions sort as numbers when compared as text', () => {
    expect(padVersion(10) > padVersion(9)).toBe(true);
  });

  const opportunity = {
    id: 'o1',
    type: 'volunteeringopportunities' as const,
    title: 'Predator trap checking',
    image: '',
    slug: 'kiwi-rescue/predator-traps',
    description: 'Check traps',
    country: 'nz',
    charities: [{ id: profile.id, name: profile.name, image: '', slug: 'kiwi-rescue', suburb: 'Karori', location: { lat: -41.28, lon: 174.74 } }],
    sessions: [
      { id: 's1', requiredpeople: 4, startTime: '2026-11-20T20:00:00.000Z', endTime: '2026-11-20T23:00:00.000Z' },
      { id: 's2', requiredpeople: 4, startTime: '2026-12-04T20:00:00.000Z', endTime: '2026-12-04T23:00:00.000Z' },
    ],
    scheduleType: 'FixedSchedule',
    isexclusive: false,
    isremote: false,
    opportunityType: 'UnSkilled',
    skills: [],
    categories: ['Environment'],
    sdgs: [],
    contentStatus: 'Live',
    isOnline: true,
    createdAt: '2026-10-01T00:00:00.000Z',
    revision: 7,
  };

  it('an opportunity carries its first start, last end and next start (date filters and the soonest sort)', () => {
    const document = opportunityDocument(opportunity, new Date('2026-11-26T00:00:00Z'));
    expect(document.item).toMatchObject({ firststart: '2026-11-20T20:00:00.000Z', lastend: '2026-12-04T23:00:00.000Z', nextstart: '2026-12-04T20:00:00.000Z', locations: [{ lat: -41.28, lon: 174.74 }] });
    expect(searchItemSchema.safeParse(document.item).success).toBe(true);
  });

  it('an opportunity that is not Live, offline or exclusive is not public', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    expect(opportunityDocument({ ...opportunity, contentStatus: 'Proposed' }, at).item).toBeUndefined();
    expect(opportunityDocument({ ...opportunity, isOnline: false }, at).item).toBeUndefined();
    expect(opportunityDocument({ ...opportunity, isexclusive: true, exclusiveCorporateId: 'w1' }, at).item).toBeUndefined();
  });

  const page: PageDocument = {
    id: 'p1',
    eventUrl: 'coast-walk',
    pageUrl: 'janes-walk',
    eventId: 'e1',
    eventTitle: 'Coast walk',
    eventKind: 'MultiPage',
    title: "Jane's walk",
    story: 'I walk for kiwi',
    imageUrl: '',
    country: 'nz',
    charity: { id: profile.id, name: profile.name, charityUrl: profile.charityUrl },
    ownerMemberId: 'm1',
    ownerName: 'Jane',
    endDate: '2027-01-01',
    isOnline: true,
    status: 'Open',
    createdOn: '2026-11-01T00:00:00.000Z',
    version: 4,
    currency: 'NZD',
    donatedAmount: 5000,
    targetAmount: 10000,
    donationsCount: 2,
    raisedPercentage: 50,
    onlineAmount: 5000,
    offlineAmount: 0,
    matchedAmount: 0,
  };

  it("a page's slug is eventUrl/pageUrl with its event's slug; offline, ended, removed and single-page-event pages are not indexed", () => {
    expect(pageDocument('Modified', page).item).toMatchObject({ type: 'fundraisingpage', slug: 'coast-walk/janes-walk', event: { slug: 'coast-walk', title: 'Coast walk' }, donatedamount: 5000, raisedpercentage: 50 });
    expect(searchItemSchema.safeParse(pageDocument('Modified', page).item).success).toBe(true);
    expect(pageDocument('Modified', { ...page, status: 'Offline' }).item).toBeUndefined();
    expect(pageDocument('Modified', { ...page, status: 'Ended' }).item).toBeUndefined();
    expect(pageDocument('Removed', page).item).toBeUndefined();
    expect(pageDocument('Modified', { ...page, eventKind: 'SinglePage' }).item).toBeUndefined();
  });
});
