import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { pdfText } from '../../../tools/local/src/testing/pdf-text';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoDonationHistory } from '../adapters/dynamo-member-giving';
import { donationItem } from '../adapters/dynamo-payments';
import { pdfPrinter } from '@giving/shared/printing/pdf-printer';
import { dynamoReceiptStore } from '../adapters/dynamo-receipts';
import donations from '../service';
import type { CharityDirectory, CharityProjection, Donation, DonationHistory } from './ports';
import { documentLines } from '@giving/shared/printing/printable';
import type { ReceiptStore } from './receipts';
import { listTaxYears, taxStatement, taxYear, taxYearOf } from './tax-statements';
import { aCharity } from './test-support';

describe('tax years, on each country’s calendar', () => {
  it('New Zealand’s runs 1 April to 31 March (NZ time), named by the year it ends in', () => {
    expect(taxYear('nz', 2027)).toEqual({
      country: 'nz',
      year: 2027,
      name: '2027 tax year',
      period: '1 April 2026 to 31 March 2027',
      // Midnight on 1 April in Auckland (daylight time, +13).
      fromIso: '2026-03-31T11:00:00.000Z',
      toIso: '2027-03-31T11:00:00.000Z',
    });
    expect(taxYearOf('nz', '2026-03-31T10:59:59.000Z')).toBe(2026);
    expect(taxYearOf('nz', '2026-03-31T11:00:00.000Z')).toBe(2027);
    expect(taxYearOf('nz', '2027-03-31T10:59:59.000Z')).toBe(2027);
  });

  it('Australia’s runs 1 July to 30 June (Sydney time), the ATO’s "2026–27 financial year"', () => {
    expect(taxYear('au', 2027)).toMatchObject({
      name: '2026–27 financial year',
      period: '1 July 2026 to 30 June 2027',
      fromIso: '2026-06-30T14:00:00.000Z',
      toIso: '2027-06-30T14:00:00.000Z',
    });
    expect(taxYearOf('au', '2026-06-30T13:59:59.000Z')).toBe(2026);
    expect(taxYearOf('au', '2026-06-30T14:00:00.000Z')).toBe(2027);
  });
});

