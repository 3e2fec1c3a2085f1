import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentStatus } from '@giving/shared/contracts/donations-public';
import { installFetchFake, json, problem, type FetchFake } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER } from '../../../testing/fixtures';
import { DEFAULT_PAYMENT_FAILURE, PAYMENT_NOT_SENT, PAYMENT_STATUS_MISSING, PAYMENT_STATUS_UNKNOWN } from '../messages';
import { MAX_STATUS_ERRORS } from '../../../lib/payment-status';
import { donateButton, field, renderCheckout } from '../testing';

const STATUS_URL = `/api/donations/payments/${TRACKING_NUMBER}/status`;
const PAYMENTS_URL = '/api/donations/payments';
const status = (paymentProcessingStatus: PaymentStatus, messages: string[] = []) => () =>
  json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus, messages });

/**
 * Lets fetch answers, React Query's notifications and renders run. The clock moves 1 ms per step because the fake
 * clock schedules a setTimeout(0) made during a tick (React Query's notify) 1 ms ahead.
 */
async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

async function startPayment(fetch: FetchFake) {
  const view = await renderCheckout(fetch);
  await view.user.type(field('First Name'), 'Aroha');
  await view.user.type(field('Last Name'), 'Ngata');
  await view.user.type(field('Email'), 'aroha@example.co.nz');
  // From here on the clock is fake. Testing Library's user-event waits on real timers between steps, so the
  // rest of each test drives the page with fireEvent (synchronous, wrapped in act).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  fireEvent.click(donateButton());
  await settle();
  return view;
}

