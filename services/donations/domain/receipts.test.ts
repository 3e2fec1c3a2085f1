import { describe, expect, it } from 'vitest';
import type { Mailer } from './ports';
import { sendDonationReceipt } from './receipts';

const donation = {
  donationId: '01JD000000000000000000TEST',
  trackingNumber: '01JD000000000000000000TEST',
  pageType: 'GIFT' as const,
  country: 'nz',
  charity: { id: 'c', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g', title: 'Feed a kiwi <chick>', productUrl: 'feed' },
  quantity: 2,
  amount: { cents: 5000, currency: 'NZD' as const },
  tip: { cents: 200, currency: 'NZD' as const },
  total: { cents: 5200, currency: 'NZD' as const },
  paymentType: 'CARD' as const,
  isAnonymous: false,
  receiptName: 'Jane & Tom Donor',
  donorEmail: 'jane@example.com',
  completedAt: '2026-11-21T09:00:00Z',
};

describe('sendDonationReceipt', () => {
  it('e-mails the donor a receipt with the total, the gift, the receipt number and a link back', async () => {
    const sent: Parameters<Mailer['send']>[0][] = [];
    await sendDonationReceipt({ mailer: { send: async (m) => void sent.push(m) }, siteUrl: 'http://localhost:3000' }, donation);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe('jane@example.com');
    expect(mail.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    expect(mail.text).toContain('Dear Jane & Tom Donor,');
    expect(mail.text).toContain('Thank you for your donation of $52.00 to Kiwi Coast Rescue (2 x Feed a kiwi <chick>).');
    expect(mail.text).toContain('This includes $2.00 to support the website.');
    expect(mail.text).toContain('Receipt number: 01JD000000000000000000TEST');
    expect(mail.text).toContain('http://localhost:3000/nz/charity/kiwi-coast-rescue');
    expect(mail.html).toContain('Jane &amp; Tom Donor');
    expect(mail.html).not.toContain('<chick>');
  });

  it('reads naturally for a general donation to a charity (no gift)', async () => {
    const sent: Parameters<Mailer['send']>[0][] = [];
    const { gift: _gift, ...general } = donation;
    await sendDonationReceipt(
      { mailer: { send: async (m) => void sent.push(m) }, siteUrl: 'http://localhost:3000' },
      { ...general, pageType: 'CHARITY', quantity: 1, amount: { cents: 2500, currency: 'NZD' }, tip: { cents: 0, currency: 'NZD' }, total: { cents: 2500, currency: 'NZD' } },
    );
    const text = sent[0]?.text ?? '';
    expect(sent[0]?.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    expect(text).toContain('Thank you for your general donation of $25.00 to Kiwi Coast Rescue.');
    expect(text).not.toContain(' x ');
    expect(text).not.toContain('support the website');
  });

  it('shows the transaction fee on its own line, and what the card was charged in all (the voucher’s part aside)', async () => {
    const sent: Parameters<Mailer['send']>[0][] = [];
    const mailer = { send: async (m: Parameters<Mailer['send']>[0]) => void sent.push(m) };
    await sendDonationReceipt({ mailer, siteUrl: 'x' }, { ...donation, transactionFee: { cents: 129, currency: 'NZD' } });
    expect(sent[0]?.text).toContain('Thank you for your donation of $52.00');
    expect(sent[0]?.text).toContain('Transaction fee: $1.29');
    expect(sent[0]?.text).toContain('Charged to your card: $53.29');
    await sendDonationReceipt({ mailer, siteUrl: 'x' }, { ...donation, paymentType: 'VOUCHER', voucherAmount: { cents: 2000, currency: 'NZD' }, transactionFee: { cents: 91, currency: 'NZD' } });
    expect(sent[1]?.text).toContain('Transaction fee: $0.91');
    expect(sent[1]?.text).toContain('Charged to your card: $32.91');
    // No fee (a voucher paid it all, or a donation made before fees): no line.
    await sendDonationReceipt({ mailer, siteUrl: 'x' }, donation);
    expect(sent[2]?.text).not.toContain('Transaction fee');
  });

  it('sends nothing when the donation has no e-mail address', async () => {
    const sent: unknown[] = [];
    await sendDonationReceipt({ mailer: { send: async (m) => void sent.push(m) }, siteUrl: 'x' }, { ...donation, donorEmail: undefined });
    expect(sent).toEqual([]);
  });
});
