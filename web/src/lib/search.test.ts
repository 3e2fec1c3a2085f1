import { describe, expect, it, vi } from 'vitest';
import { searchItemSchema } from '@giving/shared/contracts/search';
import { installFetchFake } from '../testing/fetch-fake';
import { aCharityDoc, aGiftDoc, searchAnswer } from '../testing/search-fixtures';
import { CHARITY_GRID_REPEAT_MS, CHARITY_GRID_SIZE, getSiteSearch, nextFrom, siteSearchPath, typedItems } from './search';
import { giftPriceText, opportunityLocationLabel, raisedText } from './search-items';

describe('siteSearchPath', () => {
  it('writes the values in one order, leaving out empty ones and a first page’s from', () => {
    expect(siteSearchPath({ country: 'nz', size: 24, type: 'charities' })).toBe('/search?country=nz&type=charities&size=24');
    expect(siteSearchPath({ sort: 'soonest', size: 24, type: 'volunteeringopportunities', country: 'nz', from: 0, q: '' })).toBe('/search?country=nz&type=volunteeringopportunities&size=24&sort=soonest');
    expect(siteSearchPath({ q: 'kiwii chik', country: 'au', from: 48, size: 24, cause: 'Native wildlife', minPrice: 0, maxPrice: 0 })).toBe(
      '/search?q=kiwii+chik&country=au&from=48&size=24&cause=Native+wildlife&minPrice=0&maxPrice=0',
    );
  });
});

describe('getSiteSearch', () => {
  it('keeps the items of the five types, leaving out any other type (it shows nothing) and the counts of unknown types', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/search?q=kiwi&country=nz', searchAnswer([aCharityDoc(), { type: 'stories', id: 'x' }, aGiftDoc()], { total: 3, types: { charities: 1, charitygift: 1, stories: 1 } }));
    const page = await getSiteSearch({ params: { q: 'kiwi', country: 'nz' } });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.type)).toEqual(['charities', 'charitygift']);
    expect(page.types).toEqual({ charities: 1, charitygift: 1 });
  });
});

describe('typedItems', () => {
  it('leaves out an item of a known type that breaks the contract, and says so in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const items = typedItems([aGiftDoc(), { ...aGiftDoc(), giftprice: '25' }, null, 'x'], (item) => searchItemSchema.safeParse(item));
    expect(items).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('nextFrom', () => {
  it('is the offset after the pages loaded, until all are, or the 10,000 results a search answers', () => {
    expect(nextFrom([{ total: 50 }], 24)).toBe(24);
    expect(nextFrom([{ total: 50 }, { total: 50 }], 24)).toBe(48);
    expect(nextFrom([{ total: 48 }, { total: 48 }], 24)).toBeUndefined();
    expect(nextFrom(Array.from({ length: 416 }, () => ({ total: 1e6 })), 24)).toBeUndefined();
  });
});

describe('constants (spec 2 §9)', () => {
  it('charity grids: 24 cards, repeat after 1500 ms', () => {
    expect(CHARITY_GRID_SIZE).toBe(24);
    expect(CHARITY_GRID_REPEAT_MS).toBe(1500);
  });
});

describe('search item texts', () => {
  it('a gift’s price, whole dollars without cents; Area of greatest need for a general donation or no price', () => {
    expect(giftPriceText({ gifttype: 'Product', giftprice: 2500, currency: 'NZD' })).toBe('$25');
    expect(giftPriceText({ gifttype: 'Product', giftprice: 1250, currency: 'AUD' })).toBe('$12.50');
    expect(giftPriceText({ gifttype: 'Product', giftprice: 0, currency: 'NZD' })).toBe('Area of greatest need');
    expect(giftPriceText({ gifttype: 'General', giftprice: 500, currency: 'NZD' })).toBe('Area of greatest need');
  });

  it('raised against the target', () => {
    expect(raisedText({ donated: 45_000, target: 100_000, currency: 'NZD' })).toBe('$450 raised of $1,000');
    expect(raisedText({ donated: 45_050, target: 0, currency: 'NZD' })).toBe('$450.50 raised');
  });

  it('a role’s place: the suburb for one session or one place, else Multiple locations; a session without a place is at the charity’s', () => {
    const charities = [{ id: 'c', name: 'C', image: '', slug: 'c', suburb: 'Te Aro', location: { lat: 1, lon: 2 } }];
    expect(opportunityLocationLabel({ isremote: false, charities, sessions: [{ requiredpeople: 1, startTime: 't' }, { requiredpeople: 1, startTime: 't', location: { lat: 1, lon: 2 } }] })).toBe('Te Aro');
    expect(opportunityLocationLabel({ isremote: false, charities, sessions: [{ requiredpeople: 1, startTime: 't' }, { requiredpeople: 1, startTime: 't', location: { lat: 3, lon: 2 } }] })).toBe('Multiple locations');
    expect(opportunityLocationLabel({ isremote: true, charities, sessions: [] })).toBe('Remote');
  });
});
