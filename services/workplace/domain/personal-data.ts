import type { Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import { ERASED_MEMBER_NAME, type ErasedDataset, type PersonalDataRow, type PersonalDataset } from '@giving/shared/personal-data';
import type { WorkplaceBadge } from './badge-reports';
import type { StoredExternalDonation } from './external-donations';
import type { WorkplaceGift, WorkplaceVolunteering } from './giving-reports';
import type { Allocation } from './reconciliation';
import type { EmployeeRecord, PledgeRecord, WorkplaceDeps } from './ports';

/**
 * A member's workplace-giving data (issue 17 item 7): what "Download my data" gives them, and what "Delete my account"
 * does with it.
 *
 * Erasing, record by record:
 * - the role copy and the employee record (names, e-mail, employee number, employment type, business unit) are
 *   copies of accounts' membership: deleted;
 * - payroll pledges are the employer's payroll records: each one still running is cancelled (as a cancellation from
 *   donations is: the next batch takes nothing from it and a changes-only file lists it as CANCELLED), and kept with a
 *   pseudonym in place of the member;
 * - the workplace's giving, badges and volunteering feed its reports (totals by business unit, never people): kept
 *   with the same pseudonym, so every total and count stays as it was;
 * - external donations: an approved one was matched (money the workplace paid), so it stays without the member's
 *   name, e-mail, note or receipt; a pending or declined one is deleted with its receipt;
 * - what they did as an admin (external donations decided, eligibility files uploaded) names them as the console did:
 *   it stays, by ERASED_MEMBER_NAME.
 * The pseudonym (`deleted-<id>`) is new for each erasure and kept nowhere with the member's id. The role copy goes last:
 * it is how the other records are found, so an erasure stopped half-way finds the rest when it runs again, and a run
 * after a finished one finds nothing. The payroll files, their deduction lines and reconciliations in the payroll-files
 * bucket are the employer's payroll records as sent and are kept as they are.
 */

/** Whose data: the member's id and sign-in e-mail (shared/lambda/personal-data.ts MemberRequest). */
export interface MemberRequest {
  readonly memberId: string;
  readonly email: string;
}

/** The role copy (shared/dynamo-copies.ts), as stored: a removed membership has no roles. */
export interface WorkplaceRoleRecord {
  memberId: string;
  workplaceId: string;
  workplaceName?: string;
  roles: string[];
  version: string;
}

/** An external donation the member decided, or an eligibility file they uploaded, as the workplace's admin. */
export interface AdminAction {
  kind: 'external-donation-decision' | 'eligibility-upload';
  key: { pk: string; sk: string };
  /** The name (or e-mail) it was kept under. */
  by: string;
  at: string;
  status: string;
  fileName?: string;
}

/** The member's own records in the workplace table (adapters/dynamo-member-records.ts). */
export interface MemberRecords {
  /** Every workplace the member belongs or belonged to (removed memberships too). */
  workplaceRoles(memberId: string): Promise<WorkplaceRoleRecord[]>;
  deleteWorkplaceRole(memberId: string, workplaceId: string): Promise<boolean>;
  /** The deleted record, if there was one. */
  deleteEmployee(workplaceId: string, memberId: string): Promise<EmployeeRecord | undefined>;
  pledges(workplaceId: string, memberId: string): Promise<PledgeRecord[]>;
  gifts(workplaceId: string, memberId: string): Promise<WorkplaceGift[]>;
  volunteering(workplaceId: string, memberId: string): Promise<WorkplaceVolunteering[]>;
  badges(workplaceId: string, memberId: string): Promise<WorkplaceBadge[]>;
  /** Each answers how many items it changed (an item already changed is not counted again). */
  anonymisePledges(workplaceId: string, memberId: string, pseudonym: string): Promise<number>;
  anonymiseGifts(workplaceId: string, memberId: string, pseudonym: string): Promise<number>;
  anonymiseVolunteering(workplaceId: string, memberId: string, pseudonym: string): Promise<number>;
  anonymiseBadges(workplaceId: string, memberId: string, pseudonym: string): Promise<number>;
  /** What the member did as the workplace's admin, where it is kept by their name (as the console named them). */
  adminActions(workplaceId: string, names: readonly string[]): Promise<AdminAction[]>;
  /** Renames who did it, only while it still names them. */
  renameActor(action: AdminAction, name: string): Promise<boolean>;
  externalDonations(memberId: string): Promise<StoredExternalDonation[]>;
  anonymiseExternalDonation(donation: StoredExternalDonation, pseudonym: string, name: string): Promise<boolean>;
  deleteExternalDonation(donation: StoredExternalDonation): Promise<boolean>;
}

export type PersonalDataDeps = Pick<WorkplaceDeps, 'employees' | 'pledges' | 'batches' | 'workplaces' | 'clock' | 'newId'> & {
  records: MemberRecords;
  files: Pick<WorkplaceDeps['files'], 'readLines' | 'getJson' | 'deleteObject'>;
};

type CollectDeps = Omit<PersonalDataDeps, 'files' | 'pledges' | 'clock' | 'newId'> & { files: Pick<PersonalDataDeps['files'], 'readLines' | 'getJson'> };

/** How the console names a signed-in admin (shared/lambda/http.ts callerName): their full name, else their e-mail. */
const actorNames = (member: MemberRequest, employee: Pick<EmployeeRecord, 'firstName' | 'lastName'> | undefined) =>
  [...new Set([`${employee?.firstName ?? ''} ${employee?.lastName ?? ''}`.trim(), member.email])].filter((name) => name !== '');

const amount = (money: { cents: number; currency: string }) => ({ amountCents: money.cents, currency: money.currency });

/** The workplaces whose records may name the member: every membership they had (their pledges, gifts and badges are kept there). */
async function workplacesOf(deps: Pick<PersonalDataDeps, 'records'>, member: MemberRequest) {
  const roles = await deps.records.workplaceRoles(member.memberId);
  return { roles, workplaceIds: [...new Set(roles.map((role) => role.workplaceId))] };
}

/** Everything the workplace service holds about the member, a data set per kind of record. */
export async function collectPersonalData(deps: CollectDeps, member: MemberRequest): Promise<PersonalDataset[]> {
  const { roles, workplaceIds } = await workplacesOf(deps, member);
  const names = new Map(roles.map((role) => [role.workplaceId, role.workplaceName ?? '']));
  const workplaceName = (workplaceId: string) => names.get(workplaceId) ?? '';

  const employees: PersonalDataRow[] = [];
  const pledges: PledgeRecord[] = [];
  const gifts: WorkplaceGift[] = [];
  const badges: WorkplaceBadge[] = [];
  const volunteering: WorkplaceVolunteering[] = [];
  const deductions: PersonalDataRow[] = [];
  const reconciliations: PersonalDataRow[] = [];
  const given: PersonalDataRow[] = [];
  const actions: PersonalDataRow[] = [];
  for (const workplaceId of workplaceIds) {
    const [employee, profile, memberPledges] = await Promise.all([deps.employees.get(workplaceId, member.memberId), deps.workplaces.get(workplaceId), deps.records.pledges(workplaceId, member.memberId)]);
    if (employee) {
      employees.push({
        workplaceId,
        workplaceName: employee.workplaceName,
        firstName: employee.firstName,
        lastName: employee.lastName,
        email: employee.email,
        employeeNumber: employee.employeeNumber ?? null,
        employmentType: employee.employmentType ?? null,
        businessUnitId: employee.businessUnitId ?? null,
        businessUnitName: profile?.businessUnits.find((unit) => unit.id === employee.businessUnitId)?.name ?? null,
        roles: employee.roles,
      });
    }
    for (const action of await deps.records.adminActions(workplaceId, actorNames(member, employee))) {
      actions.push({ workplaceId, workplaceName: workplaceName(workplaceId), action: action.kind === 'external-donation-decision' ? 'Decided an external donation' : 'Uploaded an eligibility file', fileName: action.fileName ?? null, outcome: action.status, at: action.at, recordedAs: action.by });
    }
    pledges.push(...memberPledges);
    gifts.push(...(await deps.records.gifts(workplaceId, member.memberId)));
    badges.push(...(await deps.records.badges(workplaceId, member.memberId)));
    volunteering.push(...(await deps.records.volunteering(workplaceId, member.memberId)));

    // The payroll batches that may name them: only those made after their first pledge there.
    if (memberPledges.length === 0) continue;
    const firstPledge = memberPledges.reduce((first, pledge) => (pledge.createdAt < first ? pledge.createdAt : first), memberPledges[0]!.createdAt);
    const batches = (await deps.batches.list(workplaceId)).filter((batch) => batch.asOf >= firstPledge).sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
    for (const batch of batches) {
      const lines = (await deps.files.readLines(batch.linesKey)).filter((line) => line.memberId === member.memberId);
      if (lines.length === 0) continue;
      const about = { workplaceId, workplaceName: batch.workplaceName || workplaceName(workplaceId), batchId: batch.id, payCycleName: batch.payCycleName, periodStart: batch.periodStart, periodEnd: batch.periodEnd, payDate: batch.payDate };
      for (const line of lines) {
        deductions.push({
          ...about,
          batchStatus: batch.status,
          amountCents: line.amountCents,
          currency: batch.currency,
          charityName: line.charityName ?? '',
          pledgeIds: line.pledges.map((part) => part.pledgeId),
          employeeNumber: line.employeeNumber ?? '',
          firstName: line.firstName ?? '',
          lastName: line.lastName ?? '',
          email: line.email ?? '',
        });
      }
      if (batch.reconciliationKey) {
        // Reconciliation lines name the employee by number (unique in the workplace's eligibility records); never by name alone.
        const numbers = new Set(lines.map((line) => line.employeeNumber?.trim().toLowerCase()).filter((number): number is string => !!number));
        const reconciliation = await deps.files.getJson<Reconciliation>(batch.reconciliationKey);
        for (const line of reconciliation?.lines ?? []) {
          if (!numbers.has(line.employeeNumber.trim().toLowerCase())) continue;
          reconciliations.push({ ...about, outcome: line.outcome, charityName: line.charityName, expectedCents: line.expected.cents, deductedCents: line.deducted.cents, donatedCents: line.donated.cents, currency: line.expected.currency, action: line.action });
        }
      }
      if (batch.allocationsKey) {
        for (const allocation of (await deps.files.getJson<Allocation[]>(batch.allocationsKey)) ?? []) {
          if (allocation.memberId !== member.memberId) continue;
          given.push({ ...about, confirmed: batch.status === 'Confirmed', pledgeId: allocation.part.pledgeId, charityName: allocation.part.charity.name, amountCents: allocation.cents, currency: batch.currency });
        }
      }
    }
  }
  const external = (await deps.records.externalDonations(member.memberId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const datasets: PersonalDataset[] = [
    {
      name: 'workplace-memberships',
      description: 'The workplaces you belong or belonged to, and your roles in each (none once you left).',
      rows: roles.map((role) => ({ workplaceId: role.workplaceId, workplaceName: role.workplaceName ?? '', roles: role.roles })),
    },
    {
      name: 'employee-records',
      description: "Your employee record as each workplace's payroll knows you: your name, e-mail, employee number, employment type and business unit.",
      rows: employees,
    },
    {
      name: 'payroll-pledges',
      description: 'The payroll giving pledges you made: what is taken from your pay for which charity, how often, and when you stopped.',
      rows: pledges.map((pledge) => ({
        pledgeId: pledge.pledgeId,
        workplaceId: pledge.workplaceId,
        workplaceName: workplaceName(pledge.workplaceId),
        charityName: pledge.charity.name,
        giftTitle: pledge.gift?.title ?? null,
        pageTitle: pledge.page?.title ?? null,
        quantity: pledge.quantity,
        ...amount(pledge.total),
        frequency: pledge.donationFrequency,
        anonymous: pledge.isAnonymous,
        createdAt: pledge.createdAt,
        cancelledAt: pledge.cancelledAt ?? null,
      })),
    },
    {
      name: 'payroll-deductions',
      description: 'Each deduction from your pay that a payroll file sent to your workplace listed, with your name and employee number as the file wrote them.',
      rows: deductions,
    },
    {
      name: 'payroll-reconciliation',
      description: 'What payroll actually took for each of your deductions, checked against what you pledged.',
      rows: reconciliations,
    },
    {
      name: 'payroll-donations',
      description: 'The donations each payroll deduction became, pledge by pledge (given once the batch was confirmed).',
      rows: given,
    },
    {
      name: 'external-donations',
      description: 'Donations you made elsewhere and recorded for your workplace to match, with what the workplace decided.',
      rows: external.map((donation) => ({
        id: donation.id,
        workplaceId: donation.workplaceId,
        workplaceName: donation.workplaceName,
        name: donation.memberName,
        email: donation.memberEmail,
        charityName: donation.charityName,
        ...amount(donation.amount),
        donatedOn: donation.donatedOn,
        note: donation.note ?? null,
        receiptFileName: donation.receiptFileName,
        status: donation.status,
        decidedAt: donation.decidedAt ?? null,
        declineReason: donation.declineReason ?? null,
        createdAt: donation.createdAt,
      })),
    },
    {
      name: 'workplace-giving',
      description: "Your donations as your workplace's giving reports count them (by charity, business unit and month; the reports never show people).",
      rows: gifts.map((gift) => ({ donationId: gift.donationId, workplaceId: gift.workplaceId, workplaceName: workplaceName(gift.workplaceId), charityName: gift.charity.name, businessUnitId: gift.businessUnitId ?? null, givingType: gift.givingType, month: gift.month, ...amount(gift.amount), completedAt: gift.completedAt })),
    },
    {
      name: 'workplace-badges',
      description: "The badges you earned, as your workplace's badge reports count them by business unit.",
      rows: badges.map((badge) => ({ workplaceId: badge.workplaceId, workplaceName: workplaceName(badge.workplaceId), badgeId: badge.badgeId, badge: badge.name, businessUnitId: badge.businessUnitId ?? null, month: badge.month, awardedAt: badge.awardedAt })),
    },
    {
      name: 'workplace-volunteering',
      description: "The volunteering you completed, as your workplace's engagement reports count it by business unit.",
      rows: volunteering.map((record) => ({ applicationId: record.applicationId, workplaceId: record.workplaceId, workplaceName: workplaceName(record.workplaceId), businessUnitId: record.businessUnitId ?? null, volunteers: record.volunteers, hours: record.hours, month: record.month, completedAt: record.completedAt })),
    },
    {
      name: 'workplace-admin-actions',
      description: "What you did as a workplace's admin that is kept under your name: external donations you decided and eligibility files you uploaded (the colleagues' details are theirs, so they are not here).",
      rows: actions,
    },
  ];
  return datasets.filter((dataset) => dataset.rows.length > 0);
}

/** Deletes the member's copies, ends their pledges and keeps the payroll and report records without them. Safe to run again. */
export async function erasePersonalData(deps: PersonalDataDeps, member: MemberRequest): Promise<ErasedDataset[]> {
  const pseudonym = `deleted-${deps.newId()}`;
  const now = deps.clock.now().toISOString();
  const { roles, workplaceIds } = await workplacesOf(deps, member);
  const count = { actions: 0, pledges: 0, gifts: 0, badges: 0, volunteering: 0, employees: 0, roles: 0, externalErased: 0, externalKept: 0 };

  for (const workplaceId of workplaceIds) {
    // Ended first, so no later batch takes from them, then kept without them.
    for (const pledge of await deps.records.pledges(workplaceId, member.memberId)) {
      if (pledge.cancelledAt === undefined) await deps.pledges.cancel(workplaceId, pledge.pledgeId, member.memberId, now);
    }
    count.pledges += await deps.records.anonymisePledges(workplaceId, member.memberId, pseudonym);
    count.gifts += await deps.records.anonymiseGifts(workplaceId, member.memberId, pseudonym);
    count.badges += await deps.records.anonymiseBadges(workplaceId, member.memberId, pseudonym);
    count.volunteering += await deps.records.anonymiseVolunteering(workplaceId, member.memberId, pseudonym);
    // Their name is read before their employee record goes (a second run knows only their e-mail).
    const employee = await deps.employees.get(workplaceId, member.memberId);
    for (const action of await deps.records.adminActions(workplaceId, actorNames(member, employee))) {
      if (await deps.records.renameActor(action, ERASED_MEMBER_NAME)) count.actions += 1;
    }
    if (await deps.records.deleteEmployee(workplaceId, member.memberId)) count.employees += 1;
  }

  for (const donation of await deps.records.externalDonations(member.memberId)) {
    // The receipt is the member's own document (their name is on it): it goes either way.
    if (donation.receiptKey) await deps.files.deleteObject(donation.receiptKey);
    if (donation.status === 'Approved') {
      if (await deps.records.anonymiseExternalDonation(donation, pseudonym, ERASED_MEMBER_NAME)) count.externalKept += 1;
    } else if (await deps.records.deleteExternalDonation(donation)) {
      count.externalErased += 1;
    }
  }

  for (const role of roles) if (await deps.records.deleteWorkplaceRole(member.memberId, role.workplaceId)) count.roles += 1;

  return [
    { name: 'workplace-memberships', erased: count.roles, anonymised: 0 },
    { name: 'employee-records', erased: count.employees, anonymised: 0 },
    { name: 'payroll-pledges', erased: 0, anonymised: count.pledges },
    { name: 'external-donations', erased: count.externalErased, anonymised: count.externalKept },
    { name: 'workplace-giving', erased: 0, anonymised: count.gifts },
    { name: 'workplace-badges', erased: 0, anonymised: count.badges },
    { name: 'workplace-volunteering', erased: 0, anonymised: count.volunteering },
    { name: 'workplace-admin-actions', erased: 0, anonymised: count.actions },
  ];
}
