import type { EventData } from '@giving/shared/events';
import type { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { toCsv } from '@giving/shared/csv';
import { invalid } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, daysInMonth, localDay, localMonth, previousMonth } from '@giving/shared/local-time';
import { money, type Currency } from '@giving/shared/money';
import type { TenantRoleCopy } from '@giving/shared/copies';
import type { BatchStore, EmployeeStore, WorkplaceProfileStore } from './ports';
import type { ExternalDonationStore } from './external-donations';

/**
 * The workplace's giving (issue 15 item 11): every donation its members make — by card, gift voucher or payroll —
 * is kept against the workplace (`GIVING#<completed at>#<donation id>`) with the member's business unit at the time,
 * so the donation report can be cut by charity, business unit, giving type and month, and the dashboard can show
 * giving figures. A repeated DonationCompleted writes nothing; a refund lowers the donation to what is left of it.
 */

export const GIVING_TYPES = ['CreditCard', 'Voucher', 'PayrollGiving'] as const;
export type GivingType = (typeof GIVING_TYPES)[number];
export const GIVING_TYPE_LABELS: Record<GivingType, string> = { CreditCard: 'Card', Voucher: 'Gift voucher', PayrollGiving: 'Payroll giving' };
const givingTypeOf = (paymentType: 'CARD' | 'VOUCHER' | 'PAYROLL'): GivingType => (paymentType === 'PAYROLL' ? 'PayrollGiving' : paymentType === 'VOUCHER' ? 'Voucher' : 'CreditCard');

export interface WorkplaceGift {
  donationId: string;
  workplaceId: string;
  memberId: string;
  charity: { id: string; name: string };
  businessUnitId?: string;
  givingType: GivingType;
  /** The local month (YYYY-MM) in the donation's country. */
  month: string;
  amount: { cents: number; currency: Currency };
  completedAt: string;
}

export interface GivingStore {
  /** Keeps the gift once: saving it again (a redelivered DonationCompleted) changes nothing. */
  save(gift: WorkplaceGift): Promise<void>;
  /** The workplaces the donation's gift was saved in (kept with the gift: the member may have left one since). */
  workplacesHolding(donationId: string): Promise<string[]>;
  /** Lowers the gift's amount to what is left of it after a refund; 'unchanged' when it is not there or already lower. */
  recordRefund(workplaceId: string, gift: Pick<WorkplaceGift, 'completedAt' | 'donationId'>, remainingCents: number): Promise<'recorded' | 'unchanged'>;
  /** The workplace's gifts completed in [from, to), oldest first, a page at a time. */
  between(workplaceId: string, fromIso: string, toIso: string): AsyncIterable<WorkplaceGift>;
}

/** DonationCompleted from a member of one or more workplaces -> a gift in each workplace's giving. */
export async function recordMemberDonation(
  deps: { giving: GivingStore; roles: Pick<TenantRoleCopy, 'workplacesOf'>; employees: Pick<EmployeeStore, 'get'> },
  donation: EventData<typeof DonationCompleted>,
): Promise<number> {
  if (!donation.donorMemberId) return 0;
  const workplaces = await deps.roles.workplacesOf(donation.donorMemberId);
  const country = donation.country === 'au' ? 'au' : 'nz';
  for (const workplace of workplaces) {
    const employee = await deps.employees.get(workplace.workplaceId, donation.donorMemberId);
    await deps.giving.save({
      donationId: donation.donationId,
      workplaceId: workplace.workplaceId,
      memberId: donation.donorMemberId,
      charity: { id: donation.charity.id, name: donation.charity.name },
      ...(employee?.businessUnitId ? { businessUnitId: employee.businessUnitId } : {}),
      givingType: givingTypeOf(donation.paymentType),
      month: localMonth(donation.completedAt, COUNTRY_TIME_ZONES[country]),
      amount: donation.amount,
      completedAt: donation.completedAt,
    });
  }
  return workplaces.length;
}

/**
 * DonationRefunded for a member's donation -> in each workplace's giving that holds it (where it was saved, even one the
 * member has left since; and, for gifts saved before that was kept, their workplaces now), the donation counts for
 * what is left of it (a donation refunded in full no longer counts at all: reports and the dashboard skip it).
 */
