import type { TaxYearList, TaxYearSummary } from '@giving/shared/contracts/member-giving';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { DomainError } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, localDateText, localDay, localInstant } from '@giving/shared/local-time';
import { money } from '@giving/shared/money';
import type { CharityDirectory, Donation, DonationHistory } from './ports';
import type { PrintableDocument } from '@giving/shared/printing/printable';
import { claimableCents, formatIn, receiptAmounts, receiptCharityOf, TAX_RULES, type ReceiptCharity, type ReceiptStore } from './receipts';

/**
 * A member's annual tax statement: every donation they made to charities in one country's tax year (New Zealand
 * 1 April–31 March, Australia 1 July–30 June, on that country's calendar), with the country's wording and what they
 * can claim. Tips and card fees are not donations and are never counted.
 */

/** The month each country's tax year starts in. */
const START_MONTH: Readonly<Record<CountryCode, number>> = { nz: 4, au: 7 };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');

export interface TaxYear {
  country: CountryCode;
  /** Named by the calendar year it ends in (IRD's "2027 tax year", the ATO's "2026–27 financial year"). */
  year: number;
  name: string;
  /** "1 April 2026 to 31 March 2027". */
  period: string;
  /** The instants it runs between, [fromIso, toIso). */
  fromIso: string;
  toIso: string;
}

/** The tax year an instant falls in, on the country's calendar. */
export function taxYearOf(country: CountryCode, at: string | Date): number {
  const [year, month] = localDay(at, COUNTRY_TIME_ZONES[country]).split('-').map(Number) as [number, number];
  return month >= START_MONTH[country] ? year + 1 : year;
}

export function taxYear(country: CountryCode, year: number): TaxYear {
  const start = START_MONTH[country];
  const zone = COUNTRY_TIME_ZONES[country];
  const lastMonth = start - 1;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return {
    country,
    year,
    name: country === 'nz' ? `${year} tax year` : `${year - 1}–${pad(year % 100)} financial year`,
    period: `1 ${MONTHS[start - 1]} ${year - 1} to ${lastDay} ${MONTHS[lastMonth - 1]} ${year}`,
    fromIso: localInstant(`${year - 1}-${pad(start)}-01`, '00:00', zone).toISOString(),
    toIso: localInstant(`${year}-${pad(start)}-01`, '00:00', zone).toISOString(),
  };
}

/** The tax years the member gave in, per country, newest first (New Zealand's before Australia's in the same year). */
export async function listTaxYears(deps: { history: Pick<DonationHistory, 'listCompleted'> }, memberId: string): Promise<TaxYearList> {
  const years = new Map<string, TaxYearSummary>();
  for (const donation of await deps.history.listCompleted(memberId)) {
    // Payroll gifts are not on tax statements (see taxStatement).
    if (donation.paymentType === 'PAYROLL') continue;
    const year = taxYearOf(donation.country, donation.completedAt);
    const key = `${donation.country}#${year}`;
    const known = years.get(key);
    if (known) {
      known.donationCount += 1;
      known.total = money(known.total.cents + donation.priced.amount.cents, known.total.currency);
    } else {
      const { name, period } = taxYear(donation.country, year);
      years.set(key, { country: donation.country, taxYear: year, name, period, donationCount: 1, total: donation.priced.amount });
    }
  }
  const order = Object.keys(COUNTRIES);
  return { items: [...years.values()].sort((a, b) => b.taxYear - a.taxYear || order.indexOf(a.country) - order.indexOf(b.country)) };
}

/** "21 Nov 2026" in the country's time zone (the one rule, shared/local-time.ts). */
const shortDate = (country: CountryCode, at: string) => localDateText(at, country, 'day');

/** What each donation's receipt states about its charity: as issued, else as donations' copy says now. */
async function charitiesOf(
  deps: { receipts: Pick<ReceiptStore, 'getMany'>; charities: Pick<CharityDirectory, 'getById'> },
  donations: readonly Donation[],
): Promise<Map<string, ReceiptCharity>> {
  const issued = await deps.receipts.getMany(donations.map((d) => d.donationId));
  const copies = new Map<string, Awaited<ReturnType<CharityDirectory['getById']>>>();
  const result = new Map<string, ReceiptCharity>();
  for (const donation of donations) {
    const receipt = issued.get(donation.donationId);
    if (receipt) {
      result.set(donation.donationId, receipt.charity);
      continue;
    }
    const id = donation.priced.charity.id;
    if (!copies.has(id)) copies.set(id, await deps.charities.getById(id));
    result.set(donation.donationId, receiptCharityOf(donation, copies.get(id)));
  }
  return result;
}