describe('annual tax statements (DynamoDB Local)', () => {
  let history: DonationHistory;
  let receipts: ReceiptStore;
  let charities: CharityDirectory;
  let store: (donation: Donation) => Promise<void>;
  let kiwi: CharityProjection;
  let unlisted: CharityProjection;
  let reef: CharityProjection;

  beforeAll(async () => {
    const tables = await testTables([donations]);
    const tableName = tables.tableName('donations');
    history = dynamoDonationHistory(tables.client, tableName);
    receipts = dynamoReceiptStore(tables.client, tableName);
    charities = dynamoCharityDirectory(tables.client, tableName);
    store = async (donation) => void (await tables.client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation) })));
    kiwi = aCharity({ registrationNumber: 'CC54021', taxApproved: true });
    unlisted = aCharity({ name: 'Paw Pals Animal Rescue', taxApproved: false });
    reef = aCharity({ name: 'Reef Guardians Australia', country: 'au', registrationNumber: 'ABN 51 824 753 556', taxApproved: true });
    for (const charity of [kiwi, unlisted, reef]) await charities.save(charity);
  });

  const gave = async (memberId: string, charity: CharityProjection, completedAt: string, cents: number, extra: Partial<Donation> = {}) => {
    const donationId = newId(Date.parse(completedAt));
    const currency = charity.country === 'nz' ? ('NZD' as const) : ('AUD' as const);
    const donation: Donation = {
      donationId,
      trackingNumber: donationId,
      pageType: 'CHARITY',
      country: charity.country,
      priced: {
        amount: { cents, currency },
        tip: { cents: 300, currency },
        total: { cents: cents + 300, currency },
        charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: '' },
      },
      quantity: 1,
      isAnonymous: false,
      receiptName: 'Dana Whitfield',
      donorEmail: 'dana.donor@demo.koha.nz',
      donorName: 'Dana Whitfield',
      memberId,
      paymentType: 'CARD',
      card: { cardType: 'visa', last4: '4242' },
      transactionFee: { cents: 60, currency },
      completedAt,
      ...extra,
    };
    await store(donation);
    return donation;
  };

  it('lists the tax years the member gave in, per country, newest first, counting only what the charities received', async () => {
    const member = newId();
    await gave(member, kiwi, '2026-03-31T10:00:00.000Z', 2000); // 31 March in NZ: the 2026 tax year
    await gave(member, kiwi, '2026-03-31T12:00:00.000Z', 1500); // 1 April in NZ: 2027
    await gave(member, kiwi, '2026-11-21T09:00:00.000Z', 5000);
    await gave(member, reef, '2026-08-01T00:00:00.000Z', 3000);
    expect(await listTaxYears({ history }, member)).toEqual({
      items: [
        { country: 'nz', taxYear: 2027, name: '2027 tax year', period: '1 April 2026 to 31 March 2027', donationCount: 2, total: { cents: 6500, currency: 'NZD' } },
        { country: 'au', taxYear: 2027, name: '2026–27 financial year', period: '1 July 2026 to 30 June 2027', donationCount: 1, total: { cents: 3000, currency: 'AUD' } },
        { country: 'nz', taxYear: 2026, name: '2026 tax year', period: '1 April 2025 to 31 March 2026', donationCount: 1, total: { cents: 2000, currency: 'NZD' } },
      ],
    });
    expect(await listTaxYears({ history }, newId())).toEqual({ items: [] });
  });

  it('the NZ statement lists each donation with its receipt number, the totals and the tax credit wording; tips, fees and voucher parts are not counted', async () => {
    const member = newId();
    const first = await gave(member, kiwi, '2026-04-02T01:00:00.000Z', 2500);
    const voucher = await gave(member, kiwi, '2026-07-10T01:00:00.000Z', 2000, { paymentType: 'VOUCHER', voucherAmount: { cents: 1500, currency: 'NZD' } });
    const notApproved = await gave(member, unlisted, '2026-09-10T01:00:00.000Z', 4000);
    await gave(member, kiwi, '2027-04-02T01:00:00.000Z', 9900); // the next tax year
    await gave(member, reef, '2026-09-10T01:00:00.000Z', 7700); // Australia's
    // A receipt issued while the charity was approved keeps saying so.
    await receipts.issue({ donationId: first.donationId, linkToken: 'x'.repeat(32), issuedAt: first.completedAt, charity: { name: 'Kiwi Coast Rescue', registrationNumber: 'CC54021', taxApproved: true } });

    const statement = await taxStatement({ history, receipts, charities }, { memberId: member, email: 'dana.donor@demo.koha.nz' }, 'nz', 2027);
    expect(statement.fileName).toBe('koha-tax-statement-nz-2027.pdf');
    const text = documentLines(statement.blocks).join('\n');
    expect(text).toContain('Prepared for: Dana Whitfield');
    expect(text).toContain('Tax year: 2027 tax year (1 April 2026 to 31 March 2027)');
    expect(text).toContain('Donations: 3');
    expect(text).toContain('Total donated: $85.00');
    // $25.00 + the $5.00 the donor paid of the voucher donation; the unapproved charity's $40.00 is not eligible.
    expect(text).toContain('Eligible for a donation tax credit: $30.00');
    expect(text).toContain('Donation tax credit at 33⅓%: $10.00');
    expect(text).toContain(`Date: 2 Apr 2026 · Charity: Kiwi Coast Rescue · Receipt number: ${first.trackingNumber} · Donation: $25.00 · Eligible: $25.00`);
    expect(text).toContain(`Receipt number: ${voucher.trackingNumber} · Donation: $20.00 · Eligible: $5.00`);
    expect(text).toContain(`Charity: Paw Pals Animal Rescue · Receipt number: ${notApproved.trackingNumber} · Donation: $40.00 · Eligible: $0.00`);
    expect(text).toContain('Claim it from Inland Revenue in myIR or with an IR526 form');
    expect(text).toContain('Tips to Koha and card transaction fees are not donations');
    expect(text).not.toContain('$99.00');
    expect(text).not.toContain('$77.00');
    expect(text).not.toContain('$3.00');

    // The PDF says the same.
    const pdf = await pdfText(pdfPrinter.pdf(statement));
    const pdfWords = pdf.text.replace(/[ \t]+/g, ' ');
    expect(pdfWords).toContain('Annual tax statement');
    expect(pdfWords).toContain('2027 tax year: 1 April 2026 to 31 March 2027');
    expect(pdfWords).toContain('Eligible for a donation tax credit $30.00');
    expect(pdfWords).toContain(first.trackingNumber);
    expect(pdfWords).toContain('Total $85.00 $30.00');
  });

  it('prints each receipt number whole, on one line, however wide its letters', async () => {
    const member = newId();
    // Wrapped after its 25th character when the column was a third of the page.
    const wide = '01M8A5TQGCWQDGEQVQQ9N6K2TE';
    await gave(member, kiwi, '2026-11-26T01:00:00.000Z', 1500, { donationId: wide, trackingNumber: wide });
    const statement = await taxStatement({ history, receipts, charities }, { memberId: member }, 'nz', 2027);
    expect((await pdfText(pdfPrinter.pdf(statement))).text).toContain(wide);
  });

  it('the AU statement uses the deductible gift recipient wording; a year with no gifts there is a 404', async () => {
    const member = newId();
    await gave(member, reef, '2026-07-01T00:00:00.000Z', 3000);
    await gave(member, reef, '2026-07-01T00:00:00.000Z', 150); // under $2
    const text = documentLines((await taxStatement({ history, receipts, charities }, { memberId: member }, 'au', 2027)).blocks).join('\n');
    expect(text).toContain('Financial year: 2026–27 financial year (1 July 2026 to 30 June 2027)');
    expect(text).toContain('Gifts: 2');
    expect(text).toContain('Total given: $31.50');
    expect(text).toContain('Tax deductible: $30.00');
    expect(text).toContain('Gifts of $2.00 or more to deductible gift recipients (DGRs) are tax deductible.');
    expect(text).not.toContain('E-mail:');
    await expect(taxStatement({ history, receipts, charities }, { memberId: member }, 'au', 2026)).rejects.toMatchObject({
      code: 'NotFound',
      message: 'You made no donations in Australia in the 2025–26 financial year (1 July 2025 to 30 June 2026).',
    });
    await expect(taxStatement({ history, receipts, charities }, { memberId: member }, 'nz', 2027)).rejects.toMatchObject({ code: 'NotFound' });
  });
});
