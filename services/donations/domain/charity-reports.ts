import type { Clock } from '@giving/shared/clock';
import {
  ANONYMOUS_DONOR,
  CSV_TOO_LONG_MESSAGE,
  GENERAL_DONATION_LABEL,
  MAX_CSV_ROWS,
  PAYOUT_IN_FUTURE_MESSAGE,
  PAYOUT_MORE_THAN_OWED_MESSAGE,
  REPORT_PAGE_SIZE,
  type DonationReportFilter as FilterQuery,
  type DonationReportPage,
  type DonationReportQuery,
  type DonationReportRow,
  type NewPayout,
  type Payout,
  type Remittance,
  type RemittanceMonth,
} from '@giving/shared/contracts/charity-reports';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { toCsv } from '@giving/shared/csv';
import { DomainError, invalid, notFound } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, csvDateTime, localDay, localMonth, nextDay, startOfLocalDay } from '@giving/shared/local-time';
import { centsToDollarString, money, type Currency } from '@giving/shared/money';
import { fingerprintOf } from './payments';
import type { CharityDirectory, CharityLedger, CharityProjection, CountedDonation, Donation, DonationReportFilter, DonationReportSource, StoredPayout } from './ports';

/**
 * The charity's side of its donations: the donation report (with totals and a CSV file), what it is owed month by
 * month, and the payouts the back office records. Amounts are what the charity receives; the tip is the platform's.
 */

/** How many payouts the remittance screen lists (newest first). */
export const REMITTANCE_PAYOUTS = 100;

async function charityOf(charities: Pick<CharityDirectory, 'getById'>, charityId: string): Promise<CharityProjection> {
  const charity = await charities.getById(charityId);
  if (!charity) throw notFound('Charity');
  return charity;
}

const timeZoneOf = (country: CountryCode) => COUNTRY_TIME_ZONES[country];

/** Inclusive local days -> [from, to) instants in the charity's time zone. */
export function filterFor(query: FilterQuery, country: CountryCode): DonationReportFilter {
  const timeZone = timeZoneOf(country);
  return {
    ...(query.from ? { fromIso: startOfLocalDay(query.from, timeZone).toISOString() } : {}),
    ...(query.to ? { toIso: startOfLocalDay(nextDay(query.to), timeZone).toISOString() } : {}),
    ...(query.giftId ? { giftId: query.giftId } : {}),
    ...(query.paymentType ? { paymentType: query.paymentType } : {}),
  };
}

/** What a charity sees of a donation: an anonymous donor's name and receipt name are never shown. */
export function reportRow(donation: Donation): DonationReportRow {
  return {
    donationId: donation.donationId,
    trackingNumber: donation.trackingNumber,
    completedAt: donation.completedAt,
    donorName: donation.isAnonymous ? ANONYMOUS_DONOR : donation.donorName,
    receiptName: donation.isAnonymous ? ANONYMOUS_DONOR : donation.receiptName,
    isAnonymous: donation.isAnonymous,
    ...(donation.priced.gift ? { gift: { id: donation.priced.gift.id, title: donation.priced.gift.title } } : {}),
    quantity: donation.quantity,
    amount: donation.priced.amount,
    paymentType: donation.paymentType,
  };
}

export async function donationReportPage(
  deps: { reports: DonationReportSource; charities: Pick<CharityDirectory, 'getById'> },
  charityId: string,
  query: DonationReportQuery,
): Promise<DonationReportPage> {
  const charity = await charityOf(deps.charities, charityId);
  const filter = filterFor(query, charity.country);
  const [page, totals] = await Promise.all([
    deps.reports.page(charityId, filter, REPORT_PAGE_SIZE, query.cursor),
    query.cursor ? undefined : deps.reports.totals(charityId, filter),
  ]);
  const currency = COUNTRIES[charity.country].currency;
  return {
    items: page.items.map(reportRow),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    ...(totals ? { totals: { count: totals.count, amount: money(totals.cents, currency) } } : {}),
  };
}

export const CSV_HEADER = ['Date', 'Donor', 'Receipt name', 'Gift', 'Quantity', 'Amount', 'Currency', 'Payment type', 'Tracking number'] as const;

/**
 * Every donation the filters match as a CSV file (header row first, newest first), named after the charity and the
 * dates. More than MAX_CSV_ROWS donations is refused (choose a shorter range) rather than cut short silently.
 */
