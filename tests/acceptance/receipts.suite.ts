import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { CharityPaymentRequest, CreatePaymentRequest } from '@giving/shared/contracts/donations';
import type { TaxYearList } from '@giving/shared/contracts/member-giving';
import type { CountryCode } from '@giving/shared/countries';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../tools/local/src/seed/data';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import { taxYearOf } from '../../services/donations/domain/tax-statements';
import { platformClient, startTestPlatform, transactionFee, withFee } from './platform';

/**
 * Given the seeded demo, when a guest gives $15.00 to Kiwi Coast Rescue with a $5.00 tip, then the e-mailed receipt
 * calls only the $15.00 a donation (with New Zealand's tax credit wording), lists the tip and the fee apart, and links
 * a PDF receipt that opens without signing in — and only with its own token. When Dana gives signed in, she can
 * download that receipt and her annual tax statement for the tax year from her account.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let kiwi: CharityProfile;
let reef: CharityProfile;
const dana = DEMO_USERS.find((user) => user.role === 'donor')!;
const wiremu = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
let danaToken: string;
let wiremuToken: string;

beforeAll(async () => {
  platform = await startTestPlatform(7300);
  client = platformClient(platform);
  const charity = async (url: string, country: string) => (await (await fetch(`${platform.siteUrl}/api/accounts/charities/${url}?country=${country}`)).json()) as CharityProfile;
  kiwi = await charity('kiwi-coast-rescue', 'nz');
  reef = await charity('reef-guardians-australia', 'au');
  danaToken = await client.idToken(dana.email, DEMO_PASSWORD);
  wiremuToken = await client.idToken(wiremu.email, DEMO_PASSWORD);
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const general = (charityId: string, country: CountryCode, card: CreatePaymentRequest['card'], email: string): CharityPaymentRequest =>
  withFee({
    pageType: 'CHARITY',
    country,
    charityId,
    donationAmount: 1500,
    quantity: 1,
    supportingAmount: 500,
    paymentType: 'CARD',
    isRecurring: false,
    isAnonymous: false,
    receiptName: 'Aroha Ngata',
    donor: { firstName: 'Aroha', lastName: 'Ngata', email },
    card,
  });

async function give(path: string, body: unknown, token?: string): Promise<string> {
  const response = await fetch(`${platform.siteUrl}/api/donations/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `receipts-${crypto.randomUUID()}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
  const { trackingNumber } = (await response.json()) as { trackingNumber: string };
  expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
  return trackingNumber;
}

const get = (path: string, token?: string) => fetch(`${platform.siteUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The PDF's words, runs of spaces folded. */
async function pdfWords(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).text.replace(/[ \t]+/g, ' ');
}

