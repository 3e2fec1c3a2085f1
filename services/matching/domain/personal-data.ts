import type { ErasedDataset, PersonalDataRow, PersonalDataset } from '@giving/shared/personal-data';
import type { MatchEntry } from './ledger';
import type { MatchingDeps, StoredCampaign } from './ports';

/**
 * A member's matching data (issue 17 item 7): what "Download my data" gives them, and what "Delete my account" does.
 *
 * Erasing, record by record:
 * - the membership copy (roles, employment type, business unit, name and e-mail, for who a campaign may match and
 *   whom a voucher match is e-mailed to) is a copy of accounts': deleted;
 * - each ledger entry is what the workplace matched and pays (its invoices): kept, its amounts as they were, with a
 *   pseudonym (`deleted-<id>`, new for each erasure) for the member and without their name and e-mail;
 * - the member's running total in each campaign (MEMBER#<id>, what holds their cap) finds them by their id: deleted.
 *   The campaign's totals and its months' totals are not touched, so stats, what is owed and invoices stay the same.
 * The membership copy goes last: it is how their campaigns are found, so an erasure stopped half-way finds the rest
 * when it runs again, and a run after a finished one finds nothing.
 */

/** An entry's member once erased: a refund given back later leaves no running total for it. */
export const ERASED_MEMBER_PREFIX = 'deleted-';
export const isErasedMember = (memberId: string) => memberId.startsWith(ERASED_MEMBER_PREFIX);

/** Whose data: the member's id and sign-in e-mail (shared/lambda/personal-data.ts MemberRequest). */
export interface MemberRequest {
  readonly memberId: string;
  readonly email: string;
}

/** Matching's copy of a membership (domain/campaigns.ts recordWorkplaceMembership), as stored; removed ones have no roles. */
export interface MembershipCopy {
  memberId: string;
  workplaceId: string;
  workplaceName?: string;
  roles: string[];
  employmentType?: string;
  businessUnitId?: string;
  employmentEndDate?: string;
  firstName?: string;
  email?: string;
}

/** The member's own records in matching's table (adapters/dynamo-member-matches.ts). */
export interface MemberMatches {
  /** Every workplace membership copy of the member (removed ones too). */
  memberships(memberId: string): Promise<MembershipCopy[]>;
  deleteMembership(memberId: string, workplaceId: string): Promise<boolean>;
  entries(campaignId: string, memberId: string): Promise<MatchEntry[]>;
  /** The entry gets the pseudonym and loses the member's name and e-mail; false when it is not the member's (any more). */
  anonymiseEntry(entry: MatchEntry, pseudonym: string): Promise<boolean>;
  /** The member's running total in the campaign (cents), if they have one. */
  memberTotal(campaignId: string, memberId: string): Promise<number | undefined>;
  deleteMemberTotal(campaignId: string, memberId: string): Promise<boolean>;
}

export type PersonalDataDeps = Pick<MatchingDeps, 'campaigns' | 'newId'> & { matches: MemberMatches };

async function campaignsOf(deps: PersonalDataDeps, member: MemberRequest) {
  const memberships = await deps.matches.memberships(member.memberId);
  const campaigns: StoredCampaign[] = [];
  for (const workplaceId of new Set(memberships.map((membership) => membership.workplaceId))) campaigns.push(...(await deps.campaigns.listByWorkplace(workplaceId)));
  return { memberships, campaigns };
}

const entryRow = (entry: MatchEntry): PersonalDataRow => ({
  workplaceName: entry.workplaceName ?? '',
  campaignName: entry.campaignName ?? '',
  donationId: entry.donationId,
  donationAmountCents: entry.donationAmount,
  matchedAmountCents: entry.amount,
  currency: entry.currency,
  givingType: entry.givingType,
  matchType: entry.matchType,
  charityName: entry.charityName ?? null,
  matchedAt: entry.matchedAt,
  givenBackCents: entry.givenBackCents ?? 0,
  name: entry.member?.firstName ?? null,
  email: entry.member?.email ?? null,
});

/** Everything matching holds about the member, a data set per kind of record. */
export async function collectPersonalData(deps: PersonalDataDeps, member: MemberRequest): Promise<PersonalDataset[]> {
  const { memberships, campaigns } = await campaignsOf(deps, member);
  const entries: MatchEntry[] = [];
  const totals: PersonalDataRow[] = [];
  for (const campaign of campaigns) {
    entries.push(...(await deps.matches.entries(campaign.id, member.memberId)));
    const matched = await deps.matches.memberTotal(campaign.id, member.memberId);
    if (matched === undefined) continue;
    totals.push({ workplaceName: campaign.workplace.name, campaignName: campaign.name, matchedCents: matched, memberCapCents: campaign.memberCap > 0 ? campaign.memberCap : null, currency: campaign.currency });
  }
  entries.sort((a, b) => a.matchedAt.localeCompare(b.matchedAt));
  const datasets: PersonalDataset[] = [
    {
      name: 'workplace-memberships',
      description: 'Your workplaces as matching knows them: your roles, employment type, business unit, first name and e-mail, which decide whose donations a campaign matches.',
      rows: memberships.map((m) => ({
        workplaceId: m.workplaceId,
        workplaceName: m.workplaceName ?? '',
        roles: m.roles,
        employmentType: m.employmentType ?? null,
        businessUnitId: m.businessUnitId ?? null,
        employmentEndDate: m.employmentEndDate ?? null,
        firstName: m.firstName ?? null,
        email: m.email ?? null,
      })),
    },
    {
      name: 'matched-donations',
      description: "Your donations a workplace campaign matched, and by how much (less anything a refund gave back).",
      rows: entries.filter((entry) => entry.givingType !== 'ExternalDonation').map(entryRow),
    },
    {
      name: 'matched-external-donations',
      description: 'Donations you made elsewhere and recorded with your workplace, and what its campaigns matched them by.',
      rows: entries.filter((entry) => entry.givingType === 'ExternalDonation').map(entryRow),
    },
    {
      name: 'campaign-totals',
      description: "How much each campaign has matched of your giving so far, against the most it matches for one person.",
      rows: totals,
    },
  ];
  return datasets.filter((dataset) => dataset.rows.length > 0);
}

/** Deletes the member's copies and running totals and keeps what was matched without them. Safe to run again. */
export async function erasePersonalData(deps: PersonalDataDeps, member: MemberRequest): Promise<ErasedDataset[]> {
  const pseudonym = `${ERASED_MEMBER_PREFIX}${deps.newId()}`;
  const { memberships, campaigns } = await campaignsOf(deps, member);
  const count = { donations: 0, external: 0, totals: 0, memberships: 0 };
  for (const campaign of campaigns) {
    for (const entry of await deps.matches.entries(campaign.id, member.memberId)) {
      if (await deps.matches.anonymiseEntry(entry, pseudonym)) count[entry.givingType === 'ExternalDonation' ? 'external' : 'donations'] += 1;
    }
    if (await deps.matches.deleteMemberTotal(campaign.id, member.memberId)) count.totals += 1;
  }
  for (const membership of memberships) if (await deps.matches.deleteMembership(member.memberId, membership.workplaceId)) count.memberships += 1;
  return [
    { name: 'workplace-memberships', erased: count.memberships, anonymised: 0 },
    { name: 'matched-donations', erased: 0, anonymised: count.donations },
    { name: 'matched-external-donations', erased: 0, anonymised: count.external },
    { name: 'campaign-totals', erased: count.totals, anonymised: 0 },
  ];
}