/** The statement for one country's tax year; a year the member gave nothing in is a 404. */
export async function taxStatement(
  deps: { history: Pick<DonationHistory, 'listCompleted'>; receipts: Pick<ReceiptStore, 'getMany'>; charities: Pick<CharityDirectory, 'getById'> },
  member: { memberId: string; email?: string },
  country: CountryCode,
  year: number,
): Promise<PrintableDocument> {
  const period = taxYear(country, year);
  // Payroll gifts are left out: NZ employees had the tax credit in their pay, and AU employers' income statements
  // already evidence them; counting them here would let them be claimed twice.
  const donations = (await deps.history.listCompleted(member.memberId, { fromIso: period.fromIso, toIso: period.toIso })).filter(
    (d) => d.country === country && d.paymentType !== 'PAYROLL',
  );
  if (donations.length === 0) {
    throw new DomainError('NotFound', `You made no donations in ${COUNTRIES[country].name} in the ${period.name} (${period.period}).`);
  }
  const charities = await charitiesOf(deps, donations);
  const rule = TAX_RULES[country];
  const currency = donations[0]!.priced.amount.currency;
  let total = 0;
  let claimable = 0;
  const rows = donations.map((donation) => {
    const charity = charities.get(donation.donationId)!;
    const eligible = claimableCents(donation, charity);
    total += receiptAmounts(donation).donation.cents;
    claimable += eligible;
    return [
      shortDate(country, donation.completedAt),
      charity.name,
      donation.trackingNumber,
      formatIn(country, donation.priced.amount),
      formatIn(country, money(eligible, currency)),
    ];
  });
  const $ = (cents: number) => formatIn(country, money(cents, currency));
  const latest = donations[donations.length - 1]!;
  const nz = country === 'nz';
  const minimum = $(rule.minimumCents);
  return {
    title: 'Annual tax statement',
    subtitle: `${period.name}: ${period.period}`,
    blocks: [
      {
        kind: 'fields',
        fields: [
          { label: 'Prepared for', value: latest.receiptName },
          ...(member.email ? [{ label: 'E-mail', value: member.email }] : []),
          { label: 'Country', value: COUNTRIES[country].name },
          { label: nz ? 'Tax year' : 'Financial year', value: `${period.name} (${period.period})` },
          { label: nz ? 'Donations' : 'Gifts', value: String(donations.length) },
          { label: nz ? 'Total donated' : 'Total given', value: $(total) },
          { label: rule.claimableLabel, value: $(claimable) },
          ...(nz ? [{ label: 'Donation tax credit at 33⅓%', value: $(Math.floor(claimable / 3)) }] : []),
        ],
      },
      {
        kind: 'table',
        caption: nz ? 'Your donations' : 'Your gifts',
        columns: [
          { header: 'Date', width: 0.13 },
          { header: 'Charity', width: 0.25 },
          // A receipt number is 26 characters that must not wrap: room for ~63 mm at 9 pt (a typical one is ~56 mm).
          { header: 'Receipt number', width: 0.38 },
          { header: nz ? 'Donation' : 'Gift', width: 0.12, align: 'right' },
          { header: nz ? 'Eligible' : 'Deductible', width: 0.12, align: 'right' },
        ],
        rows,
        totals: ['Total', '', '', $(total), $(claimable)],
      },
      { kind: 'heading', text: nz ? 'Claiming your donation tax credit' : 'Claiming your tax deduction' },
      {
        kind: 'paragraph',
        text: nz
          ? `Donations of ${minimum} or more to approved donee organisations are eligible for a donation tax credit of 33⅓%, up to your taxable income. Claim it from Inland Revenue in myIR or with an IR526 form once the tax year has ended on 31 March.`
          : `Gifts of ${minimum} or more to deductible gift recipients (DGRs) are tax deductible. Claim the tax deductible total as gifts and donations in your tax return for the ${period.name}.`,
      },
      {
        kind: 'paragraph',
        text: nz
          ? `A donation shows ${$(0)} as eligible when its charity is not recorded with us as an approved donee organisation, when it was under ${minimum}, or when a gift voucher paid it.`
          : `A gift shows ${$(0)} as deductible when its charity is not recorded with us as a DGR, when it was under ${minimum}, or when a gift voucher paid it.`,
      },
      {
        kind: 'paragraph',
        text: `Only what the charities received is listed. Tips to Koha and card transaction fees are not ${rule.noun}s, and the part of a ${rule.noun} a gift voucher paid is not yours to claim: none of them is counted as eligible.`,
      },
      {
        kind: 'paragraph',
        text: `Each ${rule.noun} has its own receipt with the number shown, issued on the charity's behalf; download them from your donation history on Koha. ${nz ? 'Inland Revenue' : 'The ATO'} may ask to see them.`,
      },
    ],
    footer: `Koha · Annual tax statement · ${period.name} (${COUNTRIES[country].name})`,
    fileName: `koha-tax-statement-${country}-${year}.pdf`,
  };
}
