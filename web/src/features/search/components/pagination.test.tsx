import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render';
import { OFFSET_PAGES, Pagination, pageCountOf, pageWindow } from './pagination';

describe('pageWindow (spec 2 §9: pagination shows 3 offset pages)', () => {
  it('shows three pages around the current one, held inside the first and the last', () => {
    expect(OFFSET_PAGES).toBe(3);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(9, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });

  it('shows fewer when there are fewer pages', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('counts pages up to where the search stops answering (10,000 results)', () => {
    expect(pageCountOf(0, 24)).toBe(0);
    expect(pageCountOf(24, 24)).toBe(1);
    expect(pageCountOf(25, 24)).toBe(2);
    expect(pageCountOf(1_000_000, 24)).toBe(416);
  });
});

describe('Pagination', () => {
  const render = (page: number, pageCount: number) =>
    renderWithRouter(<Pagination page={page} pageCount={pageCount} label="Search results pages" />, { path: `/nz/search?q=kiwi&type=charitygift${page > 1 ? `&page=${page}` : ''}`, routePath: '/nz/search' });

  it('links Previous, the 3 offset pages and Next, keeping the rest of the search, and marks the current page', async () => {
    const { user, router } = render(5, 12);
    const nav = screen.getByRole('navigation', { name: 'Search results pages' });
    const items = within(nav).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Previous', '4', '5', '6', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/nz/search?q=kiwi&type=charitygift&page=4');
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/nz/search?q=kiwi&type=charitygift&page=6');
    await user.click(within(nav).getByRole('link', { name: 'Page 6' }));
    expect(router.state.location.search).toBe('?q=kiwi&type=charitygift&page=6');
  });

  it('goes back to the first page without ?page=, and has no Previous there nor Next on the last', () => {
    render(2, 2);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/nz/search?q=kiwi&type=charitygift');
    expect(within(nav).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(within(nav).getByText('Next').getAttribute('aria-disabled')).toBe('true');
  });

  it('is not shown for a single page', () => {
    render(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