describe('payment flow', () => {
  it('shows the processing modal with the spec’s texts and the latest status', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS_URL, [status('Initiated'), status('Processing')]);

    await startPayment(fetch);

    const modal = screen.getByRole('dialog', { name: 'Payment Processing' });
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(within(modal).getByText('Please be patient. This may take a few moments to process')).toBeTruthy();
    expect(within(modal).getByText('Please don’t click away from this screen until payment is completed')).toBeTruthy();
    expect(within(modal).getByText('Progress: Initiated')).toBeTruthy();
    expect(document.activeElement).toBe(modal);

    await advance(2000);
    expect(within(modal).getByText('Progress: Processing')).toBeTruthy();
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('polls every 2 seconds and goes to the thank-you page with the summary once Completed', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS_URL, [status('Initiated'), status('Processing'), status('Completed')]);

    const { router } = await startPayment(fetch);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(1);

    // Each poll goes out 2 s after the previous answer.
    await advance(1900);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(1);
    await advance(100);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
    await advance(1900);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
    await advance(100);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(3);

    expect(router.state.location.pathname).toBe('/nz/thankyou');
    // Focus lands on the thank-you's heading, not on the page's top.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Thank you for your donation' }));
    const summary = screen.getByRole('definition', { name: (_, el) => el.textContent === TRACKING_NUMBER });
    expect(summary).toBeTruthy();
    expect(screen.getAllByText('Kiwi Kids Trust').length).toBeGreaterThan(0);
    expect(screen.getByText('School lunches for a week')).toBeTruthy();
    // What was charged: the gift and the card fee the donor covered.
    expect(screen.getByText('$25.78')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await advance(10_000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(3);
  });

  it('on Failed stops polling, closes the modal and shows the first server message, keeping the form', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS_URL, [status('Initiated'), status('Failed', ['Your card was declined.', 'Second message'])]);

    const { router } = await startPayment(fetch);
    await advance(2000);

    expect(screen.queryByRole('dialog')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    // The modal had focus; it goes to why the payment failed, not back to the page's top.
    expect(document.activeElement).toBe(alert);
    // Shown above the Donate button.
    expect(alert.compareDocumentPosition(donateButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);
    expect(field('First Name').value).toBe('Aroha');
    expect(field('Email').value).toBe('aroha@example.co.nz');
    expect(router.state.location.pathname).toBe('/nz/kiwi-kids-trust/school-lunches');

    await advance(10_000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
  });

  it('on Failed without a message shows the default one', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS_URL, [status('Failed')]);

    await startPayment(fetch);

    expect(screen.getByRole('alert').textContent).toBe(DEFAULT_PAYMENT_FAILURE);
  });

  it('stops polling when the page goes away', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.sequence('GET', STATUS_URL, [status('Processing')]);

    const { unmount } = await startPayment(fetch);
    await advance(2000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);

    unmount();
    await advance(20_000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
  });

  it('resends an unanswered payment with the same idempotency key and card token, and a changed one with new ones', async () => {
    const fetch = installFetchFake();
    fetch.sequence('POST', PAYMENTS_URL, [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    fetch.on('GET', STATUS_URL, status('Processing')());

    const { gateway } = await startPayment(fetch);
    await advance(10_000);

    // The first submission was tried 3 times (2 automatic retries), all with one key.
    const firstTries = fetch.callsTo('POST', PAYMENTS_URL);
    expect(firstTries).toHaveLength(3);
    const key = firstTries[0]?.headers.get('Idempotency-Key');
    expect(firstTries.map((c) => c.headers.get('Idempotency-Key'))).toEqual([key, key, key]);
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_NOT_SENT);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(donateButton());
    await settle();
    const resent = fetch.callsTo('POST', PAYMENTS_URL)[3];
    expect(resent?.headers.get('Idempotency-Key')).toBe(key);
    expect(resent?.body).toEqual(firstTries[0]?.body);
    expect(gateway.tokeniseRequests()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Payment Processing' })).toBeTruthy();
  });

  it('starts a new submission (new card token, new key) when the donor changes the form after an unanswered attempt', async () => {
    const fetch = installFetchFake();
    fetch.sequence('POST', PAYMENTS_URL, [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(202, { trackingNumber: TRACKING_NUMBER }),
    ]);
    fetch.on('GET', STATUS_URL, status('Processing')());

    const { gateway } = await startPayment(fetch);
    await advance(10_000);
    const key = fetch.callsTo('POST', PAYMENTS_URL)[0]?.headers.get('Idempotency-Key');

    fireEvent.change(field('Quantity'), { target: { value: '2' } });
    fireEvent.click(donateButton());
    await settle();

    const next = fetch.callsTo('POST', PAYMENTS_URL)[3];
    expect(next?.headers.get('Idempotency-Key')).not.toBe(key);
    expect((next?.body as { quantity: number }).quantity).toBe(2);
    expect(gateway.tokeniseRequests()).toHaveLength(2);
  });

  it('keeps polling through a few failed status calls, and stops with a careful message if they keep failing', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS_URL, () => problem(503, { title: 'The service is temporarily unavailable. Please try again.', code: 'Unavailable' }));

    await startPayment(fetch);
    await advance(2000 * (MAX_STATUS_ERRORS - 2));
    expect(screen.getByRole('dialog', { name: 'Payment Processing' })).toBeTruthy();

    await advance(2000 * 4);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(MAX_STATUS_ERRORS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_STATUS_UNKNOWN);
  });

  it("shows 'Working on it' when the first status is missing, asks again after 3 seconds, then polls", async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    const missing = () => problem(404, { title: 'We could not find that.', code: 'NotFound' });
    fetch.sequence('GET', STATUS_URL, [missing, status('Processing'), status('Completed')]);

    const { router } = await startPayment(fetch);
    const modal = screen.getByRole('dialog', { name: 'Payment Processing' });
    expect(within(modal).getByText('Working on it')).toBeTruthy();
    await advance(2900);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(1);
    await advance(100);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
    expect(within(modal).getByText('Progress: Processing')).toBeTruthy();
    await advance(2000);
    expect(router.state.location.pathname).toBe('/nz/thankyou');
  });

  it('fails when the status is still missing after the one retry', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', PAYMENTS_URL, json(202, { trackingNumber: TRACKING_NUMBER }));
    fetch.on('GET', STATUS_URL, () => problem(404, { title: 'We could not find that.', code: 'NotFound' }));

    await startPayment(fetch);
    await advance(3000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_STATUS_MISSING);
    await advance(10_000);
    expect(fetch.callsTo('GET', STATUS_URL)).toHaveLength(2);
  });
});
