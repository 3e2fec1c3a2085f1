import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READS_KEY, earlyRoute, start, type EarlyReads } from './early-start';

const MENU = '/api/accounts/site/menu-links?country=nz';
const urls = (pathname: string) => earlyRoute(pathname)?.data.map((read) => read.url);

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
});

describe('earlyRoute: the public page at an address, as router.tsx matches it', () => {
  it('knows each public page, its route module and the reads of its first screen', () => {
    expect(earlyRoute('/nz')?.route).toBe('charities');
    // The listings' first pages come from the search indexes, asked as lib/search.ts asks (same values, same order).
    expect(urls('/nz/charities')).toEqual([MENU, '/api/search?country=nz&type=charities&size=24']);
    expect(urls('/nz')).toEqual([MENU, '/api/search?country=nz&type=charities&size=24']);
    expect(earlyRoute('/au/')?.data[0]?.url).toBe('/api/accounts/site/menu-links?country=au');
    expect(earlyRoute('/nz/charity/kiwi-coast-rescue')?.route).toBe('charity');
    // The checkout's reads are its own, after the first screen.
    expect(urls('/nz/charity/kiwi-coast-rescue')).toEqual([MENU, '/api/accounts/charities/kiwi-coast-rescue?country=nz']);
    expect(earlyRoute('/nz/kiwi-coast-rescue/feed-a-kiwi-chick')?.route).toBe('gift');
    expect(urls('/nz/charity/kiwi-coast-rescue/feed-a-kiwi-chick')).toEqual([MENU, '/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick']);
    expect(earlyRoute('/nz/charity/gift-vouchers/new-voucher')?.route).toBe('gift-voucher');
    expect(urls('/nz/volunteering')).toEqual([MENU, '/api/search?country=nz&type=volunteeringopportunities&size=24&sort=soonest']);
    // A filtered list is the list's own to ask for.
    expect(earlyRoute('/nz/volunteering', '?isRemote=true')?.data.map((read) => read.url)).toEqual([MENU]);
    expect(earlyRoute('/nz/charity/kiwi-coast-rescue/volunteering/pest-trapping')?.route).toBe('volunteering-role');
    // Fundraising: the list's first page of events, the create flow (no reads: its member's reads carry a token), an
    // event (not taken for a gift page) and a page within it.
    expect(urls('/nz/fundraising')).toEqual([MENU, '/api/search?country=nz&type=fundraisingevent&size=24&sort=newest']);
    // /donating: the causes (from the charities) and the first page of gifts; the search page: its words' first page.
    expect(earlyRoute('/nz/donating')?.route).toBe('donating');
    expect(urls('/nz/donating')).toEqual([MENU, '/api/accounts/charities?country=nz', '/api/search?country=nz&type=charitygift&size=24']);
    expect(earlyRoute('/nz/donating', '?cause=Conservation')?.data.map((read) => read.url)).toEqual([MENU, '/api/accounts/charities?country=nz']);
    expect(earlyRoute('/nz/search', '?q=kiwii+chik')).toEqual({ route: 'search', data: [{ url: MENU }, { url: '/api/search?q=kiwii+chik&country=nz&size=24' }] });
    expect(earlyRoute('/nz/search', '?q=%20kiwi%20')?.data.map((read) => read.url)).toEqual([MENU, '/api/search?q=kiwi&country=nz&size=24']);
    expect(earlyRoute('/nz/search', '?q=kiwi&type=charitygift')?.data.map((read) => read.url)).toEqual([MENU]);
    expect(earlyRoute('/nz/search', '?q=')?.data.map((read) => read.url)).toEqual([MENU]);
    expect(earlyRoute('/nz/fundraising', '?sort=mostRaised')?.data.map((read) => read.url)).toEqual([MENU]);
    expect(earlyRoute('/nz/fundraising/create')).toEqual({ route: 'fundraising-create', data: [{ url: MENU }] });
    expect(earlyRoute('/nz/fundraising/round-the-bays')?.route).toBe('fundraising-event');
    expect(urls('/nz/fundraising/round-the-bays')).toEqual([MENU, '/api/fundraising/events/round-the-bays']);
    expect(earlyRoute('/au/fundraising/round-the-bays/aroha-runs')?.route).toBe('fundraising-page');
    expect(urls('/au/fundraising/round-the-bays/aroha-runs')).toEqual([MENU.replace('nz', 'au'), '/api/fundraising/events/round-the-bays/pages/aroha-runs']);
  });

  it('leaves everything else to the app: consoles, sign-in, unknown countries and addresses it cannot read', () => {
    for (const pathname of ['/', '/login', '/admin/charity', '/nz/admin', '/nz/admin/workplace', '/nz/admin/a/b', '/uk/charities', '/nz/thankyou', '/nz/charity/x/volunteering', '/nz/%E0%A4%A', '/nz/a/b/c/d/e']) {
      expect(earlyRoute(pathname), pathname).toBeUndefined();
    }
  });

  it('asks a gift’s matching campaigns by the id its answer gives, and nothing for an answer without one', () => {
    const gift = earlyRoute('/nz/kiwi-coast-rescue/feed-a-kiwi-chick')?.data[1];
    expect(gift?.then?.prefix).toBe('/api/matching/campaigns/product/');
    expect(gift?.then?.reads({ id: '01GIFT' })).toEqual(['/api/matching/campaigns/product/01GIFT']);
    expect(gift?.then?.reads({})).toEqual([]);
  });
});

describe('start', () => {
  it('preloads the route’s modules and CSS and makes its reads, the campaigns once the gift has answered', async () => {
    window.history.replaceState(null, '', '/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('/gifts/') ? { id: '01GIFT' } : {}), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    start({ gift: ['/assets/gift-1.js', '/assets/gift-1.css'], charity: ['/assets/charity-1.js'] });
    const links = [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('as'), link.crossOrigin]);
    expect(links).toEqual([
      ['modulepreload', '/assets/gift-1.js', null, 'anonymous'],
      ['preload', '/assets/gift-1.css', 'style', 'anonymous'],
    ]);
    const reads = (window as unknown as Record<string, EarlyReads>)[EARLY_READS_KEY];
    expect(Object.keys(reads?.answers ?? {})).toEqual([MENU, '/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick']);
    expect(Object.keys(reads?.next ?? {})).toEqual(['/api/matching/campaigns/product/']);
    expect(fetch).toHaveBeenCalledWith('/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick', { method: 'GET', headers: { accept: 'application/json' }, credentials: 'same-origin' });
    await reads?.next['/api/matching/campaigns/product/'];
    expect(Object.keys(reads?.answers ?? {})).toContain('/api/matching/campaigns/product/01GIFT');
  });

  it('makes no reads for a signed-in visitor (theirs carry a token), but still preloads the code', () => {
    window.history.replaceState(null, '', '/nz/charities');
    localStorage.setItem('CognitoIdentityServiceProvider.client.user.idToken', 'token');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    start({ charities: ['/assets/charities-1.js'] });
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
    expect((window as unknown as Record<string, unknown>)[EARLY_READS_KEY]).toBeUndefined();
  });
});
