import { timingSafeEqual } from 'node:crypto';
import { cardText } from '@giving/shared/card-text';
import type { Clock } from '@giving/shared/clock';
import type { EventData } from '@giving/shared/events';
import type { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { DomainError, notFound } from '@giving/shared/errors';
import { localDateText } from '@giving/shared/local-time';
import { API_PREFIX } from '@giving/shared/manifest';
import { formatMoney, money, type Money } from '@giving/shared/money';
import { documentHtml, documentLines, escapeHtml, type PrintableBlock, type PrintableDocument } from '@giving/shared/printing/printable';
import type { CharityDirectory, CharityProjection, Donation, Mailer, PaymentRepository } from './ports';
import { matchBlocks, type DonationMatch, type DonationMatchStore } from './donation-matches';
import { NO_PARTS, type RefundBook, type StoredRefund } from './refunds';

/**
 * Receipts tell the truth: what the charity received (the donation, gift or general) is worded as a donation for
 * tax purposes, by country; the tip to the website and the card fee are listed apart and never called donations.
 *
 * Who issues them: donations made on Koha are collected for the charity — New Zealand's by the charitable Trust
 * (its merchant account), Australia's by the platform — and passed on in full. The charity is the donee organisation
 * (NZ) or gift recipient (AU); the receipt is issued on its behalf by the collector and says so.
 */

/** Who collects each country's donations for the charities (docs/DECISIONS.md, the two merchant accounts). */
export const COLLECTED_BY: Readonly<Record<CountryCode, string>> = {
  nz: 'the Koha Charitable Trust',
  au: 'Koha',
};

/** The charity as a receipt states it; kept with the receipt when it is first issued. */
export interface ReceiptCharity {
  name: string;
  /** NZ: Charities Services (or IRD) number; AU: ABN. */
  registrationNumber?: string;
  /** An approved donee organisation (NZ) or deductible gift recipient (AU). */
  taxApproved: boolean;
}

/**
 * A donation's receipt once issued: the token its PDF link carries (random, kept only here, so receipts cannot be
 * enumerated) and the charity as it stood then, so a later change of the charity's status never rewrites a receipt.
 */
export interface IssuedReceipt {
  donationId: string;
  linkToken: string;
  issuedAt: string;
  charity: ReceiptCharity;
}

export interface ReceiptStore {
  /** Keeps the first receipt issued for the donation and answers the one kept (a repeat issues nothing new). */
  issue(receipt: IssuedReceipt): Promise<IssuedReceipt>;
  get(donationId: string): Promise<IssuedReceipt | undefined>;
  getMany(donationIds: readonly string[]): Promise<ReadonlyMap<string, IssuedReceipt>>;
}

/** What the donor can claim for a donation, and why (country rules: NZ tax credit, AU deduction). */
interface TaxRule {
  /** Donations below this cannot be claimed (NZ $5, AU $2). */
  minimumCents: number;
  /** "donation" in NZ, "gift" in AU (the word each tax authority uses). */
  noun: 'donation' | 'gift';
  recipient: string;
  registration: string;
  claimableLabel: string;
}

export const TAX_RULES: Readonly<Record<CountryCode, TaxRule>> = {
  nz: {
    minimumCents: 500,
    noun: 'donation',
    recipient: 'Donee organisation',
    registration: 'Registration number',
    claimableLabel: 'Eligible for a donation tax credit',
  },
  au: {
    minimumCents: 200,
    noun: 'gift',
    recipient: 'Deductible gift recipient',
    registration: 'ABN',
    claimableLabel: 'Tax deductible',
  },
};

/** The registration number as the receipt's label reads it ("ABN: 51 824 753 556", not "ABN: ABN 51…"). */
export const registrationText = (country: CountryCode, registrationNumber: string) =>
  country === 'au' ? registrationNumber.replace(/^\s*ABN[:\s]*/i, '') : registrationNumber.trim();

export const localeOf = (country: CountryCode) => COUNTRIES[country].locale;
export const formatIn = (country: CountryCode, amount: Money) => formatMoney(amount, localeOf(country));

/** "21 November 2026", on the calendar of the charity's country (the one time-zone rule, shared/local-time.ts). */
export const dateIn = (country: CountryCode, at: string | Date): string => localDateText(at, country, 'long');

/**
 * How a donation splits: the charity's part (the donation), what a gift voucher paid of it, the donor's own part
 * (what they can claim, before the country's minimum), and what is not a donation at all (the tip, the card fee).
 * A voucher pays the donation before the tip: the donor never claims money a voucher's buyer paid.
 * Completed refunds (issue 17 item 5) are taken off each part: a receipt states what the charity kept.
 */
export function receiptAmounts(donation: Donation) {
  const { amount, tip, total } = donation.priced;
  const currency = total.currency;
  const refunded = donation.refunds?.refunded ?? NO_PARTS;
  const voucherPaid = donation.voucherAmount?.cents ?? 0;
  const feePaid = donation.transactionFee?.cents ?? 0;
  const cardPaid = Math.max(0, total.cents - voucherPaid + feePaid);
  const kept = amount.cents - refunded.charity;
  const voucher = voucherPaid - refunded.voucher;
  const voucherOfDonation = Math.min(voucher, kept);
  const back = refunded.card + refunded.voucher;
  return {
    donation: money(kept, currency),
    voucher: money(voucher, currency),
    ownDonation: money(kept - voucherOfDonation, currency),
    tip: money(tip.cents - refunded.tip, currency),
    fee: money(feePaid - refunded.fee, currency),
    card: money(cardPaid - refunded.card, currency),
    paid: money(total.cents + feePaid - back, currency),
    /** As first paid, and what refunds gave back (0 when none). */
    original: { donation: amount, voucher: money(voucherPaid, currency), card: money(cardPaid, currency), paid: money(total.cents + feePaid, currency) },
    refunded: { donation: money(refunded.charity, currency), card: money(refunded.card, currency), voucher: money(refunded.voucher, currency), total: money(back, currency) },
  };
}

/** The receipt's number: the tracking number, then -2, -3… for each receipt a refund issued in its place. */
export const receiptNumberOf = (donation: Pick<Donation, 'trackingNumber' | 'refunds'>, count = donation.refunds?.count ?? 0) =>
  count > 0 ? `${donation.trackingNumber}-${count + 1}` : donation.trackingNumber;

/** What the donor can claim for tax from this donation: the own part, if the charity is approved and it meets the minimum. */
export function claimableCents(donation: Donation, charity: ReceiptCharity): number {
  const own = receiptAmounts(donation).ownDonation.cents;
  return charity.taxApproved && own >= TAX_RULES[donation.country].minimumCents ? own : 0;
}

/** The charity as its receipt will state it: the donation's name for it, and the copy's registration and tax status. */
export function receiptCharityOf(donation: Donation, copy: CharityProjection | undefined): ReceiptCharity {
  return {
    name: donation.priced.charity.name,
    ...(copy?.registrationNumber ? { registrationNumber: copy.registrationNumber } : {}),
    taxApproved: copy?.taxApproved === true,
  };
}

/** "2 x Feed a kiwi chick for a week ($25.00 each)", a donation through a fundraising page, or "A general donation". */
function whatText(donation: Donation): string {
  const { gift, page, amount, charity } = donation.priced;
  const each = donation.quantity > 0 ? money(Math.round(amount.cents / donation.quantity), amount.currency) : amount;
  const monthly = donation.isRecurring ? ' (your monthly donation)' : '';
  if (page) return `A donation of ${formatIn(donation.country, amount)} to ${charity.name} through ${page.ownerName}'s fundraising page "${page.title}"${monthly}.`;
  return gift
    ? `${donation.quantity} x ${gift.title} (${formatIn(donation.country, each)} each): ${formatIn(donation.country, amount)} to ${charity.name} for this work${monthly}.`
    : `A general donation of ${formatIn(donation.country, amount)} to ${charity.name}${monthly}.`;
}

/** The country's tax wording for this donation, never claiming more than the donor's own part. */
function taxText(donation: Donation, charity: ReceiptCharity): string[] {
  const country = donation.country;
  const rule = TAX_RULES[country];
  const amounts = receiptAmounts(donation);
  const own = formatIn(country, amounts.ownDonation);
  const minimum = formatIn(country, money(rule.minimumCents, amounts.donation.currency));
  const voucherNote =
    amounts.voucher.cents > 0
      ? amounts.ownDonation.cents === 0
        ? `The whole ${rule.noun} was paid with a gift voucher, which was paid for when it was bought: there is no ${rule.noun} of your own on this receipt to claim.`
        : `${formatIn(country, money(amounts.donation.cents - amounts.ownDonation.cents, amounts.donation.currency))} of the ${rule.noun} was paid with a gift voucher, which was paid for when it was bought: your own ${rule.noun} is ${own}.`
      : undefined;
  const lines: (string | undefined)[] = [voucherNote];
  if (country === 'nz') {
    if (!charity.taxApproved) {
      lines.push(`${charity.name} is not recorded with us as an approved donee organisation, so this receipt cannot be used to claim a donation tax credit.`);
    } else if (amounts.ownDonation.cents >= rule.minimumCents) {
      lines.push(
        `${charity.name} is an approved donee organisation. You can claim a donation tax credit of 33⅓% of ${own} from Inland Revenue, in myIR or with an IR526 form, after the tax year ends on 31 March. Keep this receipt: Inland Revenue may ask to see it.`,
      );
    } else if (amounts.ownDonation.cents > 0) {
      lines.push(`${charity.name} is an approved donee organisation, but only donations of ${minimum} or more can be claimed for a donation tax credit, so this one (${own}) cannot.`);
    }
  } else if (!charity.taxApproved) {
    lines.push(`${charity.name} is not recorded with us as a deductible gift recipient (DGR), so this gift is not tax deductible.`);
  } else if (amounts.ownDonation.cents >= rule.minimumCents) {
    lines.push(
      `${charity.name} is a deductible gift recipient (DGR). Gifts of ${minimum} or more to a DGR are tax deductible: you can claim ${own} as a deduction in your tax return for the financial year ending 30 June. Keep this receipt as proof of your gift.`,
    );
  } else if (amounts.ownDonation.cents > 0) {
    lines.push(`${charity.name} is a deductible gift recipient (DGR), but only gifts of ${minimum} or more are tax deductible, so this one (${own}) is not.`);
  }
  return lines.filter((line): line is string => line !== undefined);
}

/** The receipt's content, for its e-mail and its PDF alike. */
export function receiptDocument(
  donation: Donation,
  charity: ReceiptCharity,
  matches: readonly DonationMatch[] = [],
  refunds: readonly StoredRefund[] = [],
): PrintableDocument {
  const country = donation.country;
  const rule = TAX_RULES[country];
  const amounts = receiptAmounts(donation);
  const money$ = (value: Money) => formatIn(country, value);
  const refundCount = donation.refunds?.count ?? 0;
  const receiptNumber = receiptNumberOf(donation);
  const refundBlocks: PrintableBlock[] =
    refundCount > 0
      ? [
          { kind: 'heading', text: 'Refunded' },
          {
            kind: 'paragraph',
            text:
              amounts.donation.cents === 0
                ? `This ${rule.noun} was refunded in full. This receipt replaces receipt ${receiptNumberOf(donation, refundCount - 1)}: there is no ${rule.noun} left to claim.`
                : `Part of this ${rule.noun} was refunded. This receipt replaces receipt ${receiptNumberOf(donation, refundCount - 1)} and states what ${charity.name} kept: ${money$(amounts.donation)}.`,
          },
          {
            kind: 'fields',
            fields: [
              ...refunds
                .filter((refund) => refund.status === 'Completed')
                .map((refund) => ({ label: `Refunded on ${dateIn(country, refund.completedAt ?? refund.requestedAt)}`, value: money$(money(refund.total, refund.currency)) })),
              ...(amounts.refunded.card.cents > 0 ? [{ label: 'Refunded to your card', value: money$(amounts.refunded.card) }] : []),
              ...(amounts.refunded.voucher.cents > 0 ? [{ label: 'Returned to your gift voucher', value: money$(amounts.refunded.voucher) }] : []),
            ],
          },
        ]
      : [];
  const notDonation = [
    ...(amounts.tip.cents > 0 ? [{ label: 'Tip to Koha', value: money$(amounts.tip) }] : []),
    ...(amounts.fee.cents > 0 ? [{ label: 'Transaction fee', value: money$(amounts.fee) }] : []),
  ];
  const card = donation.card ? ` (${cardText(donation.card)})` : '';
  const blocks: PrintableBlock[] = [
    {
      kind: 'fields',
      fields: [
        { label: 'Receipt number', value: receiptNumber },
        { label: 'Date', value: dateIn(country, donation.completedAt) },
        { label: 'Received from', value: donation.receiptName },
        { label: charity.taxApproved ? rule.recipient : 'Charity', value: charity.name },
        ...(charity.registrationNumber ? [{ label: rule.registration, value: registrationText(country, charity.registrationNumber) }] : []),
        { label: country === 'nz' ? 'Donation' : 'Gift', value: money$(amounts.donation) },
      ],
    },
    { kind: 'heading', text: country === 'nz' ? 'Your donation' : 'Your gift' },
    { kind: 'paragraph', text: whatText(donation) },
    {
      kind: 'paragraph',
      text: `This is a ${rule.noun}: money given to ${charity.name} for its work, for which you received nothing in return.`,
    },
    ...(donation.isAnonymous ? [{ kind: 'paragraph' as const, text: `You gave anonymously: ${charity.name} is not told your name.` }] : []),
    ...refundBlocks,
    ...matchBlocks(donation, matches),
    { kind: 'heading', text: country === 'nz' ? 'Donation tax credit' : 'Tax deduction' },
    { kind: 'fields', fields: [{ label: rule.claimableLabel, value: money$(money(claimableCents(donation, charity), amounts.donation.currency)) }] },
    ...taxText(donation, charity).map((text) => ({ kind: 'paragraph' as const, text })),
    ...(notDonation.length
      ? [
          { kind: 'heading' as const, text: `Not part of the ${rule.noun}` },
          { kind: 'fields' as const, fields: notDonation },
          ...(amounts.tip.cents > 0
            ? [{ kind: 'paragraph' as const, text: `The tip supports the Koha website. It is not a ${rule.noun} to ${charity.name} and cannot be claimed for tax.` }]
            : []),
          ...(amounts.fee.cents > 0
            ? [{ kind: 'paragraph' as const, text: `The transaction fee covers the cost of the card payment. It is not a ${rule.noun} and cannot be claimed for tax.` }]
            : []),
        ]
      : []),
    { kind: 'heading', text: 'Payment' },
    {
      kind: 'fields',
      fields: [
        ...(amounts.original.voucher.cents > 0 ? [{ label: 'Paid with a gift voucher', value: money$(amounts.original.voucher) }] : []),
        ...(amounts.original.card.cents > 0 ? [{ label: 'Charged to your card', value: `${money$(amounts.original.card)}${card}` }] : []),
        ...(amounts.refunded.total.cents > 0
          ? [
              { label: 'Refunded', value: `-${money$(amounts.refunded.total)}` },
              { label: 'Total after refunds', value: money$(amounts.paid) },
            ]
          : [{ label: 'Total', value: money$(amounts.paid) }]),
      ],
    },
    {
      kind: 'paragraph',
      text: `Issued on behalf of ${charity.name} by ${COLLECTED_BY[country]}, which collects ${rule.noun}s made on Koha in ${COUNTRIES[country].name} and passes each ${rule.noun} on to its charity in full.`,
    },
  ];
  return {
    title: 'Donation receipt',
    subtitle: charity.name,
    blocks,
    footer: `Koha · Receipt ${receiptNumber}`,
    fileName: `koha-receipt-${receiptNumber}.pdf`,
  };
}

/** An unguessable token for a receipt's PDF link (192 random bits), kept only with the receipt. */
export function newReceiptToken(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
}

/** The PDF link a receipt e-mail carries: works without signing in, only with the receipt's own token. */
export const receiptLink = (siteUrl: string, receipt: IssuedReceipt) =>
  `${siteUrl}${API_PREFIX}/donations/receipts/${receipt.donationId}?token=${receipt.linkToken}`;

/** Issues the donation's receipt once: later calls answer the receipt issued first (its token, the charity as then). */
export async function issueReceipt(
  deps: { receipts: ReceiptStore; charities: Pick<CharityDirectory, 'getById'>; clock: Clock },
  donation: Donation,
): Promise<IssuedReceipt> {
  const existing = await deps.receipts.get(donation.donationId);
  if (existing) return existing;
  const charity = receiptCharityOf(donation, await deps.charities.getById(donation.priced.charity.id));
  return deps.receipts.issue({ donationId: donation.donationId, linkToken: newReceiptToken(), issuedAt: deps.clock.now().toISOString(), charity });
}

export type ReceiptDeps = {
  payments: Pick<PaymentRepository, 'getDonation'>;
  receipts: ReceiptStore;
  charities: Pick<CharityDirectory, 'getById'>;
  clock: Clock;
  /** The workplaces' matches, named on the PDF (issue 16); the e-mail at completion comes before any. */
  matches?: Pick<DonationMatchStore, 'list'>;
  /** The donation's refunds, dated on the receipt that replaces the first (issue 17 item 5). */
  refunds?: Pick<RefundBook, 'list'>;
};

/** The matches and refunds a receipt names, when its reader has them. */
const extrasOf = async (deps: Pick<ReceiptDeps, 'matches' | 'refunds'>, donation: Donation) => {
  const [matches, refunds] = await Promise.all([
    deps.matches?.list(donation.donationId) ?? Promise.resolve([]),
    donation.refunds?.count && deps.refunds ? deps.refunds.list(donation.donationId) : Promise.resolve([]),
  ]);
  return { matches, refunds };
};

/** DonationCompleted -> the donor gets the receipt by e-mail, with a link to the same receipt as a PDF. */
export async function sendDonationReceipt(deps: ReceiptDeps & { mailer: Mailer; siteUrl: string }, completed: EventData<typeof DonationCompleted>): Promise<void> {
  if (!completed.donorEmail) return;
  // Payroll giving has no receipt: NZ employees had the tax credit in their pay; AU employers' income statements are the evidence.
  if (completed.paymentType === 'PAYROLL') return;
  const donation = await deps.payments.getDonation(completed.donationId);
  // The donation is written before the event is emitted; missing means a broken invariant, so let the queue retry.
  if (!donation) throw new Error(`DonationCompleted ${completed.donationId} has no donation record`);
  const receipt = await issueReceipt(deps, donation);
  const document = receiptDocument(donation, receipt.charity);
  const { charity, gift } = donation.priced;
  const amount = formatIn(donation.country, donation.priced.amount);
  const link = receiptLink(deps.siteUrl, receipt);
  const opening = [
    `Dear ${donation.receiptName},`,
    '',
    gift
      ? `Thank you for your donation of ${amount} to ${charity.name} (${donation.quantity} x ${gift.title}).`
      : `Thank you for your general donation of ${amount} to ${charity.name}.`,
    '',
  ];
  const closing = ['', `See more of ${charity.name}'s work: ${deps.siteUrl}/${donation.country}/charity/${charity.charityUrl}`];
  const text = [...opening, `Your receipt as a PDF: ${link}`, '', document.title, ...documentLines(document.blocks), ...closing].join('\n');
  const paragraphs = (lines: string[]) => lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    paragraphs(opening),
    `<p><a href="${escapeHtml(link)}">Download your receipt (PDF)</a></p>`,
    `<h1>${escapeHtml(document.title)}</h1>`,
    documentHtml(document.blocks),
    paragraphs(closing),
  ].join('\n');
  await deps.mailer.send({ to: completed.donorEmail, subject: `Your receipt for your donation to ${charity.name}`, text, html });
}