export async function recordMemberRefund(
  deps: { giving: Pick<GivingStore, 'recordRefund' | 'workplacesHolding'>; roles: Pick<TenantRoleCopy, 'workplacesOf'> },
  refund: EventData<typeof DonationRefunded>,
): Promise<number> {
  if (!refund.donorMemberId) return 0;
  const [holding, current] = await Promise.all([deps.giving.workplacesHolding(refund.donationId), deps.roles.workplacesOf(refund.donorMemberId)]);
  let recorded = 0;
  for (const workplaceId of new Set([...holding, ...current.map((workplace) => workplace.workplaceId)])) {
    if ((await deps.giving.recordRefund(workplaceId, refund, refund.remainingDonationCents)) === 'recorded') recorded += 1;
  }
  return recorded;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

/**
 * A report's months, checked ('query.from'/'query.to', at most ten years), and the instants to read between: a day
 * either side of the local months, as each item is then kept or not by its own local month.
 */
export function monthRange(range: { from: string; to: string }): { months: string[]; fromIso: string; toIso: string } {
  if (!MONTH.test(range.from)) throw invalid([{ field: 'query.from', message: 'Use a month such as 2026-01.' }]);
  if (!MONTH.test(range.to)) throw invalid([{ field: 'query.to', message: 'Use a month such as 2026-12.' }]);
  if (range.to < range.from) throw invalid([{ field: 'query.to', message: 'The last month is before the first.' }]);
  const months: string[] = [];
  for (let month = range.from; month <= range.to && months.length <= 120; month = nextMonth(month)) months.push(month);
  if (months.length > 120) throw invalid([{ field: 'query.to', message: 'Choose at most ten years.' }]);
  return {
    months,
    fromIso: new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 86_400_000).toISOString(),
    toIso: new Date(Date.parse(`${nextMonth(range.to)}-01T00:00:00Z`) + 86_400_000).toISOString(),
  };
}

export interface Figures {
  amount: { cents: number; currency: Currency };
  donations: number;
  donors: number;
}

export interface DonationReport {
  from: string;
  to: string;
  totals: Figures;
  byMonth: ({ month: string } & Figures)[];
  byCharity: ({ charityId: string; name: string } & Figures)[];
  byBusinessUnit: ({ businessUnitId: string; name: string } & Figures)[];
  byGivingType: ({ givingType: GivingType; name: string } & Figures)[];
}

class Tally {
  cents = 0;
  donations = 0;
  donors = new Set<string>();
  add(gift: WorkplaceGift) {
    // Refunded in full: no longer a donation.
    if (gift.amount.cents <= 0) return;
    this.cents += gift.amount.cents;
    this.donations += 1;
    this.donors.add(gift.memberId);
  }
  figures(currency: Currency): Figures {
    return { amount: money(this.cents, currency), donations: this.donations, donors: this.donors.size };
  }
}

function tallyOf<K>(tallies: Map<K, Tally>, key: K): Tally {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = new Tally()));
  return tally;
}

/**
 * The workplace's donations from one month to another (inclusive), in its country's months, added up as they are
 * read: only the totals are held, however many donations there are. Months with no giving are listed as zero.
 */
export async function donationReport(
  deps: { giving: GivingStore; workplaces: Pick<WorkplaceProfileStore, 'get'> },
  workplaceId: string,
  range: { from: string; to: string },
): Promise<DonationReport> {
  const { months, fromIso, toIso } = monthRange(range);

  const workplace = await deps.workplaces.get(workplaceId);
  const country = workplace?.country ?? 'nz';
  const currency: Currency = country === 'au' ? 'AUD' : 'NZD';
  const units = new Map((workplace?.businessUnits ?? []).map((unit) => [unit.id, unit.name]));
  const total = new Tally();
  const byMonth = new Map(months.map((month) => [month, new Tally()]));
  const byCharity = new Map<string, { name: string; tally: Tally }>();
  const byUnit = new Map<string, Tally>();
  const byType = new Map<GivingType, Tally>();
  for await (const gift of deps.giving.between(workplaceId, fromIso, toIso)) {
    const month = byMonth.get(gift.month);
    if (!month) continue;
    total.add(gift);
    month.add(gift);
    const charity = byCharity.get(gift.charity.id) ?? { name: gift.charity.name, tally: new Tally() };
    charity.tally.add(gift);
    byCharity.set(gift.charity.id, charity);
    tallyOf(byUnit, gift.businessUnitId ?? '').add(gift);
    tallyOf(byType, gift.givingType).add(gift);
  }
  const largestFirst = <T extends Figures>(rows: T[]) => rows.sort((a, b) => b.amount.cents - a.amount.cents);
  return {
    from: range.from,
    to: range.to,
    totals: total.figures(currency),
    byMonth: months.map((month) => ({ month, ...byMonth.get(month)!.figures(currency) })),
    byCharity: largestFirst([...byCharity].map(([charityId, { name, tally }]) => ({ charityId, name, ...tally.figures(currency) }))),
    byBusinessUnit: largestFirst([...byUnit].map(([businessUnitId, tally]) => ({ businessUnitId, name: units.get(businessUnitId) ?? (businessUnitId ? 'A business unit since removed' : 'No business unit'), ...tally.figures(currency) }))),
    byGivingType: largestFirst([...byType].map(([givingType, tally]) => ({ givingType, name: GIVING_TYPE_LABELS[givingType], ...tally.figures(currency) }))),
  };
}

