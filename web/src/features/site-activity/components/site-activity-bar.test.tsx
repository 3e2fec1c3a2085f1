import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { COUNTRIES } from '@giving/shared/countries';
import { installFetchFake, json, type FetchFake } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { SiteActivityBar } from './site-activity-bar';
import { SiteActivityPlaceholder } from './site-activity-placeholder';

const nz = COUNTRIES.nz;
const recent = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'donation',
    id: `d${i}`,
    charityName: `Charity ${i}`,
    charityUrl: `charity-${i}`,
    donationAmount: { cents: 2500 + i * 100, currency: 'NZD' },
    donationDate: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
  }));
const config = (siteFeed: boolean) => ({ country: 'nz', currency: 'NZD', showGratuity: true, siteFeed, features: [] });

let fake: FetchFake;
beforeEach(() => {
  sessionStorage.clear();
  fake = installFetchFake();
  fake.on('GET', '/api/accounts/site/stats?country=nz', json(200, { overallDonations: { cents: 1234500, currency: 'NZD' }, activeUsers: 1520, overallVolunteeredHours: 86.5 }));
  fake.on('GET', '/api/accounts/site?country=nz', json(200, config(true)));
  fake.on('GET', '/api/accounts/site/recent?country=nz', json(200, { items: recent(3) }));
});
afterEach(() => sessionStorage.clear());

describe('site-wide stats in the header', () => {
  it('shows overall donations in dollars, active users and volunteered hours', async () => {
    renderWithRouter(<SiteActivityBar country={nz} />);
    const list = await screen.findByLabelText('Site-wide stats');
    await waitFor(() => expect(list.textContent).toContain('$12,345'));
    expect(list.textContent).toContain('1,520');
    expect(list.textContent).toContain('87');
    expect(list.textContent).toContain('hours volunteered');
  });
});

describe('the stats’ money format', () => {
  it('shows overall donations in whole dollars whatever their cents, as with a round total', async () => {
    fake.on('GET', '/api/accounts/site/stats?country=nz', json(200, { overallDonations: { cents: 1234568, currency: 'NZD' }, activeUsers: 1520, overallVolunteeredHours: 86.5 }));
    renderWithRouter(<SiteActivityBar country={nz} />);
    const list = await screen.findByLabelText('Site-wide stats');
    await waitFor(() => expect(list.textContent).toContain('donated$12,345'));
    expect(list.textContent).not.toContain('.68');
  });
});

