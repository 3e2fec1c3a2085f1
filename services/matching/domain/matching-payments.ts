import type { Clock } from '@giving/shared/clock';
import {
  MORE_THAN_OWED,
  type MatchingPaymentList,
  type MatchingPaymentRecord,
  type MatchingPeriod,
  type RecordMatchingPayment,
} from '@giving/shared/contracts/matching-payments';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { toCsv } from '@giving/shared/csv';
import { conflict, DomainError, notFound } from '@giving/shared/errors';
import { calendarDayText, COUNTRY_TIME_ZONES, localDateText, localDay } from '@giving/shared/local-time';
import { formatMoney, money, type Currency } from '@giving/shared/money';
import type { PrintableBlock, PrintableDocument } from '@giving/shared/printing/printable';
import type { MatchEntry, MatchLedger } from './ledger';
import type { CampaignStore, StoredCampaign } from './ports';

/**
 * Matching payments (issue 16 item 7): each campaign's bonuses add up month by month (the ledger moves the month's
 * totals in the same transaction as the bonus), what the workplace paid is recorded against a month by the back
 * office, and the invoice (the spec's "campaign report") lists a month's matches as a PDF and a CSV.
 * A month is a calendar month in the campaign's country, by when the match was made.
 */

export type MatchingPeriodRecord = MatchingPeriod;
export type RecordPaymentOutcome =
  | { outcome: 'recorded'; payment: MatchingPaymentRecord }
  | { outcome: 'already'; payment: MatchingPaymentRecord; campaignId: string; period: string }
  | { outcome: 'more-than-owed' }
  | { outcome: 'no-period' };

export interface PaymentBook {
  periodsOf(campaignId: string): Promise<MatchingPeriodRecord[]>;
  /** Every campaign's months across workplaces, newest month first. */
  allPeriods(): Promise<MatchingPeriodRecord[]>;
  period(campaignId: string, period: string): Promise<MatchingPeriodRecord | undefined>;
  /** Records the payment once (by its id) and takes it off what is owed, never below nothing. */
  recordPayment(campaignId: string, period: string, payment: MatchingPaymentRecord): Promise<RecordPaymentOutcome>;
}

export interface PaymentDeps {
  campaigns: Pick<CampaignStore, 'get' | 'listByWorkplace'>;
  book: PaymentBook;
  ledger: Pick<MatchLedger, 'entries'>;
  clock: Clock;
}

const newestFirst = (a: MatchingPeriodRecord, b: MatchingPeriodRecord) =>
  b.period.localeCompare(a.period) || a.workplace.name.localeCompare(b.workplace.name) || a.campaignName.localeCompare(b.campaignName);

/** The items' sums, one per currency (a workplace's campaigns may be in NZD and AUD). */
function listOf(items: MatchingPeriodRecord[]): MatchingPaymentList {
  const totals = new Map<Currency, MatchingPaymentList['totals'][number]>();
  for (const item of items) {
    const total = totals.get(item.currency) ?? { currency: item.currency, matchedAmount: 0, donationsMatched: 0, paidAmount: 0, owedAmount: 0 };
    total.matchedAmount += item.matchedAmount;
    total.donationsMatched += item.donationsMatched;
    total.paidAmount += item.paidAmount;
    total.owedAmount += item.owedAmount;
    totals.set(item.currency, total);
  }
  return { items, totals: [...totals.values()] };
}

/** GET /matching/workplace/{workplaceId}/payments: what the workplace's campaigns matched and it owes, month by month. */
export async function workplacePayments(deps: Pick<PaymentDeps, 'campaigns' | 'book'>, workplaceId: string): Promise<MatchingPaymentList> {
  const campaigns = await deps.campaigns.listByWorkplace(workplaceId);
  const periods = (await Promise.all(campaigns.map((campaign) => deps.book.periodsOf(campaign.id)))).flat();
  return listOf(periods.sort(newestFirst));
}

/** GET /matching/backoffice/payments?status=owed|paid|all: every workplace's months (default: those still owing). */
export async function backOfficePayments(deps: Pick<PaymentDeps, 'book'>, status: 'owed' | 'paid' | 'all' = 'owed'): Promise<MatchingPaymentList> {
  const periods = (await deps.book.allPeriods()).filter((item) =>
    status === 'all' ? true : status === 'owed' ? item.owedAmount > 0 : item.owedAmount === 0 && item.matchedAmount > 0,
  );
  return listOf(periods.sort(newestFirst));
}

/**
 * POST /matching/backoffice/payments: a workplace's payment, recorded against one campaign's month. The request's
 * Idempotency-Key is the payment's id, so a retry answers the payment recorded first and records nothing new.
 */