export async function donationReportCsv(
  deps: { reports: DonationReportSource; charities: Pick<CharityDirectory, 'getById'>; clock: Clock },
  charityId: string,
  query: FilterQuery,
): Promise<{ filename: string; text: string }> {
  const charity = await charityOf(deps.charities, charityId);
  const timeZone = timeZoneOf(charity.country);
  const donations = await deps.reports.all(charityId, filterFor(query, charity.country), MAX_CSV_ROWS);
  if (donations === 'too-many') throw invalid([{ field: 'query.from', message: CSV_TOO_LONG_MESSAGE }]);
  const rows = donations.map((donation) => {
    const row = reportRow(donation);
    return [
      // The charity's local day and time ('2026-03-01 09:15'): the one rule for dates in files.
      csvDateTime(row.completedAt, charity.country),
      row.donorName,
      row.receiptName,
      row.gift?.title ?? GENERAL_DONATION_LABEL,
      row.quantity,
      centsToDollarString(row.amount.cents),
      row.amount.currency,
      row.paymentType,
      row.trackingNumber,
    ];
  });
  const to = query.to ?? localDay(deps.clock.now(), timeZone);
  const filename = `${charity.charityUrl}-donations-${query.from ? `${query.from}-to-` : 'to-'}${to}.csv`;
  return { filename, text: toCsv(CSV_HEADER, rows) };
}

/**
 * A completed donation adds its amount (never the tip) to what its charity is owed, once: in the month it was made,
 * in the charity's time zone; and, in the same once-only write, to the dashboards' figures for its day and its gift
 * or page. Donations that are not to a charity (none today) are left out.
 */
export async function countDonation(deps: { ledger: Pick<CharityLedger, 'countDonation'> }, donation: Donation): Promise<'counted' | 'already' | 'skipped'> {
  const counted = countedDonationOf(donation);
  return counted ? deps.ledger.countDonation(counted) : 'skipped';
}

/** What a completed donation adds to its charity's figures: its local month and day, amount, gift or page. */
export function countedDonationOf(donation: Donation): CountedDonation | undefined {
  const charityId = donation.priced?.charity?.id;
  if (!charityId) return undefined;
  const { gift, page } = donation.priced;
  return {
    donationId: donation.donationId,
    charityId,
    month: localMonth(donation.completedAt, timeZoneOf(donation.country)),
    day: localDay(donation.completedAt, timeZoneOf(donation.country)),
    amount: donation.priced.amount,
    ...(gift ? { gift: { id: gift.id, title: gift.title } } : {}),
    ...(page ? { page: { id: page.id, title: page.title, ownerName: page.ownerName, eventUrl: page.eventUrl, pageUrl: page.pageUrl } } : {}),
  };
}

const toPayout = ({ charityId: _charityId, ...payout }: StoredPayout): Payout => payout;

/** Owed and paid overall, and per month (newest first) with the balance still owed at each month's end. */
export async function getRemittance(deps: { ledger: Pick<CharityLedger, 'get'>; charities: Pick<CharityDirectory, 'getById'> }, charityId: string): Promise<Remittance> {
  const charity = await charityOf(deps.charities, charityId);
  const state = await deps.ledger.get(charityId, REMITTANCE_PAYOUTS);
  const currency: Currency = state.currency ?? COUNTRIES[charity.country].currency;
  let balance = 0;
  const months: RemittanceMonth[] = [...state.months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((month) => {
      balance += month.receivedCents - month.refundedCents - month.paidCents;
      return {
        month: month.month,
        donationCount: month.donationCount,
        received: money(month.receivedCents, currency),
        refunded: money(month.refundedCents, currency),
        paid: money(month.paidCents, currency),
        balance: money(balance, currency),
      };
    })
    .reverse();
  return {
    owed: money(state.owedCents, currency),
    received: money(state.receivedCents, currency),
    refunded: money(state.refundedCents, currency),
    paid: money(state.paidCents, currency),
    months,
    payouts: state.payouts.map(toPayout),
  };
}

/**
 * The back office records money paid to the charity: it is taken from what is owed in the same transaction that
 * stores it, which refuses paying more than is owed. Idempotent on the request's key (same key, same request: the same
 * payout; same key, another request: 422).
 */
export async function recordPayout(
  deps: { ledger: Pick<CharityLedger, 'recordPayout'>; charities: Pick<CharityDirectory, 'getById'>; clock: Clock; newId: () => string },
  charityId: string,
  input: NewPayout,
  idempotencyKey: string,
  recordedBy: string,
): Promise<Payout> {
  const charity = await charityOf(deps.charities, charityId);
  const now = deps.clock.now();
  if (input.paidAt > localDay(now, timeZoneOf(charity.country))) throw invalid([{ field: 'body.paidAt', message: PAYOUT_IN_FUTURE_MESSAGE }]);
  const payout: StoredPayout = {
    payoutId: deps.newId(),
    charityId,
    amount: money(input.amount, COUNTRIES[charity.country].currency),
    reference: input.reference,
    paidAt: input.paidAt,
    recordedAt: now.toISOString(),
    recordedBy,
  };
  const fingerprint = fingerprintOf({ charityId, ...input });
  const result = await deps.ledger.recordPayout(payout, input.paidAt.slice(0, 7), idempotencyKey, fingerprint);
  if (result.outcome === 'more-than-owed') {
    throw new DomainError('Conflict', PAYOUT_MORE_THAN_OWED_MESSAGE, [{ field: 'body.amount', message: PAYOUT_MORE_THAN_OWED_MESSAGE }]);
  }
  if (result.outcome === 'repeat') {
    if (result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
    return toPayout(result.payout);
  }
  return toPayout(payout);
}