/** Whether a link's token is the receipt's (compared in constant time). */
function tokenMatches(receipt: IssuedReceipt, token: string): boolean {
  const expected = Buffer.from(receipt.linkToken);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The receipt behind an e-mailed link. Any mismatch — no such donation, no receipt issued, a wrong token — is the
 * same 404, so the link reveals nothing about other donations.
 */
export async function receiptForLink(deps: Omit<ReceiptDeps, 'clock' | 'charities'>, donationId: string, token: string): Promise<PrintableDocument> {
  const receipt = await deps.receipts.get(donationId);
  if (!receipt || !tokenMatches(receipt, token)) throw notFound('The receipt');
  const donation = await deps.payments.getDonation(donationId);
  if (!donation) throw notFound('The receipt');
  const { matches, refunds } = await extrasOf(deps, donation);
  return receiptDocument(donation, receipt.charity, matches, refunds);
}

/**
 * The charity as the donation's receipt states it: as kept when the receipt was issued, or — for a donation whose
 * receipt was never e-mailed (one made before receipts were kept) — as donations' copy of the charity says now.
 */
export async function receiptCharityFor(
  deps: { receipts: Pick<ReceiptStore, 'get'>; charities: Pick<CharityDirectory, 'getById'> },
  donation: Donation,
): Promise<ReceiptCharity> {
  const receipt = await deps.receipts.get(donation.donationId);
  return receipt?.charity ?? receiptCharityOf(donation, await deps.charities.getById(donation.priced.charity.id));
}

/** A signed-in member's own donation's receipt; another member's, or none, is a 404. */
/** Payroll giving has no receipt (NZ: the tax credit came with the pay; AU: the employer's income statement is the evidence). */
export const PAYROLL_NO_RECEIPT = 'Payroll gifts have no receipt: your payslip and your employer’s income statement record them.';

export async function memberReceipt(deps: Omit<ReceiptDeps, 'clock'>, memberId: string, donationId: string): Promise<PrintableDocument> {
  const donation = await deps.payments.getDonation(donationId);
  if (!donation || donation.memberId !== memberId) throw notFound('The donation');
  if (donation.paymentType === 'PAYROLL') throw new DomainError('NotFound', PAYROLL_NO_RECEIPT);
  const { matches, refunds } = await extrasOf(deps, donation);
  return receiptDocument(donation, await receiptCharityFor(deps, donation), matches, refunds);
}

/**
 * DonationRefunded -> the donor is told what came back and where, and gets the receipt as it now stands (the same
 * PDF link as their first receipt: it now opens the receipt that replaces it). Guests too: their receipt e-mail's
 * address is on the donation.
 */
export async function sendRefundNotice(
  deps: Omit<ReceiptDeps, 'matches'> & { refunds: Pick<RefundBook, 'list' | 'get'>; mailer: Mailer; siteUrl: string },
  refunded: EventData<typeof DonationRefunded>,
): Promise<void> {
  const donation = await deps.payments.getDonation(refunded.donationId);
  if (!donation) throw new Error(`DonationRefunded ${refunded.donationId} has no donation record`);
  const refund = await deps.refunds.get(refunded.donationId, refunded.refundId);
  if (!refund) throw new Error(`DonationRefunded ${refunded.refundId} has no refund record`);
  const receipt = await issueReceipt(deps, donation);
  const document = receiptDocument(donation, receipt.charity, [], await deps.refunds.list(donation.donationId));
  const country = donation.country;
  const money$ = (cents: number) => formatIn(country, money(cents, refund.currency));
  const charity = donation.priced.charity.name;
  const where = [
    ...(refund.parts.card > 0 ? [`${money$(refund.parts.card)} to your card${donation.card ? ` (${cardText(donation.card)})` : ''}`] : []),
    ...(refund.parts.voucher > 0 ? [`${money$(refund.parts.voucher)} to your gift voucher`] : []),
  ];
  const link = receiptLink(deps.siteUrl, receipt);
  const opening = [
    `Dear ${donation.receiptName},`,
    '',
    `We have refunded ${money$(refund.total)} of your ${dateIn(country, donation.completedAt)} donation to ${charity} (receipt ${donation.trackingNumber}): ${where.join(' and ')}.`,
    refund.parts.card > 0 ? 'A card refund usually reaches your account within 5 to 10 working days, depending on your bank.' : '',
    '',
    receiptAmounts(donation).donation.cents > 0
      ? `Your receipt has been replaced by receipt ${receiptNumberOf(donation)}, for the ${TAX_RULES[country].noun} ${charity} kept. Use it, not the first one, if you claim for tax.`
      : `Your receipt has been replaced by receipt ${receiptNumberOf(donation)}: nothing is left of the ${TAX_RULES[country].noun} to claim for tax.`,
    '',
  ];
  const text = [...opening, `Your receipt as a PDF: ${link}`, '', document.title, ...documentLines(document.blocks)].join('\n');
  const paragraphs = (lines: string[]) => lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [paragraphs(opening), `<p><a href="${escapeHtml(link)}">Download your receipt (PDF)</a></p>`, `<h1>${escapeHtml(document.title)}</h1>`, documentHtml(document.blocks)].join('\n');
  if (!donation.donorEmail) return;
  await deps.mailer.send({ to: donation.donorEmail, subject: `Your refund from Koha: ${charity}`, text, html });
}
