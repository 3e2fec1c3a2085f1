import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CalendarDayText, DataCountryProvider, DateText } from './date-text';

// 20:00 UTC on 28 February 2026 is 9 am on 1 March in Auckland and 7 am on 1 March in Sydney, whatever the viewer's zone.
const INSTANT = '2026-02-28T20:00:00Z';

describe('dates read in the country their data belongs to', () => {
  it('in the console’s charity or workplace country, with its locale and time zone', () => {
    render(
      <DataCountryProvider country="au">
        <DateText value={INSTANT} withTime />
      </DataCountryProvider>,
    );
    expect(screen.getByText(/^1 Mar 2026, 7:00\s?am$/).getAttribute('datetime')).toBe(INSTANT);
  });

  it('data of its own country says so; data of no country reads in the platform’s home, New Zealand', () => {
    render(
      <DataCountryProvider country="au">
        <DateText value={INSTANT} withTime country="nz" />
      </DataCountryProvider>,
    );
    expect(screen.getByText(/^1 Mar 2026, 9:00\s?am$/)).toBeTruthy();
    render(<DateText value={INSTANT} />);
    expect(screen.getByText('1 Mar 2026')).toBeTruthy();
  });

  it('shows a calendar day as itself, and a dash for no date', () => {
    const { container } = render(
      <>
        <CalendarDayText date="2026-03-01" country="au" />
        <DateText value={undefined} />
      </>,
    );
    expect(container.textContent).toBe('1 Mar 2026—');
  });
});
