import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { aPage, PAGE_ID } from '../../fundraising/testing';
import { installFetchFake } from '../../../testing/fetch-fake';
import { loadCheckoutState, saveCheckoutState } from '../saved-checkout-state';
import { donateButton, errorOf, field, renderCheckout } from '../testing';
import { ownerFirstName } from './checkout-form';

const target = { pageType: 'FUNDRAISE', page: aPage() } as const;

afterEach(() => sessionStorage.clear());

describe('CheckoutForm for a fundraising page (FUNDRAISE)', () => {
  it('names the owner by first name', () => {
    expect(ownerFirstName({ owner: { memberId: 'm1', name: 'Aroha Ngata' } })).toBe('Aroha');
    expect(ownerFirstName({ owner: { memberId: 'm1', name: '  Tama  ' } })).toBe('Tama');
  });

  it('comes back to the choices saved for the page (by its id), payroll too', async () => {
    saveCheckoutState(PAGE_ID, {
      donationAmount: '50.00',
      quantity: '1',
      isRecurring: false,
      paymentType: 'PAYROLL',
      message: 'Go Aroha!',
      isAnonymous: true,
      isMessageAnonymous: true,
      voucherCode: '',
      isSupportingWebsite: false,
      supportingAmount: '0',
      receiptName: '',
    });
    await renderCheckout(installFetchFake(), { target });

    expect(screen.getByRole('heading', { name: 'Donate to Aroha’s fundraiser' })).toBeTruthy();
    expect(field('Donation Amount').value).toBe('50.00');
    expect(field('A message for Aroha').value).toBe('Go Aroha!');
    expect(field('Donate Anonymously').checked).toBe(true);
    expect(field('Only Aroha can see my message').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Payroll' }).getAttribute('aria-pressed')).toBe('true');
    expect(loadCheckoutState(PAGE_ID)?.paymentType).toBe('PAYROLL');
  });

  it('refuses a message over 500 characters before sending anything', async () => {
    const fetch = installFetchFake();
    const { user } = await renderCheckout(fetch, { target });
    field('A message for Aroha').focus();
    await user.paste('x'.repeat(501));
    await user.click(donateButton());
    await waitFor(() => expect(errorOf(field('A message for Aroha'))).toBe(MESSAGES.tooLong(500)));
    expect(fetch.callsTo('POST', `/api/fundraising/pages/${PAGE_ID}/donate`)).toHaveLength(0);
  });
});