describe('the receipt e-mail and its PDF', () => {
  it('$15 plus a $5 tip: the donation is $15.00, the tip and fee apart; the link gives the same receipt as a PDF, to a guest', async () => {
    const email = `aroha.${crypto.randomUUID().slice(0, 8)}@example.nz`;
    const trackingNumber = await give('payments', general(kiwi.id, 'nz', await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata'), email));
    const [receipt] = await client.receiptsFor(email);
    expect(receipt?.subject).toBe('Your receipt for your donation to Kiwi Coast Rescue');
    const text = receipt?.text ?? '';
    expect(text).toContain('Thank you for your general donation of $15.00 to Kiwi Coast Rescue.');
    expect(text).not.toContain('$20.00 to Kiwi Coast Rescue');
    expect(text).toContain(`Receipt number: ${trackingNumber}`);
    expect(text).toContain('Donee organisation: Kiwi Coast Rescue');
    expect(text).toContain('Registration number: CC54021');
    expect(text).toContain('Eligible for a donation tax credit: $15.00');
    expect(text).toContain('Tip to Koha: $5.00');
    expect(text).toContain(`Transaction fee: $${(transactionFee(2000) / 100).toFixed(2)}`);
    expect(text).toContain('Issued on behalf of Kiwi Coast Rescue by the Koha Charitable Trust');

    const link = new RegExp(`(${platform.siteUrl}/api/donations/receipts/([0-9A-Z]{26})\\?token=([A-Za-z0-9_-]+))`).exec(text);
    expect(link).not.toBeNull();
    const [, url, donationId, token] = link as unknown as [string, string, string, string];
    const opened = await fetch(url);
    expect(opened.headers.get('content-disposition')).toBe(`attachment; filename="koha-receipt-${trackingNumber}.pdf"`);
    const words = await pdfWords(opened);
    expect(words).toContain(`Receipt number ${trackingNumber}`);
    expect(words).toContain('Received from Aroha Ngata');
    expect(words).toContain('A general donation of $15.00 to Kiwi Coast Rescue.');
    expect(words).toContain('Tip to Koha $5.00');

    // A forged token, the token with another donation, or a malformed link: nothing is revealed.
    const forged = await fetch(`${platform.siteUrl}/api/donations/receipts/${donationId}?token=${'A'.repeat(token.length)}`);
    expect(forged.status).toBe(404);
    expect(forged.headers.get('content-type')).toBe('application/problem+json');
    expect((await fetch(`${platform.siteUrl}/api/donations/receipts/01JQ8Z3M5T6XKQ2W9R4B7C1D0E?token=${token}`)).status).toBe(404);
    const malformed = await fetch(`${platform.siteUrl}/api/donations/receipts/${donationId}?token=${encodeURIComponent('<script>')}`);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'query.token', message: 'Invalid receipt link.' }]);
    expect((await fetch(`${platform.siteUrl}/api/donations/receipts/${donationId}`)).status).toBe(400);
    expect((await fetch(`${platform.siteUrl}/api/donations/receipts/${'9'.repeat(2000)}?token=${token}`)).status).toBe(400);
  });

  it('in Australia: deductible gift recipient wording with the ABN, issued by Koha', async () => {
    const email = `aroha.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
    await give('payments', general(reef.id, 'au', await client.cardToken(TEST_CARDS.approve, 'Aroha Ngata', 'au'), email));
    const [receipt] = await client.receiptsFor(email);
    expect(receipt?.text).toContain('Deductible gift recipient: Reef Guardians Australia');
    expect(receipt?.text).toContain('ABN: 51 824 753 556');
    expect(receipt?.text).toContain('Tax deductible: $15.00');
    expect(receipt?.text).toContain('Issued on behalf of Reef Guardians Australia by Koha');
  });
});

describe('Dana’s receipts and annual tax statement', () => {
  it('she downloads her own donation’s receipt and her statement for the tax year; others get 401, 404 and 400 as they should', async () => {
    const request = general(kiwi.id, 'nz', await client.cardToken(TEST_CARDS.approve, 'Dana Whitfield'), dana.email);
    const { donor: _donor, ...asMember } = request;
    const trackingNumber = await give('me/payments', { ...asMember, receiptName: 'Dana Whitfield' }, danaToken);
    const donationId = trackingNumber;

    // Her own receipt, signed in; nobody else's.
    const mine = await pdfWords(await get(`/donations/me/donations/${donationId}/receipt`, danaToken));
    expect(mine).toContain(`Receipt number ${trackingNumber}`);
    expect(mine).toContain('Received from Dana Whitfield');
    expect((await get(`/donations/me/donations/${donationId}/receipt`, wiremuToken)).status).toBe(404);
    expect((await get(`/donations/me/donations/${donationId}/receipt`)).status).toBe(401);
    expect((await get(`/donations/me/donations/not-an-id/receipt`, danaToken)).status).toBe(400);

    // The tax years she gave in, and this year's statement.
    const year = taxYearOf('nz', new Date());
    const years = (await (await get('/donations/me/tax-statements', danaToken)).json()) as TaxYearList;
    expect(years.items).toContainEqual(expect.objectContaining({ country: 'nz', taxYear: year, name: `${year} tax year`, period: `1 April ${year - 1} to 31 March ${year}` }));
    const statementResponse = await get(`/donations/me/tax-statements/nz/${year}`, danaToken);
    expect(statementResponse.headers.get('content-disposition')).toBe(`attachment; filename="koha-tax-statement-nz-${year}.pdf"`);
    const statement = await pdfWords(statementResponse);
    expect(statement).toContain('Annual tax statement');
    expect(statement).toContain(`${year} tax year: 1 April ${year - 1} to 31 March ${year}`);
    expect(statement).toContain('Prepared for Dana Whitfield');
    expect(statement).toContain(trackingNumber);
    expect(statement).toContain('Kiwi Coast Rescue');
    expect(statement).toContain('Claim it from Inland Revenue in myIR or with an IR526 form');

    // Wiremu gave nothing: no years, and the statement is a 404 naming the year.
    expect(((await (await get('/donations/me/tax-statements', wiremuToken)).json()) as TaxYearList).items).toEqual([]);
    const none = await get(`/donations/me/tax-statements/nz/${year}`, wiremuToken);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { detail: string }).detail).toBe(`You made no donations in New Zealand in the ${year} tax year (1 April ${year - 1} to 31 March ${year}).`);
    expect((await get(`/donations/me/tax-statements/nz/${year}`)).status).toBe(401);
    expect((await get('/donations/me/tax-statements')).status).toBe(401);
    const badYear = await get('/donations/me/tax-statements/nz/20x7', danaToken);
    expect(badYear.status).toBe(400);
    expect(((await badYear.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'path.taxYear', message: 'Use a tax year such as 2027.' }]);
    const badCountry = await get(`/donations/me/tax-statements/us/${year}`, danaToken);
    expect(badCountry.status).toBe(400);
    expect(((await badCountry.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'path.country', message: 'Use nz or au.' }]);
  });
});