export async function recordPayment(
  deps: Pick<PaymentDeps, 'campaigns' | 'book' | 'clock'>,
  input: RecordMatchingPayment,
  idempotencyKey: string,
  recordedBy: string,
): Promise<{ created: boolean; payment: MatchingPaymentRecord; period: MatchingPeriodRecord }> {
  const campaign = await deps.campaigns.get(input.workplaceId, input.campaignId);
  if (!campaign) throw notFound('The campaign');
  const payment: MatchingPaymentRecord = {
    paymentId: idempotencyKey,
    amount: input.amount,
    currency: campaign.currency,
    receivedOn: input.receivedOn,
    reference: input.reference,
    recordedAt: deps.clock.now().toISOString(),
    recordedBy,
  };
  const result = await deps.book.recordPayment(campaign.id, input.period, payment);
  if (result.outcome === 'already') {
    const first = result.payment;
    const same = result.campaignId === campaign.id && result.period === input.period && first.amount === input.amount && first.receivedOn === input.receivedOn && first.reference === input.reference;
    // The key recorded another payment: this request is not a retry of it.
    if (!same) throw new DomainError('IdempotencyKeyReused');
  }
  if (result.outcome === 'no-period') throw notFound(`A month matched by ${campaign.name} in ${monthText(campaign.country, input.period)}`);
  if (result.outcome === 'more-than-owed') throw conflict(MORE_THAN_OWED);
  const period = await deps.book.period(campaign.id, result.outcome === 'already' ? result.period : input.period);
  if (!period) throw notFound('The month');
  return { created: result.outcome === 'recorded', payment: result.payment, period };
}

