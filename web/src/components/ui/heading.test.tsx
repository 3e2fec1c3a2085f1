import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EmptyState } from './empty-state';
import { Heading, HeadingLevelProvider, SubHeadings } from './heading';

describe('headings take their level from where they are placed', () => {
  it('is an h2 directly under a page, an h3 in a section with its own heading, and deeper in nested sections', () => {
    render(
      <>
        <h1>Page</h1>
        <Heading>Card on the page</Heading>
        <h2>Section</h2>
        <SubHeadings>
          <Heading>Card in the section</Heading>
          <EmptyState title="Nothing in the section" />
          <SubHeadings>
            <Heading>Card deeper down</Heading>
          </SubHeadings>
        </SubHeadings>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Card on the page' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Card in the section' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Nothing in the section' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Card deeper down' }).tagName).toBe('H4');
  });

  it('takes a level set for a whole area, or the one its caller gives', () => {
    render(
      <HeadingLevelProvider level={3}>
        <EmptyState title="In a console screen" />
        <EmptyState title="Said to be an h2" headingLevel={2} />
      </HeadingLevelProvider>,
    );
    expect(screen.getByRole('heading', { name: 'In a console screen' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Said to be an h2' }).tagName).toBe('H2');
  });
});
