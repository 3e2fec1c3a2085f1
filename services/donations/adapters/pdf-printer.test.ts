import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tools/local/src/testing/pdf-text';
import type { Donation } from '../domain/ports';
import type { PrintableDocument } from '@giving/shared/printing/printable';
import { receiptDocument } from '../domain/receipts';
import { pdfPrinter, printableText } from '@giving/shared/printing/pdf-printer';

const NZD = (cents: number) => ({ cents, currency: 'NZD' as const });

const donation: Donation = {
  donationId: '01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
  trackingNumber: '01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
  pageType: 'GIFT',
  country: 'nz',
  priced: {
    amount: NZD(5000),
    tip: NZD(500),
    total: NZD(5500),
    charity: { id: 'C1', name: 'Tūī Sanctuary', charityUrl: 'tui-sanctuary', logoImageUrl: '' },
    gift: { id: 'G1', title: 'Feed a kiwi chick for a week', productUrl: 'feed' },
  },
  quantity: 2,
  isAnonymous: false,
  receiptName: 'Mereana Ngāti-Ōtākou',
  donorEmail: 'mereana@example.nz',
  donorName: 'Mereana',
  paymentType: 'CARD',
  card: { cardType: 'visa', last4: '4242' },
  transactionFee: NZD(135),
  completedAt: '2026-11-21T09:00:00.000Z',
};

/** pdf.js's text, with runs of spaces folded (it may add one between a label and its value). */
const read = async (bytes: Uint8Array) => {
  const parsed = await pdfText(bytes);
  return { ...parsed, text: parsed.text.replace(/[ \t]+/g, ' ') };
};

describe('PDF documents (jsPDF), read back with pdf.js', () => {
  it('a receipt PDF says what the e-mail says, macrons and the ⅓ included', async () => {
    const bytes = pdfPrinter.pdf(receiptDocument(donation, { name: 'Tūī Sanctuary', registrationNumber: 'CC54021', taxApproved: true }));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text, pages, title } = await read(bytes);
    expect(pages).toHaveLength(1);
    expect(title).toBe('Donation receipt');
    for (const line of [
      'Donation receipt',
      'Receipt number 01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
      'Date 21 November 2026',
      'Received from Mereana Ngāti-Ōtākou',
      'Donee organisation Tūī Sanctuary',
      'Registration number CC54021',
      'Donation $50.00',
      '2 x Feed a kiwi chick for a week ($25.00 each): $50.00 to Tūī Sanctuary for this work.',
      'Eligible for a donation tax credit $50.00',
      'You can claim a donation tax credit of 33⅓% of $50.00',
      'Tip to Koha $5.00',
      'Transaction fee $1.35',
      'Charged to your card $56.35 (Visa •••• 4242)',
      'Koha · Receipt 01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('$55.00 to Tūī Sanctuary');
  });

  it('a long table runs onto further pages, its header repeated, every page numbered', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => [`${i + 1} April 2026`, `Charity number ${i + 1}`, `$${i + 1}.00`]);
    const document: PrintableDocument = {
      title: 'Annual tax statement',
      blocks: [
        {
          kind: 'table',
          caption: 'Donations',
          columns: [
            { header: 'Date', width: 0.3 },
            { header: 'Charity', width: 0.5 },
            { header: 'Donation', width: 0.2, align: 'right' },
          ],
          rows,
          totals: ['Total', '', '$2,485.00'],
        },
      ],
      footer: 'Koha · Annual tax statement',
      fileName: 'statement.pdf',
    };
    const { pages } = await read(pdfPrinter.pdf(document));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Date Charity Donation');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.join('\n')).toContain('Charity number 70 $70.00');
    expect(pages.at(-1)).toContain('Total $2,485.00');
  });

  it('prints what the embedded font lacks without its accents, or as ?, never as an empty box', () => {
    expect(printableText('Tūī Ngāti Ōtākou café Łódź €5 33⅓%')).toBe('Tūī Ngāti Ōtākou café Łódź €5 33⅓%');
    expect(printableText('Nguyễn Thị')).toBe('Nguyen Thi');
    expect(printableText('王 Wang')).toBe('? Wang');
  });
});