/** "November 2026". */
export const monthText = (country: CountryCode, period: string) =>
  new Intl.DateTimeFormat(COUNTRIES[country].locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`));

const GIVING_TYPE_TEXT: Record<MatchEntry['givingType'], string> = { CreditCard: 'Card', PayrollGiving: 'Payroll giving', ExternalDonation: 'External donation' };
const MATCH_TYPE_TEXT: Record<MatchEntry['matchType'], string> = { Donation: 'To the charity', Voucher: 'Gift voucher to the member' };
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40) || 'campaign';

/** The invoice's number: the campaign's id and the month ("M-01JC…-202611"); the whole campaign's report has none. */
export const invoiceNumber = (campaignId: string, period: string) => `M-${campaignId}-${period.replace('-', '')}`;

interface InvoiceData {
  campaign: StoredCampaign;
  period?: string;
  entries: MatchEntry[];
  periods: MatchingPeriodRecord[];
}

async function invoiceData(deps: Pick<PaymentDeps, 'campaigns' | 'book' | 'ledger'>, workplaceId: string, campaignId: string, period?: string): Promise<InvoiceData> {
  const campaign = await deps.campaigns.get(workplaceId, campaignId);
  if (!campaign) throw notFound('The campaign');
  const [entries, periods] = await Promise.all([deps.ledger.entries(campaignId), deps.book.periodsOf(campaignId)]);
  const inPeriod = (entry: MatchEntry) => period === undefined || entry.period === period;
  return {
    campaign,
    ...(period ? { period } : {}),
    entries: entries.filter(inPeriod).sort((a, b) => a.matchedAt.localeCompare(b.matchedAt) || a.donationId.localeCompare(b.donationId)),
    periods: periods.filter((p) => period === undefined || p.period === period),
  };
}


function fileName(data: InvoiceData, extension: 'pdf' | 'csv') {
  return `matching-invoice-${slug(data.campaign.name)}-${data.period ?? 'to-date'}.${extension}`;
}

/** GET .../campaigns/{campaignId}/report/pdf?period=: the invoice (a month) or the campaign's report so far, as a printable document. */
export async function invoiceDocument(deps: Pick<PaymentDeps, 'campaigns' | 'book' | 'ledger' | 'clock'>, workplaceId: string, campaignId: string, period?: string): Promise<PrintableDocument> {
  const data = await invoiceData(deps, workplaceId, campaignId, period);
  const { campaign, entries, periods } = data;
  const country = campaign.country;
  const format = (cents: number) => formatMoney(money(cents, campaign.currency), COUNTRIES[country].locale);
  const date = (at: string) => localDateText(at, country, 'day');
  const matched = periods.reduce((sum, p) => sum + p.matchedAmount, 0);
  const paid = periods.reduce((sum, p) => sum + p.paidAmount, 0);
  const owed = periods.reduce((sum, p) => sum + p.owedAmount, 0);
  const payments = periods.flatMap((p) => p.payments.map((payment) => ({ ...payment, period: p.period })));
  const byCharity = new Map<string, number>();
  let vouchers = 0;
  for (const entry of entries) {
    if (entry.matchType === 'Voucher') vouchers += entry.amount;
    else byCharity.set(entry.charityName || 'Charity', (byCharity.get(entry.charityName || 'Charity') ?? 0) + entry.amount);
  }
  const what = period ? monthText(country, period) : `${calendarDayText(campaign.startsOn, country, 'long')} to ${localDateText(deps.clock.now(), country, 'long')}`;
  const blocks: PrintableBlock[] = [
    {
      kind: 'fields',
      fields: [
        ...(period ? [{ label: 'Invoice number', value: invoiceNumber(campaign.id, period) }] : []),
        { label: 'Date', value: localDateText(deps.clock.now(), country, 'long') },
        { label: 'Bill to', value: campaign.workplace.name },
        { label: 'Campaign', value: campaign.name },
        { label: period ? 'Month' : 'Period', value: what },
        { label: 'Match', value: `${Math.round(campaign.matchRatio * 100)}% of each qualifying donation` },
      ],
    },
    {
      kind: 'table',
      caption: 'Matched donations',
      columns: [
        { header: 'Date', width: 0.16 },
        { header: 'Charity', width: 0.3 },
        { header: 'Given as', width: 0.16 },
        { header: 'Paid as', width: 0.14 },
        { header: 'Donation', width: 0.12, align: 'right' },
        { header: 'Match', width: 0.12, align: 'right' },
      ],
      rows: entries.map((entry) => [
        date(entry.matchedAt),
        entry.charityName || '—',
        GIVING_TYPE_TEXT[entry.givingType],
        entry.matchType === 'Voucher' ? 'Gift voucher' : 'Charity',
        format(entry.donationAmount),
        format(entry.amount),
      ]),
      totals: ['Total', '', '', '', format(entries.reduce((sum, e) => sum + e.donationAmount, 0)), format(entries.reduce((sum, e) => sum + e.amount, 0))],
    },
    ...(entries.length === 0 ? [{ kind: 'paragraph' as const, text: 'Nothing was matched in this period.' }] : []),
    {
      kind: 'table',
      caption: 'Where the matches go',
      columns: [
        { header: 'To', width: 0.7 },
        { header: 'Amount', width: 0.3, align: 'right' },
      ],
      rows: [...[...byCharity.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, cents]) => [name, format(cents)]), ...(vouchers > 0 ? [['Gift vouchers issued to your people', format(vouchers)]] : [])],
    },
    ...(payments.length
      ? [
          {
            kind: 'table' as const,
            caption: 'Payments received',
            columns: [
              { header: 'Received', width: 0.25 },
              { header: 'Reference', width: 0.5 },
              { header: 'Amount', width: 0.25, align: 'right' as const },
            ],
            // A calendar day, not an instant: read in no time zone (midday UTC would be the next day in New Zealand).
            rows: payments.map((payment) => [calendarDayText(payment.receivedOn, country, 'day'), payment.reference, format(payment.amount)]),
          },
        ]
      : []),
    {
      kind: 'fields',
      fields: [
        { label: 'Matched', value: format(matched) },
        { label: 'Paid', value: format(paid) },
        { label: 'Amount due', value: format(owed) },
      ],
    },
    {
      kind: 'paragraph',
      text:
        owed > 0
          ? `Please pay ${format(owed)} by bank transfer to Koha, quoting ${period ? `the invoice number ${invoiceNumber(campaign.id, period)}` : `the campaign name “${campaign.name}”`} as the reference.`
          : 'Nothing is due for this period. Thank you.',
    },
    {
      kind: 'paragraph',
      text:
        `Matched gifts are ${campaign.workplace.name}’s own donations: Koha passes each charity’s share on in full with its next remittance, and the charity receipts ${campaign.workplace.name} for it. ` +
        'Matches paid as gift vouchers were issued to your people when their donations were matched. No GST is charged on donations.',
    },
  ];
  return {
    title: period ? 'Matching invoice' : 'Matching campaign report',
    subtitle: `${campaign.workplace.name} · ${campaign.name} · ${what}`,
    blocks,
    footer: `Koha · ${period ? `Matching invoice ${invoiceNumber(campaign.id, period)}` : `Matching campaign report · ${campaign.name}`}`,
    fileName: fileName(data, 'pdf'),
  };
}

/** GET .../campaigns/{campaignId}/report/csv?period=: the same matches, a row each, for finance's systems. */
export async function invoiceCsv(deps: Pick<PaymentDeps, 'campaigns' | 'book' | 'ledger'>, workplaceId: string, campaignId: string, period?: string) {
  const data = await invoiceData(deps, workplaceId, campaignId, period);
  const { campaign } = data;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const rows = data.entries.map((entry) => [
    period ? invoiceNumber(campaign.id, period) : '',
    entry.period,
    localDay(entry.matchedAt, COUNTRY_TIME_ZONES[campaign.country]),
    campaign.name,
    entry.donationId,
    entry.charityName ?? '',
    GIVING_TYPE_TEXT[entry.givingType],
    MATCH_TYPE_TEXT[entry.matchType],
    dollars(entry.donationAmount),
    dollars(entry.amount),
    entry.currency,
  ]);
  const header = ['Invoice', 'Month', 'Matched on', 'Campaign', 'Donation', 'Charity', 'Giving type', 'Match paid as', 'Donation amount', 'Match amount', 'Currency'];
  return { fileName: fileName(data, 'csv'), text: toCsv(header, rows) };
}
