import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@giving/shared/contracts/memberships';
import { resetSessionForTests, setIdTokenProvider, setLoginHandler, setSession, type LoginRequest } from '../../../lib/session';
import { attachCardGateway } from '../../../testing/card-gateway-fake';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER, answerCardSettings } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { aPlan } from '../testing/membership-fixtures';
import { BecomeAMember } from './become-a-member';

afterEach(() => {
  cleanup();
  act(() => resetSessionForTests());
  setLoginHandler(undefined);
  vi.unstubAllGlobals();
});

const PLANS = '/api/memberships/charities/kiwi-kids-trust/plans';
const SAVED_CARDS = '/api/donations/me/saved-cards?country=nz';
const JOIN = '/api/memberships/me/join';
const STATUS = `/api/donations/payments/${TRACKING_NUMBER}/status`;
const charity = { name: 'Kiwi Kids Trust', charityUrl: 'kiwi-kids-trust' };
const savedVisa = { cardId: '01JCARD0000000000000000001', cardType: 'visa', last4: '4242', expiryMonth: 4, expiryYear: 2028 };

function charityPage({ plans = [aPlan(1), aPlan(3)], cards = [savedVisa] } = {}) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', PLANS, json(200, { items: plans }));
  fetch.on('GET', SAVED_CARDS, json(200, { items: cards }));
  return { fetch, start: () => renderWithRouter(<BecomeAMember charity={charity} country="nz" />, { path: '/nz/charity/kiwi-kids-trust', routes: [{ path: '/nz/admin/user/memberships', element: <p>My memberships</p> }] }) };
}

const signIn = () => {
  setSession({ status: 'signedIn', memberId: '01JMEMBER00000000000000001', email: 'aroha@example.co.nz', name: 'Aroha Ngata' });
  setIdTokenProvider(async () => 'aroha-id-token');
};

describe('Become a member (charity page)', () => {
  it('lists the plans open to new members, with fee, description and benefits', async () => {
    charityPage({ plans: [aPlan(1), aPlan(2), aPlan(3)] }).start();
    const plans = await screen.findByRole('list', { name: 'Membership plans' });
    expect(screen.getByRole('heading', { level: 2, name: 'Become a member' })).toBeTruthy();
    const items = within(plans).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // 'Friend' is closed to new members.
    expect(items).toEqual(['Supporter', 'Life member']);
    expect(within(plans).getByText('$40.00 a year')).toBeTruthy();
    expect(within(plans).getByText('$250.00 once, for life')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Supporter benefits' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Our newsletter', 'A vote at the AGM']);
    expect(screen.getByRole('button', { name: /^Become a member ?: Life member$/ })).toBeTruthy();
  });

  it('shows nothing at all when the charity has no plans, or they cannot be read', async () => {
    const { fetch, start } = charityPage({ plans: [] });
    const { container } = start();
    await waitFor(() => expect(fetch.callsTo('GET', PLANS)).toHaveLength(1));
    await act(async () => {});
    expect(container.textContent).toBe('');

    cleanup();
    fetch.on('GET', PLANS, problem(500, { title: 'Something went wrong.', code: 'Internal' }));
    const again = start();
    await waitFor(() => expect(fetch.callsTo('GET', PLANS)).toHaveLength(2));
    await act(async () => {});
    expect(again.container.textContent).toBe('');
  });

  it('asks a guest to log in, coming back to this page; the dialog opens once they are signed in', async () => {
    act(() => setSession({ status: 'signedOut' }));
    const requests: LoginRequest[] = [];
    setLoginHandler((request) => requests.push(request));
    const { fetch, start } = charityPage();
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: /^Become a member ?: Supporter$/ }));
    expect(requests).toEqual([{ returnTo: '/' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.callsTo('GET', SAVED_CARDS)).toHaveLength(0);

    act(() => signIn());
    expect(await screen.findByRole('dialog', { name: 'Join Kiwi Kids Trust' })).toBeTruthy();
  });

  it('joins with a saved card: POST {planId, card} with an idempotency key, polls the payment, then welcomes the member', async () => {
    signIn();
    const { fetch, start } = charityPage();
    fetch.on('POST', JOIN, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS, [
      () => json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Processing', messages: [] }),
      () => json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }),
    ]);
    const { user, router } = start();
    await user.click(await screen.findByRole('button', { name: /^Become a member ?: Supporter$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Kiwi Kids Trust' });
    expect(dialog.textContent).toContain('$40.00 a year');
    expect(dialog.textContent).toContain('It renews automatically from your card each year until you cancel');
    const saved = await within(dialog).findByRole('radio', { name: /4242/ });
    expect((saved as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $40.00 and join' }));

    expect(await screen.findByText('Welcome, you are now a member of Kiwi Kids Trust', {}, { timeout: 5000 })).toBeTruthy();
    const [post] = fetch.callsTo('POST', JOIN);
    expect(post?.body).toEqual({ planId: aPlan(1).planId, card: { savedCardId: savedVisa.cardId } });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.headers.get('authorization')).toBe('Bearer aroha-id-token');
    await user.click(screen.getByRole('link', { name: 'See my memberships' }));
    expect(router.state.location.pathname).toBe('/nz/admin/user/memberships');
  });

  it('joins with a new card from the card fields (saved so it renews), and shows a failed payment’s message', async () => {
    signIn();
    const { fetch, start } = charityPage({ cards: [] });
    fetch.on('POST', JOIN, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Failed', messages: ['Your card was declined.'] }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: /^Become a member ?: Supporter$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Kiwi Kids Trust' });
    const gateway = attachCardGateway((await within(dialog).findByTitle('Card details')) as HTMLIFrameElement);
    await gateway.ready();
    expect((within(dialog).getByRole('checkbox', { name: 'Securely save my card, so my membership can renew' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $40.00 and join' }));

    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(fetch.callsTo('POST', JOIN)[0]?.body).toEqual({
      planId: aPlan(1).planId,
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242', saveCard: true },
    });
  });

  it('shows the API’s 409 (already a member) in the dialog', async () => {
    signIn();
    const { fetch, start } = charityPage();
    fetch.on('POST', JOIN, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: MEMBERSHIP_MESSAGES.alreadyMember }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: /^Become a member ?: Supporter$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Kiwi Kids Trust' });
    await within(dialog).findByRole('radio', { name: /4242/ });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $40.00 and join' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.alreadyMember)).toBeTruthy();
    expect(fetch.callsTo('GET', STATUS)).toHaveLength(0);
  });

  it('resends the same join with the same key when the first got no answer', async () => {
    signIn();
    const { fetch, start } = charityPage();
    fetch.sequence('POST', JOIN, [
      () => {
        throw new TypeError('network down');
      },
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    fetch.on('GET', STATUS, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: /^Become a member ?: Life member$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Kiwi Kids Trust' });
    expect(dialog.textContent).toContain('Paid once: you are a member for life.');
    await within(dialog).findByRole('radio', { name: /4242/ });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250.00 and join' }));
    expect(await within(dialog).findByText('We couldn’t reach Koha to send your payment. Check your connection and press Pay again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250.00 and join' }));
    expect(await screen.findByText('Welcome, you are now a member of Kiwi Kids Trust')).toBeTruthy();
    const posts = fetch.callsTo('POST', JOIN);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
  });
});
