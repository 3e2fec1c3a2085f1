import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests } from '../../lib/session';
import { installFetchFake } from '../../testing/fetch-fake';
import { renderApp } from '../../testing/render';

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('/account-deleted', () => {
  it('tells the member, signed out, that their account has been deleted, with a way home', async () => {
    installFetchFake();
    renderApp('/account-deleted');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeTruthy();
    expect(document.body.textContent).toContain('The donations you made stay with the charities for their tax records, without your name.');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/nz');
  });
});
