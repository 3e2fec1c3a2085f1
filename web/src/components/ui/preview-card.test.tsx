import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../testing/render';
import { PreviewCard } from './preview-card';

describe('PreviewCard (spec 2 §2)', () => {
  it('cuts the title to 50 characters and the description to 80, each ending with an ellipsis when cut', () => {
    const title = 'Sponsor a whole season of predator trapping along the Northland coast';
    const description = 'Every trap on the line is checked, re-baited and recorded by our volunteers, week in, week out, all year.';
    renderWithRouter(<PreviewCard to="/nz/kiwi-coast-rescue/traps" image="/trap.svg" title={title} description={description} price="$60" />);
    const link = screen.getByRole('link');
    expect(link.textContent).toHaveLength(50);
    expect(link.textContent).toBe('Sponsor a whole season of predator trapping along…');
    expect(link.getAttribute('href')).toBe('/nz/kiwi-coast-rescue/traps');
    const shown = screen.getByText(/^Every trap/).textContent ?? '';
    expect(Array.from(shown)).toHaveLength(80);
    expect(shown.endsWith('…')).toBe(true);
    expect(description.startsWith(shown.slice(0, 70))).toBe(true);
  });

  it('keeps a title of exactly 50 and a description of exactly 80 whole', () => {
    renderWithRouter(<PreviewCard to="/x" image="" title={'t'.repeat(50)} description={'d'.repeat(80)} />);
    expect(screen.getByRole('link').textContent).toBe('t'.repeat(50));
    expect(screen.getByText('d'.repeat(80))).toBeTruthy();
  });

  it('shows the price (or Area of greatest need), the Preferred charity partner tag, progress against the target and the donations count', () => {
    renderWithRouter(
      <PreviewCard to="/x" image="/i.jpg" title="Walk" price="Area of greatest need" preferredPartner progress={{ percentage: 45, text: '$450 raised of $1,000' }} donations="12 donations" />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('Area of greatest need')).toBeTruthy();
    expect(within(card).getByText('Preferred charity partner')).toBeTruthy();
    const bar = within(card).getByRole('progressbar', { name: 'Raised' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45% raised: $450 raised of $1,000');
    expect(within(card).getByText('$450 raised of $1,000')).toBeTruthy();
    expect(within(card).getByText('12 donations')).toBeTruthy();
  });

  it('shows no tag, bar or count where the item has none', () => {
    renderWithRouter(<PreviewCard to="/x" image="/i.jpg" title="Feed a kiwi chick" price="$25" />);
    expect(screen.queryByText('Preferred charity partner')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fills the bar to 100 at most, the figure saying how far past the target', () => {
    renderWithRouter(<PreviewCard to="/x" image="" title="Swim" progress={{ percentage: 120, text: '$1,200 raised of $1,000' }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('120%')).toBeTruthy();
  });
});
