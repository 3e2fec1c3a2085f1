import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import type { OutgoingMail } from '@giving/shared/mail';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { donationItem, dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoReceiptStore } from '../adapters/dynamo-receipts';
import donations from '../service';
import type { CharityDirectory, Donation } from './ports';
import { documentLines } from '@giving/shared/printing/printable';
import { memberReceipt, receiptDocument, receiptForLink, sendDonationReceipt, type ReceiptCharity, type ReceiptDeps } from './receipts';
import { aCharity } from './test-support';

const NZD = (cents: number) => ({ cents, currency: 'NZD' as const });
const AUD = (cents: number) => ({ cents, currency: 'AUD' as const });

const kiwi: ReceiptCharity = { name: 'Kiwi Coast Rescue', registrationNumber: 'CC54021', taxApproved: true };
const reef: ReceiptCharity = { name: 'Reef Guardians Australia', registrationNumber: 'ABN 51 824 753 556', taxApproved: true };

/** $15 to Kiwi Coast Rescue plus a $5 tip, by card with the fee: the example. */
function aDonation(overrides: Partial<Donation> = {}): Donation {
  const donationId = newId();
  return {
    donationId,
    trackingNumber: donationId,
    pageType: 'CHARITY',
    country: 'nz',
    priced: { amount: NZD(1500), tip: NZD(500), total: NZD(2000), charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' } },
    quantity: 1,
    isAnonymous: false,
    receiptName: 'Jane & Tom Donor',
    donorEmail: 'jane@example.com',
    donorName: 'Jane Donor',
    paymentType: 'CARD',
    card: { cardType: 'visa', last4: '4242' },
    transactionFee: NZD(68),
    // 9 am on 1 April in Auckland is still 31 March in UTC: the receipt's date is New Zealand's.
    completedAt: '2026-03-31T20:00:00.000Z',
    ...overrides,
  };
}

const textOf = (donation: Donation, charity: ReceiptCharity) => documentLines(receiptDocument(donation, charity).blocks).join('\n');

describe('a receipt states what the charity received, apart from the tip and the fee', () => {
  it('NZ general donation with a tip and a card fee: only the $15.00 is the donation, with the donation tax credit wording', () => {
    const text = textOf(aDonation(), kiwi);
    expect(text).toContain('Receipt number: ');
    expect(text).toContain('Date: 1 April 2026');
    expect(text).toContain('Received from: Jane & Tom Donor');
    expect(text).toContain('Donee organisation: Kiwi Coast Rescue');
    expect(text).toContain('Registration number: CC54021');
    expect(text).toContain('Donation: $15.00');
    expect(text).toContain('A general donation of $15.00 to Kiwi Coast Rescue.');
    expect(text).toContain('This is a donation: money given to Kiwi Coast Rescue for its work, for which you received nothing in return.');
    expect(text).toContain('Eligible for a donation tax credit: $15.00');
    expect(text).toContain(
      'Kiwi Coast Rescue is an approved donee organisation. You can claim a donation tax credit of 33⅓% of $15.00 from Inland Revenue, in myIR or with an IR526 form',
    );
    // The tip and the fee are listed apart, and never called a donation.
    expect(text).toContain('Not part of the donation\nTip to Koha: $5.00\nTransaction fee: $0.68');
    expect(text).toContain('The tip supports the Koha website. It is not a donation to Kiwi Coast Rescue and cannot be claimed for tax.');
    expect(text).toContain('The transaction fee covers the cost of the card payment. It is not a donation and cannot be claimed for tax.');
    expect(text).toContain('Charged to your card: $20.68 (Visa •••• 4242)');
    expect(text).toContain('Total: $20.68');
    expect(text).not.toContain('$20.00 to Kiwi Coast Rescue');
    // The Trust collects New Zealand's donations and issues the receipt on the charity's behalf.
    expect(text).toContain('Issued on behalf of Kiwi Coast Rescue by the Koha Charitable Trust, which collects donations made on Koha in New Zealand');
  });

  it('a gift keeps its title and is a donation too (it pays for the charity’s work; the donor gets nothing in return)', () => {
    const gift = aDonation({
      pageType: 'GIFT',
      quantity: 2,
      priced: { ...aDonation().priced, amount: NZD(5000), tip: NZD(0), total: NZD(5000), gift: { id: 'G1', title: 'Feed a kiwi chick for a week', productUrl: 'feed' } },
      transactionFee: NZD(125),
    });
    const text = textOf(gift, kiwi);
    expect(text).toContain('2 x Feed a kiwi chick for a week ($25.00 each): $50.00 to Kiwi Coast Rescue for this work.');
    expect(text).toContain('Donation: $50.00');
    expect(text).toContain('Eligible for a donation tax credit: $50.00');
    expect(text).not.toContain('Tip to Koha');
    expect(text).toContain('Transaction fee: $1.25');
  });

  it('AU: deductible gift recipient wording with the ABN, gifts of $2 or more', () => {
    const gift = aDonation({ country: 'au', priced: { amount: AUD(3000), tip: AUD(200), total: AUD(3200), charity: { id: 'C2', name: 'Reef Guardians Australia', charityUrl: 'reef', logoImageUrl: '' } }, transactionFee: AUD(86), completedAt: '2026-06-30T15:00:00.000Z' });
    const text = textOf(gift, reef);
    expect(text).toContain('Date: 1 July 2026');
    expect(text).toContain('Deductible gift recipient: Reef Guardians Australia');
    expect(text).toContain('ABN: 51 824 753 556');
    expect(text).toContain('Gift: $30.00');
    expect(text).toContain('This is a gift: money given to Reef Guardians Australia for its work, for which you received nothing in return.');
    expect(text).toContain('Tax deductible: $30.00');
    expect(text).toContain('Reef Guardians Australia is a deductible gift recipient (DGR). Gifts of $2.00 or more to a DGR are tax deductible: you can claim $30.00');
    expect(text).toContain('Not part of the gift\nTip to Koha: $2.00\nTransaction fee: $0.86');
    expect(text).toContain('It is not a gift to Reef Guardians Australia and cannot be claimed for tax.');
    expect(text).toContain('Issued on behalf of Reef Guardians Australia by Koha, which collects gifts made on Koha in Australia');
  });

  it('a charity not recorded as approved (or whose profile does not say) gets no tax claim, in either country', () => {
    const nz = textOf(aDonation(), { name: 'Kiwi Coast Rescue', taxApproved: false });
    expect(nz).toContain('Charity: Kiwi Coast Rescue');
    expect(nz).not.toContain('Donee organisation');
    expect(nz).not.toContain('Registration number');
    expect(nz).toContain('Eligible for a donation tax credit: $0.00');
    expect(nz).toContain('Kiwi Coast Rescue is not recorded with us as an approved donee organisation, so this receipt cannot be used to claim a donation tax credit.');
    const au = textOf(aDonation({ country: 'au', priced: { amount: AUD(3000), tip: AUD(0), total: AUD(3000), charity: { id: 'C3', name: 'Outback Flying Books', charityUrl: 'books', logoImageUrl: '' } } }), {
      name: 'Outback Flying Books',
      registrationNumber: 'ABN 73 611 204 998',
      taxApproved: false,
    });
    expect(au).toContain('Charity: Outback Flying Books');
    expect(au).toContain('ABN: 73 611 204 998');
    expect(au).toContain('Tax deductible: $0.00');
    expect(au).toContain('Outback Flying Books is not recorded with us as a deductible gift recipient (DGR), so this gift is not tax deductible.');
  });

  it('the part a gift voucher paid is not the donor’s to claim (the voucher pays the donation before the tip)', () => {
    const voucher = aDonation({ paymentType: 'VOUCHER', voucherAmount: NZD(1000), transactionFee: NZD(49) });
    const text = textOf(voucher, kiwi);
    expect(text).toContain('Donation: $15.00');
    expect(text).toContain('$10.00 of the donation was paid with a gift voucher, which was paid for when it was bought: your own donation is $5.00.');
    expect(text).toContain('Eligible for a donation tax credit: $5.00');
    expect(text).toContain('Paid with a gift voucher: $10.00');
    expect(text).toContain('Charged to your card: $10.49');

    const whole = textOf(aDonation({ paymentType: 'VOUCHER', voucherAmount: NZD(2000), transactionFee: undefined, card: undefined }), kiwi);
    expect(whole).toContain('The whole donation was paid with a gift voucher, which was paid for when it was bought: there is no donation of your own on this receipt to claim.');
    expect(whole).toContain('Eligible for a donation tax credit: $0.00');
    expect(whole).not.toContain('Charged to your card');
    expect(whole).not.toContain('You can claim');
  });

  it('below the country’s minimum ($5 NZ, $2 AU) the donor is told it cannot be claimed', () => {
    const small = aDonation({ priced: { ...aDonation().priced, amount: NZD(400), tip: NZD(0), total: NZD(400) } });
    expect(textOf(small, kiwi)).toContain('only donations of $5.00 or more can be claimed for a donation tax credit, so this one ($4.00) cannot.');
    expect(textOf(small, kiwi)).toContain('Eligible for a donation tax credit: $0.00');
    const au = aDonation({ country: 'au', priced: { amount: AUD(150), tip: AUD(0), total: AUD(150), charity: { id: 'C2', name: 'Reef Guardians Australia', charityUrl: 'reef', logoImageUrl: '' } } });
    expect(textOf(au, reef)).toContain('only gifts of $2.00 or more are tax deductible, so this one ($1.50) is not.');
  });

  it('an anonymous donation is still receipted to the donor, who is told the charity does not learn their name', () => {
    const text = textOf(aDonation({ isAnonymous: true }), kiwi);
    expect(text).toContain('Received from: Jane & Tom Donor');
    expect(text).toContain('You gave anonymously: Kiwi Coast Rescue is not told your name.');
  });
});

describe('issuing and e-mailing receipts (DynamoDB Local)', () => {
  let client: DynamoDBDocumentClient;
  let deps: ReceiptDeps;
  let charities: CharityDirectory;

  beforeAll(async () => {
    const tables = await testTables([donations]);
    client = tables.client;
    const tableName = tables.tableName('donations');
    charities = dynamoCharityDirectory(client, tableName);
    deps = { payments: dynamoPaymentRepository(client, tableName), receipts: dynamoReceiptStore(client, tableName), charities, clock: fixedClock('2026-04-01T00:00:00Z') };
    stored = async (donation) => {
      await client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation) }));
      return donation;
    };
  });
  let stored: (donation: Donation) => Promise<Donation>;

  const completed = (donation: Donation) => ({
    ...donation,
    charity: donation.priced.charity,
    amount: donation.priced.amount,
    tip: donation.priced.tip,
    total: donation.priced.total,
    paymentType: 'CARD' as const,
  });

  const inbox = () => {
    const sent: OutgoingMail[] = [];
    return { sent, mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) } };
  };

  it('e-mails the receipt with a PDF link carrying the receipt’s own token; a redelivery keeps the receipt issued first', async () => {
    const charity = aCharity({ registrationNumber: 'CC54021', taxApproved: true });
    await charities.save(charity);
    const donation = await stored(aDonation({ priced: { ...aDonation().priced, charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' } } }));
    const { sent, mailer } = inbox();
    await sendDonationReceipt({ ...deps, mailer, siteUrl: 'https://koha.test' }, completed(donation));
    const mail = sent[0]!;
    expect(mail.to).toBe('jane@example.com');
    expect(mail.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    expect(mail.text).toContain('Dear Jane & Tom Donor,');
    expect(mail.text).toContain('Thank you for your general donation of $15.00 to Kiwi Coast Rescue.');
    expect(mail.text).toContain('Donee organisation: Kiwi Coast Rescue');
    expect(mail.text).toContain('Tip to Koha: $5.00');
    expect(mail.html).toContain('Jane &amp; Tom Donor');
    const link = new RegExp(`https://koha\\.test/api/donations/receipts/${donation.donationId}\\?token=([A-Za-z0-9_-]{32})`).exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`href="https://koha.test/api/donations/receipts/${donation.donationId}?token=${link![1]}"`);

    // The charity loses its status afterwards: the receipt already issued still says what was true when it was issued.
    await charities.save({ ...charity, taxApproved: false, version: '2026-11-02T00:00:00.000Z' });
    await sendDonationReceipt({ ...deps, mailer, siteUrl: 'https://koha.test' }, completed(donation));
    expect(sent[1]?.text).toContain(`token=${link![1]}`);
    expect(sent[1]?.text).toContain('Donee organisation: Kiwi Coast Rescue');

    const viaLink = await receiptForLink(deps, donation.donationId, link![1]!);
    expect(viaLink.fileName).toBe(`koha-receipt-${donation.trackingNumber}.pdf`);
    expect(documentLines(viaLink.blocks)).toContain('Donation: $15.00');
  });

  it('a link with another token, another donation’s token or no receipt at all is the same 404', async () => {
    const first = await stored(aDonation());
    const second = await stored(aDonation());
    const { sent, mailer } = inbox();
    for (const donation of [first, second]) await sendDonationReceipt({ ...deps, mailer, siteUrl: 'x' }, completed(donation));
    const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const [firstToken, secondToken] = sent.map((mail) => tokenOf(mail.text)) as [string, string];
    await expect(receiptForLink(deps, first.donationId, secondToken)).rejects.toMatchObject({ code: 'NotFound' });
    // One character changed (never to itself: the token ends in 'A' one time in 64).
    const altered = `${firstToken.slice(0, -1)}${firstToken.endsWith('A') ? 'B' : 'A'}`;
    await expect(receiptForLink(deps, first.donationId, altered)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(receiptForLink(deps, first.donationId, '')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(receiptForLink(deps, newId(), firstToken)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(receiptForLink(deps, first.donationId, firstToken)).resolves.toMatchObject({ title: 'Donation receipt' });
  });

  it('sends nothing for a donation without an e-mail address', async () => {
    const { sent, mailer } = inbox();
    const donation = await stored(aDonation());
    await sendDonationReceipt({ ...deps, mailer, siteUrl: 'x' }, { ...completed(donation), donorEmail: undefined });
    expect(sent).toEqual([]);
  });

  it('a member gets their own donation’s receipt, even one never e-mailed; another member’s is a 404', async () => {
    const charity = aCharity({ registrationNumber: 'CC1', taxApproved: true });
    await charities.save(charity);
    const donation = await stored(
      aDonation({ memberId: 'member-a', priced: { ...aDonation().priced, charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' } } }),
    );
    const mine = await memberReceipt(deps, 'member-a', donation.donationId);
    expect(documentLines(mine.blocks)).toContain('Registration number: CC1');
    await expect(memberReceipt(deps, 'member-b', donation.donationId)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(memberReceipt(deps, 'member-a', newId())).rejects.toMatchObject({ code: 'NotFound' });
  });
});