describe('the ticker (spec §4)', () => {
  it('lists recent donations linking to the charity, and closes for the session when dismissed', async () => {
    const { user } = renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(ticker).getByRole('link', { name: 'Charity 0' }).getAttribute('href')).toBe('/nz/charity/charity-0');
    expect(ticker.textContent).toContain('$25 donated to Charity 0');
    await user.click(within(ticker).getByRole('button', { name: 'Dismiss recent activity' }));
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
    expect(sessionStorage.getItem('koha.ticker.dismissed')).toBe('1');
  });

  it('shows volunteering sign-ups among the donations: the charity and when, never who', async () => {
    const signUp = { kind: 'volunteering', id: 'a1', charityName: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', createdOn: new Date(Date.now() - 30 * 60_000).toISOString() };
    fake.on('GET', '/api/accounts/site/recent?country=nz', json(200, { items: [signUp, ...recent(2)] }));
    renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    const first = within(ticker).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toBe('Volunteering sign-up with Kiwi Coast Rescue 30 min ago');
    expect(within(first).getByRole('link', { name: 'Kiwi Coast Rescue' }).getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(ticker.textContent).toContain('$25 donated to Charity 0');
  });

  it('shows gift voucher purchases with their balance, linking to the gift vouchers, never who bought them', async () => {
    const voucher = { kind: 'voucher', id: 'voucher-1f2e', voucherBalance: { cents: 5000, currency: 'NZD' }, createdOn: new Date(Date.now() - 2 * 60 * 60_000).toISOString() };
    fake.on('GET', '/api/accounts/site/recent?country=nz', json(200, { items: [voucher, ...recent(2)] }));
    renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    const first = within(ticker).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toBe('$50 gift voucher bought on Koha 2 h ago');
    expect(within(first).getByRole('link', { name: 'on Koha' }).getAttribute('href')).toBe('/nz/charity/gift-vouchers/new-voucher');
  });

  it('stays closed with fewer than 3 items', async () => {
    fake.on('GET', '/api/accounts/site/recent?country=nz', json(200, { items: recent(2) }));
    renderWithRouter(<SiteActivityBar country={nz} />);
    await screen.findByLabelText('Site-wide stats');
    await waitFor(() => expect(fake.callsTo('GET', '/api/accounts/site/recent?country=nz')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });

  it('stays closed when the site feed setting is off', async () => {
    fake.on('GET', '/api/accounts/site?country=nz', json(200, config(false)));
    renderWithRouter(<SiteActivityBar country={nz} />);
    await screen.findByLabelText('Site-wide stats');
    await waitFor(() => expect(fake.callsTo('GET', '/api/accounts/site?country=nz')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });

  it('stays closed when it was dismissed earlier in the session', async () => {
    sessionStorage.setItem('koha.ticker.dismissed', '1');
    renderWithRouter(<SiteActivityBar country={nz} />);
    await screen.findByLabelText('Site-wide stats');
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });
});

describe('the ticker for keyboard and motion (WCAG 2.2.2, 2.1.1, 2.5.8)', () => {
  it('pauses and plays again with its labelled button', async () => {
    const { user } = renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    await user.click(within(ticker).getByRole('button', { name: 'Pause recent activity' }));
    expect(ticker.className).toMatch(/tickerPaused/);
    await user.click(within(ticker).getByRole('button', { name: 'Play recent activity' }));
    expect(ticker.className).not.toMatch(/tickerPaused/);
    expect(within(ticker).getByRole('button', { name: 'Pause recent activity' })).toBeTruthy();
  });

  it('is one tab stop for its items, the arrow keys moving between them, and its looping copy has no links', async () => {
    fake.on('GET', '/api/accounts/site/recent?country=nz', json(200, { items: recent(20) }));
    const { user } = renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    const links = within(ticker).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links.filter((link) => link.tabIndex === 0)).toHaveLength(1);
    expect(ticker.querySelectorAll('[aria-hidden="true"] a')).toHaveLength(0);

    // Tab: pause, the first item, dismiss; then out of the ticker.
    await user.tab();
    expect(document.activeElement).toBe(within(ticker).getByRole('button', { name: 'Pause recent activity' }));
    await user.tab();
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(links[2]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(links[19]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(links[19]);
    await user.tab();
    expect(document.activeElement).toBe(within(ticker).getByRole('button', { name: 'Dismiss recent activity' }));
    // Coming back, the item last visited is the list's stop.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(links[19]);
  });

  it('holds its place while its data loads, and gives it up when the site feed turns out to be off', async () => {
    let answerConfig: (response: Response) => void = () => undefined;
    fake.on('GET', '/api/accounts/site?country=nz', () => new Promise<Response>((resolve) => (answerConfig = resolve)));
    const { container } = renderWithRouter(<SiteActivityBar country={nz} />);
    await screen.findByLabelText('Site-wide stats');
    const reserved = container.querySelector('[data-reserved]');
    expect(reserved?.getAttribute('aria-hidden')).toBe('true');
    expect(reserved?.className).toMatch(/ticker/);
    answerConfig(json(200, config(false)));
    await waitFor(() => expect(container.querySelector('[data-reserved]')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });

  it('holds the place of the stats and the ticker before the bar’s code arrives, but not the ticker’s once dismissed', () => {
    const { container, unmount } = render(<SiteActivityPlaceholder />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect([...(container.firstElementChild?.children ?? [])].map((child) => child.className)).toEqual([expect.stringMatching(/stats/), expect.stringMatching(/ticker/)]);
    unmount();
    sessionStorage.setItem('koha.ticker.dismissed', '1');
    const again = render(<SiteActivityPlaceholder />);
    expect(again.container.firstElementChild?.children).toHaveLength(1);
  });

  it('has pause and dismiss buttons of at least 24 by 24 CSS px', async () => {
    renderWithRouter(<SiteActivityBar country={nz} />);
    const ticker = await screen.findByRole('region', { name: 'Recent activity' });
    for (const button of within(ticker).getAllByRole('button')) {
      expect(button.className).toMatch(/tickerButton/);
    }
    // happy-dom lays nothing out: the rule's size here, the painted box in tests/e2e/ticker-and-headings.spec.ts.
    const css = readFileSync(join(import.meta.dirname, 'site-activity.module.css'), 'utf8');
    const rule = /\.tickerButton \{([^}]*)\}/.exec(css)?.[1] ?? '';
    const rem = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)rem`).exec(rule)?.[1]) * 16;
    expect(rem('width')).toBeGreaterThanOrEqual(24);
    expect(rem('height')).toBeGreaterThanOrEqual(24);
  });
});