/** The same donations as CSV: a row per month, charity, business unit and giving type (never a person). */
export async function donationReportCsv(
  deps: { giving: GivingStore; workplaces: Pick<WorkplaceProfileStore, 'get'> },
  workplaceId: string,
  range: { from: string; to: string },
): Promise<{ fileName: string; text: string }> {
  const { fromIso, toIso } = monthRange(range);
  const workplace = await deps.workplaces.get(workplaceId);
  const units = new Map((workplace?.businessUnits ?? []).map((unit) => [unit.id, unit.name]));
  const rows = new Map<string, { month: string; charity: string; unit: string; type: string; tally: Tally }>();
  for await (const gift of deps.giving.between(workplaceId, fromIso, toIso)) {
    if (gift.month < range.from || gift.month > range.to) continue;
    const unit = gift.businessUnitId ? (units.get(gift.businessUnitId) ?? 'A business unit since removed') : 'No business unit';
    const key = [gift.month, gift.charity.id, unit, gift.givingType].join('|');
    const row = rows.get(key) ?? { month: gift.month, charity: gift.charity.name, unit, type: GIVING_TYPE_LABELS[gift.givingType], tally: new Tally() };
    row.tally.add(gift);
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort((a, b) => a.month.localeCompare(b.month) || a.charity.localeCompare(b.charity) || a.unit.localeCompare(b.unit) || a.type.localeCompare(b.type));
  const currency: Currency = workplace?.country === 'au' ? 'AUD' : 'NZD';
  const text = toCsv(
    ['Month', 'Charity', 'Business unit', 'Giving type', 'Donations', 'Donors', `Amount (${currency})`],
    sorted.map((row) => [row.month, row.charity, row.unit, row.type, row.tally.donations, row.tally.donors.size, (row.tally.cents / 100).toFixed(2)]),
  );
  return { fileName: `donations_${range.from}_${range.to}.csv`, text };
}

/** What the dashboard may count of the waiting work: each only for a caller who may open its screen. */
export interface WaitingVisibility {
  externalDonations: boolean;
  payrollBatches: boolean;
}

/**
 * The dashboard's giving figures (the workplace's country's calendar): this month beside last month, day by day, this
 * year so far with its giving types and top charities, this month's top charities, and the work waiting (external
 * donations to decide, payroll batches to reconcile or confirm). One read of the gifts from the earlier of January and
 * last month, added up as they are read.
 */
export async function givingSummary(
  deps: { giving: GivingStore; workplaces: Pick<WorkplaceProfileStore, 'get'>; externalDonations: Pick<ExternalDonationStore, 'listForWorkplace'>; batches: Pick<BatchStore, 'list'> },
  workplaceId: string,
  now: Date,
  visible: WaitingVisibility = { externalDonations: false, payrollBatches: false },
) {
  const workplace = await deps.workplaces.get(workplaceId);
  const country = workplace?.country ?? 'nz';
  const zone = COUNTRY_TIME_ZONES[country];
  const currency: Currency = country === 'au' ? 'AUD' : 'NZD';
  const today = localDay(now, zone);
  const thisMonth = today.slice(0, 7);
  const lastMonth = previousMonth(thisMonth);
  const yearStart = `${thisMonth.slice(0, 4)}-01`;
  const { fromIso, toIso } = monthRange({ from: lastMonth < yearStart ? lastMonth : yearStart, to: thisMonth });

  const month = new Tally();
  const previous = new Tally();
  const year = new Tally();
  const byType = new Map<GivingType, Tally>();
  const yearCharities = new Map<string, { name: string; tally: Tally }>();
  const monthCharities = new Map<string, { name: string; tally: Tally }>();
  const byDay = { thisMonth: Array.from({ length: Number(today.slice(8, 10)) }, () => 0), lastMonth: Array.from({ length: daysInMonth(lastMonth) }, () => 0) };
  const addTo = (charities: Map<string, { name: string; tally: Tally }>, gift: WorkplaceGift) => {
    const charity = charities.get(gift.charity.id) ?? { name: gift.charity.name, tally: new Tally() };
    charity.tally.add(gift);
    charities.set(gift.charity.id, charity);
  };
  for await (const gift of deps.giving.between(workplaceId, fromIso, toIso)) {
    const dayIndex = Number(localDay(gift.completedAt, zone).slice(8, 10)) - 1;
    if (gift.month === thisMonth) {
      month.add(gift);
      addTo(monthCharities, gift);
      if (dayIndex < byDay.thisMonth.length) byDay.thisMonth[dayIndex]! += gift.amount.cents;
    } else if (gift.month === lastMonth) {
      previous.add(gift);
      if (dayIndex < byDay.lastMonth.length) byDay.lastMonth[dayIndex]! += gift.amount.cents;
    }
    if (gift.month >= yearStart && gift.month <= thisMonth) {
      year.add(gift);
      tallyOf(byType, gift.givingType).add(gift);
      addTo(yearCharities, gift);
    }
  }
  const top = (charities: Map<string, { name: string; tally: Tally }>) =>
    [...charities]
      .map(([charityId, { name, tally }]) => ({ charityId, name, ...tally.figures(currency) }))
      .sort((a, b) => b.amount.cents - a.amount.cents)
      .slice(0, 5);

  const [externalDonations, batches] = await Promise.all([
    visible.externalDonations ? deps.externalDonations.listForWorkplace(workplaceId) : undefined,
    visible.payrollBatches ? deps.batches.list(workplaceId) : undefined,
  ]);
  return {
    month: thisMonth,
    thisMonth: month.figures(currency),
    lastMonth: { month: lastMonth, ...previous.figures(currency) },
    byDay,
    thisYear: year.figures(currency),
    byGivingType: [...byType]
      .map(([givingType, tally]) => ({ givingType, name: GIVING_TYPE_LABELS[givingType], ...tally.figures(currency) }))
      .sort((a, b) => b.amount.cents - a.amount.cents),
    topCharities: top(yearCharities),
    topCharitiesThisMonth: top(monthCharities),
    waiting: {
      ...(externalDonations ? { externalDonations: externalDonations.filter((donation) => donation.status === 'Pending').length } : {}),
      ...(batches
        ? {
            payrollBatchesToReconcile: batches.filter((batch) => batch.status === 'Ready').length,
            payrollBatchesToConfirm: batches.filter((batch) => batch.status === 'Reconciled').length,
          }
        : {}),
    },
  };
}

/** A member's completed volunteering, kept against each of their workplaces (VolunteerHoursRecorded). */
export interface WorkplaceVolunteering {
  applicationId: string;
  workplaceId: string;
  memberId: string;
  businessUnitId?: string;
  /** Everyone who went (a team counts each), and the hours all of them gave. */
  volunteers: number;
  hours: number;
  month: string;
  completedAt: string;
}

export interface VolunteeringStore {
  save(record: WorkplaceVolunteering): Promise<void>;
  between(workplaceId: string, fromIso: string, toIso: string): AsyncIterable<WorkplaceVolunteering>;
}

export async function recordMemberVolunteering(
  deps: { volunteering: VolunteeringStore; roles: Pick<TenantRoleCopy, 'workplacesOf'>; employees: Pick<EmployeeStore, 'get'> },
  hours: { applicationId: string; memberId: string; country: 'nz' | 'au'; volunteers: number; hours: number; completedAt: string },
): Promise<number> {
  const workplaces = await deps.roles.workplacesOf(hours.memberId);
  for (const workplace of workplaces) {
    const employee = await deps.employees.get(workplace.workplaceId, hours.memberId);
    await deps.volunteering.save({
      applicationId: hours.applicationId,
      workplaceId: workplace.workplaceId,
      memberId: hours.memberId,
      ...(employee?.businessUnitId ? { businessUnitId: employee.businessUnitId } : {}),
      volunteers: hours.volunteers,
      hours: hours.hours,
      month: localMonth(hours.completedAt, COUNTRY_TIME_ZONES[hours.country]),
      completedAt: hours.completedAt,
    });
  }
  return workplaces.length;
}

export interface EngagementRow {
  businessUnitId: string;
  name: string;
  /** Members of the workplace in the unit now. */
  members: number;
  donors: number;
  /** Members who led or went volunteering (an application's member). */
  volunteers: number;
  /** Everyone the unit's members took volunteering, teams included, and their hours. */
  peopleVolunteering: number;
  hours: number;
  /** Members who gave or volunteered, as a whole percentage of the unit's members. */
  participation: number;
}

/**
 * Participation by business unit between two months (issue 15 item 11): members, donors, volunteers and hours, and
 * the share of members who took part. Members are counted in the unit they are in now; donations and volunteering in
 * the unit they were in at the time.
 */
export async function engagementReport(
  deps: { giving: GivingStore; volunteering: VolunteeringStore; employees: Pick<EmployeeStore, 'forWorkplace'>; workplaces: Pick<WorkplaceProfileStore, 'get'> },
  workplaceId: string,
  range: { from: string; to: string },
): Promise<{ from: string; to: string; rows: EngagementRow[]; totals: Omit<EngagementRow, 'businessUnitId' | 'name'> }> {
  const { fromIso, toIso } = monthRange(range);
  const workplace = await deps.workplaces.get(workplaceId);
  const unitNames = new Map((workplace?.businessUnits ?? []).map((unit) => [unit.id, unit.name]));
  const blank = () => ({ members: new Set<string>(), donors: new Set<string>(), volunteers: new Set<string>(), people: 0, hours: 0 });
  const units = new Map<string, ReturnType<typeof blank>>();
  const unitOf = (id: string) => {
    let unit = units.get(id);
    if (!unit) units.set(id, (unit = blank()));
    return unit;
  };
  for (const employee of (await deps.employees.forWorkplace(workplaceId)).values()) {
    if (employee.roles.length > 0) unitOf(employee.businessUnitId ?? '').members.add(employee.memberId);
  }
  for await (const gift of deps.giving.between(workplaceId, fromIso, toIso)) {
    if (gift.month >= range.from && gift.month <= range.to) unitOf(gift.businessUnitId ?? '').donors.add(gift.memberId);
  }
  for await (const record of deps.volunteering.between(workplaceId, fromIso, toIso)) {
    if (record.month < range.from || record.month > range.to) continue;
    const unit = unitOf(record.businessUnitId ?? '');
    unit.volunteers.add(record.memberId);
    unit.people += record.volunteers;
    unit.hours += record.hours;
  }
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
  const rows = [...units].map(([id, unit]): EngagementRow => {
    const participants = new Set([...unit.donors, ...unit.volunteers]);
    return {
      businessUnitId: id,
      name: id ? (unitNames.get(id) ?? 'A business unit since removed') : 'No business unit',
      members: unit.members.size,
      donors: unit.donors.size,
      volunteers: unit.volunteers.size,
      peopleVolunteering: unit.people,
      hours: Math.round(unit.hours * 10) / 10,
      participation: percent([...participants].filter((member) => unit.members.has(member)).length, unit.members.size),
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name));
  const allMembers = new Set([...units.values()].flatMap((unit) => [...unit.members]));
  const allParticipants = new Set([...units.values()].flatMap((unit) => [...unit.donors, ...unit.volunteers]));
  return {
    from: range.from,
    to: range.to,
    rows,
    totals: {
      members: allMembers.size,
      donors: new Set([...units.values()].flatMap((unit) => [...unit.donors])).size,
      volunteers: new Set([...units.values()].flatMap((unit) => [...unit.volunteers])).size,
      peopleVolunteering: rows.reduce((sum, row) => sum + row.peopleVolunteering, 0),
      hours: Math.round(rows.reduce((sum, row) => sum + row.hours, 0) * 10) / 10,
      participation: percent([...allParticipants].filter((member) => allMembers.has(member)).length, allMembers.size),
    },
  };
}

export async function engagementReportCsv(deps: Parameters<typeof engagementReport>[0], workplaceId: string, range: { from: string; to: string }) {
  const report = await engagementReport(deps, workplaceId, range);
  const text = toCsv(
    ['Business unit', 'Members', 'Donors', 'Volunteers', 'People volunteering', 'Hours', 'Participation (%)'],
    [...report.rows, { name: 'All business units', ...report.totals }].map((row) => [row.name, row.members, row.donors, row.volunteers, row.peopleVolunteering, row.hours, row.participation]),
  );
  return { fileName: `engagement_${range.from}_${range.to}.csv`, text };
}
