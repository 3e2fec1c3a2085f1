import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VOUCHER_EXPIRED } from '@giving/shared/contracts/voucher-codes';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { initialVoucherState } from '../voucher-state';
import { VOUCHER_HELP_TEXT, VoucherPanel } from './voucher-panel';

const LOOKUP = '/api/donations/vouchers/lookup';

/** The form's side: it owns the voucher and knows the total. */
function Checkout({ totalCents }: { totalCents: number }) {
  const [voucher, update] = useState(initialVoucherState);
  return (
    <>
      <VoucherPanel voucher={voucher} update={update} totalCents={totalCents} country="nz" />
      <output aria-label="Voucher">{JSON.stringify({ ...voucher, applied: voucher.voucherState === 'VOUCHER_APPLIED' })}</output>
    </>
  );
}
const voucherState = () => JSON.parse(screen.getByRole('status', { name: 'Voucher' }).textContent ?? '{}') as { voucherState: string; voucherCode: string; voucherAmount: number; applied: boolean };
const applyButton = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
const codeField = () => screen.getByLabelText('Gift Voucher Code') as HTMLInputElement;

describe('VoucherPanel', () => {
  it('takes at most 8 characters; Apply is enabled at 6 or more', async () => {
    installFetchFake();
    const { user } = renderWithRouter(<Checkout totalCents={2500} />);
    expect(codeField().maxLength).toBe(8);
    expect(applyButton().disabled).toBe(true);
    await user.type(codeField(), 'abcde');
    expect(applyButton().disabled).toBe(true);
    await user.type(codeField(), 'f234');
    expect(codeField().value).toBe('ABCDEF23');
    expect(applyButton().disabled).toBe(false);
  });

  it('applies a voucher: shows what it pays, the balance it keeps after this gift and the rest for the card; Cancel resets it', async () => {
    const fetch = installFetchFake();
    // The look-up's answer, held until the test gives it: ready before the request arrives, so giving it can never
    // come too early (under load the request reached the fake after the panel showed it loading, and was never answered).
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    fetch.on('POST', LOOKUP, () => held);
    const { user } = renderWithRouter(<Checkout totalCents={2500} />);
    await user.type(codeField(), 'ABCD2345');
    await user.click(applyButton());
    await waitFor(() => expect(voucherState().voucherState).toBe('VOUCHER_API_LOADING'));
    expect(applyButton().disabled).toBe(true);
    answer(json(200, { isExpired: false, remainingBalance: { cents: 1000, currency: 'NZD' }, expiresAt: '2027-11-21T09:00:00.000Z' }));

    expect(await screen.findByText('Left to pay by card: $15.00')).toBeTruthy();
    expect(screen.getByText('Paid by voucher: $10.00')).toBeTruthy();
    expect(screen.getByText('Balance left on your voucher after this gift: $0.00')).toBeTruthy();
    expect(voucherState()).toMatchObject({ voucherState: 'VOUCHER_APPLIED', voucherCode: 'ABCD2345', voucherAmount: 1000, applied: true });
    expect(fetch.callsTo('POST', LOOKUP)[0]?.body).toEqual({ code: 'ABCD2345' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(voucherState()).toMatchObject({ voucherState: 'DEFAULT', voucherCode: '', voucherAmount: 0, applied: false });
    expect(codeField().value).toBe('');
  });

  it('says when the voucher covers the total', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, json(200, { isExpired: false, remainingBalance: { cents: 5000, currency: 'NZD' }, expiresAt: '2027-11-21T09:00:00.000Z' }));
    const { user } = renderWithRouter(<Checkout totalCents={2700} />);
    await user.type(codeField(), 'ABCD2345{Enter}');
    expect(await screen.findByText('Your voucher covers the total.')).toBeTruthy();
    expect(screen.getByText('Paid by voucher: $27.00')).toBeTruthy();
    // $50.00 less this gift's $27.00 stays on the voucher for the next gift.
    expect(screen.getByText('Balance left on your voucher after this gift: $23.00')).toBeTruthy();
  });

  it('goes back to DEFAULT with the error of an unknown code', async () => {
    const fetch = installFetchFake();
    const notFound = 'Voucher not found. Please check the code and try again.';
    fetch.on('POST', LOOKUP, problem(404, { title: 'We could not find that.', code: 'NotFound', detail: notFound, errors: [{ field: 'body.code', message: notFound }] }));
    const { user } = renderWithRouter(<Checkout totalCents={2500} />);
    await user.type(codeField(), 'ZZZZ2222');
    await user.click(applyButton());
    expect(await screen.findByText(notFound)).toBeTruthy();
    expect(voucherState()).toMatchObject({ voucherState: 'DEFAULT', voucherCode: 'ZZZZ2222', voucherAmount: 0 });
  });

  it('an expired voucher shows the expiry message and is not applied', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', LOOKUP, json(200, { isExpired: true, remainingBalance: { cents: 5000, currency: 'NZD' }, expiresAt: '2026-01-02T09:00:00.000Z' }));
    const { user } = renderWithRouter(<Checkout totalCents={2500} />);
    await user.type(codeField(), 'ABCD2345');
    await user.click(applyButton());
    expect(await screen.findByText(VOUCHER_EXPIRED)).toBeTruthy();
    expect(screen.getByText('This voucher expired on 2 January 2026.')).toBeTruthy();
    expect(voucherState().applied).toBe(false);
  });

  it('the help link opens the gift voucher help in full sentences (spec §2’s opening words), which Close closes', async () => {
    installFetchFake();
    const { user } = renderWithRouter(<Checkout totalCents={2500} />);
    await user.click(screen.getByRole('button', { name: 'What is a gift voucher?' }));
    const dialog = screen.getByRole('dialog', { name: 'Gift Vouchers' });
    for (const paragraph of VOUCHER_HELP_TEXT) expect(within(dialog).getByText(paragraph)).toBeTruthy();
    const text = dialog.textContent ?? '';
    expect(text.startsWith("Gift VouchersIf you've been gifted a Charity Gift Voucher, please enter the code")).toBe(true);
    // The spec's '...' marks text it left out, not text to show.
    expect(text).not.toContain('...');
    for (const fact of ['8 letters and numbers', 'pay the rest', 'stays on the voucher for your next gift', '12 months', 'not monthly giving']) expect(text).toContain(fact);
    expect(within(dialog).getByRole('link', { name: 'Buy a Charity Gift Voucher' }).getAttribute('href')).toBe('/nz/charity/gift-vouchers/new-voucher');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
