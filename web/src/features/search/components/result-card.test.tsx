import { screen, within } from '@testing-library/react';
import type { SearchItem } from '@giving/shared/contracts/search';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render';
import { aCharityDoc, aGiftDoc, aPageDoc, anEventDoc, anOpportunityDoc } from '../../../testing/search-fixtures';
import { SearchResultCard, hasCard } from './result-card';

const render = (item: SearchItem, preferred?: ReadonlySet<string>) => renderWithRouter(<SearchResultCard item={item} country="nz" preferred={preferred} />, { path: '/nz/search' });
const card = () => screen.getByRole('article');
const link = () => within(card()).getByRole('link');

describe('SearchResultCard (spec 1 §2 "Search result cards")', () => {
  it('fundraisingevent: the event page, an image 320 wide, the charity, progress against the target and the donations count', () => {
    render(anEventDoc());
    expect(link().getAttribute('href')).toBe('/nz/fundraising/kiwi-coast-walk-2027');
    expect(link().textContent).toBe('Kiwi Coast Walk 2027');
    const image = card().querySelector('img[src="/media/fundraising/walk.jpg"]');
    expect(image?.getAttribute('width')).toBe('320');
    expect(within(card()).getByText('Fundraising event')).toBeTruthy();
    expect(within(card()).getByText('Kiwi Coast Rescue')).toBeTruthy();
    expect(within(card()).getByRole('progressbar', { name: 'Raised' }).getAttribute('aria-valuetext')).toBe('45% raised: $450 raised of $1,000');
    expect(within(card()).getByText('12 donations')).toBeTruthy();
  });

  it('fundraisingpage: the page within its event, /fundraising/{event.slug}/{pageUrl}', () => {
    render(aPageDoc());
    expect(link().getAttribute('href')).toBe('/nz/fundraising/kiwi-coast-walk-2027/dana-walks-for-kiwi');
    expect(within(card()).getByText('Fundraiser')).toBeTruthy();
    expect(within(card()).getByRole('progressbar')).toBeTruthy();
    expect(card().querySelector('img')?.getAttribute('width')).toBeNull();
  });

  it('charitygift: the gift page /{charityUrl}/{productUrl} from the slug split on "/", its price, an image 380 high', () => {
    render(aGiftDoc());
    expect(link().getAttribute('href')).toBe('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
    expect(within(card()).getByText('$25')).toBeTruthy();
    expect(within(card()).getByText('Donation')).toBeTruthy();
    expect(card().querySelector('img[src="/media/gifts/kiwi-chick.svg"]')?.getAttribute('height')).toBe('380');
  });

  it('a General gift: the charity’s page, and Area of greatest need instead of a price', () => {
    render(aGiftDoc({ title: 'Where it is needed most', gifttype: 'General', giftprice: 0, slug: 'kiwi-coast-rescue' }));
    expect(link().getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(within(card()).getByText('Area of greatest need')).toBeTruthy();
  });

  it('volunteeringopportunities: the role page /charity/{charityUrl}/volunteering/{vacancyUrl}, schedule label and place (spec 1 §4)', () => {
    render(anOpportunityDoc());
    expect(link().getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue/volunteering/kiwi-creche-chick-weigh-in');
    expect(within(card()).getByText('Volunteering')).toBeTruthy();
    expect(within(card()).getByText('Multiple')).toBeTruthy();
    expect(within(card()).getByText('Ngunguru')).toBeTruthy();
    expect(within(card()).getByText('10 Mar 2030')).toBeTruthy();
  });

  it('a role at several places reads Multiple locations; a remote one Remote', () => {
    const { unmount } = render(
      anOpportunityDoc({
        sessions: [
          { requiredpeople: 5, startTime: '2030-03-09T20:00:00.000Z', location: { lat: -35.62, lon: 174.5 } },
          { requiredpeople: 5, startTime: '2030-03-16T20:00:00.000Z', location: { lat: -35.54, lon: 174.53 } },
        ],
      }),
    );
    expect(within(card()).getByText('Multiple locations')).toBeTruthy();
    unmount();
    render(anOpportunityDoc({ isremote: true, scheduleType: 'RecurringSchedule', sessions: [{ requiredpeople: 3, startTime: '2030-03-03T05:00:00.000Z' }] }));
    expect(within(card()).getByText('Recurring')).toBeTruthy();
    expect(within(card()).getAllByText('Remote').length).toBeGreaterThan(0);
  });

  it('a role without a slug goes to / (spec 1 §2)', () => {
    render(anOpportunityDoc({ slug: '' }));
    expect(link().getAttribute('href')).toBe('/');
  });

  it('charities: the charity page, with its causes', () => {
    render(aCharityDoc());
    expect(link().getAttribute('href')).toBe('/nz/charity/kiwi-coast-rescue');
    expect(within(card()).getByText('Charity')).toBeTruthy();
    expect(within(within(card()).getByRole('list', { name: 'Causes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Conservation', 'Native wildlife']);
  });

  it('tags the items of a preferred charity partner, and only those', () => {
    const { unmount } = render(aGiftDoc(), new Set([aGiftDoc().charity.id]));
    expect(within(card()).getByText('Preferred charity partner')).toBeTruthy();
    unmount();
    render(aGiftDoc(), new Set(['another-charity']));
    expect(within(card()).queryByText('Preferred charity partner')).toBeNull();
  });

  it('any other type shows nothing', () => {
    const story = { type: 'stories', id: 's1', title: 'A story', image: '', slug: 'a-story', description: '' } as unknown as SearchItem;
    const { container } = render(story);
    expect(container.innerHTML).toBe('');
    expect(hasCard(story)).toBe(false);
    expect(hasCard({ type: 'constructor' })).toBe(false);
    expect(hasCard(aGiftDoc())).toBe(true);
  });
});
