import type { EventData } from '@giving/shared/events';
import type { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import type { ExternalDonationApproved } from '@giving/shared/events/workplace';
import { notFound } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import type { EventPublisher } from '@giving/shared/events';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { matchBonusCents } from './match-bonus';
import { qualifies, type MatchableDonation, type MemberRecord } from './matching-rules';
import type { MatchingDeps, StoredCampaign } from './ports';

/**
 * The match ledger (issue 16 items 1, 2, 4). Each qualifying donation gets a bonus from each campaign it qualifies
 * for, by the match bonus rule (spec 2 §5) against what is left of each cap. The bonus, the campaign's, the member's
 * and the page's totals are written in one DynamoDB transaction whose conditions hold every total at or under its cap
 * and record the donation once per campaign: a race re-reads what is left and tries again, so no interleaving of
 * concurrent donations passes a cap, and no redelivery matches twice.
 */

export interface MatchEntry {
  campaignId: string;
  workplaceId: string;
  donationId: string;
  memberId: string;
  /** The bonus, in cents of the campaign's currency. */
  amount: number;
  currency: StoredCampaign['currency'];
  /** What was given, in cents. */
  donationAmount: number;
  givingType: 'CreditCard' | 'PayrollGiving' | 'ExternalDonation';
  matchType: StoredCampaign['matchType'];
  charityName?: string;
  giftId?: string;
  pageId?: string;
  /** Who is matched (a voucher match is e-mailed to them) and by whom. */
  member?: { email?: string; firstName?: string };
  workplaceName?: string;
  campaignName?: string;
  matchedAt: string;
  /** The month it is owed for (YYYY-MM, in the campaign's country): matching payments' period. */
  period: string;
  /** What refunds of the donation took back off the bonus (issue 17 item 5), and which refunds did. */
  givenBackCents?: number;
  refundIds?: string[];
  /** The last refund applied and what it took (announced again when its event may not have gone). */
  lastGiveBack?: { refundId: string; cents: number };
}

/** What is already matched against each cap that applies to a donation, and whether it was matched already. */
export interface LedgerState {
  matched: boolean;
  campaignCents: number;
  memberCents: number;
  entryCents: number;
}

export interface LedgerTotals {
  matchedCents: number;
  donationsMatched: number;
}

export interface MatchLedger {
  state(campaignId: string, donationId: string, memberId: string, pageId?: string): Promise<LedgerState>;
  /**
   * Writes the entry and adds its amount to the campaign's, the member's and (for a page) the entry's totals in one
   * transaction, each total conditioned on staying at or under its limit (the cap less this bonus; none without a
   * cap). 'already' when this donation was matched by the campaign before; 'conflict' when a total moved meanwhile.
   */
  record(entry: MatchEntry, limits: { campaign?: number; member?: number; entry?: number }): Promise<'recorded' | 'already' | 'conflict'>;
  totals(campaignId: string): Promise<LedgerTotals>;
  entries(campaignId: string): Promise<MatchEntry[]>;
  /** Every campaign's bonus on one donation. */
  matchesOf(donationId: string): Promise<MatchEntry[]>;
  /**
   * A refund takes the bonus down to `kept`: the entry, the campaign's, the member's, the page's (`withEntry`) and the
   * month's totals, in one transaction conditioned on the entry's amount still being `entry.amount` and the refund not
   * applied yet: 'already' when it was, 'changed' when the entry moved meanwhile.
   */
  giveBack(entry: MatchEntry, refundId: string, kept: number, withEntry: boolean): Promise<'given' | 'already' | 'changed'>;
}

export type LedgerDeps = Pick<MatchingDeps, 'campaigns' | 'roles' | 'clock'> & { ledger: MatchLedger };

/** DonationCompleted as matching reads it: a signed-in member's donation (a guest's names no member). */
export function fromDonation(donation: EventData<typeof DonationCompleted>): MatchableDonation | undefined {
  if (!donation.donorMemberId) return undefined;
  return {
    donationId: donation.donationId,
    memberId: donation.donorMemberId,
    amount: donation.amount,
    paymentType: donation.paymentType,
    isRecurring: donation.isRecurring === true,
    charity: { id: donation.charity.id, name: donation.charity.name },
    ...(donation.gift ? { gift: { id: donation.gift.id, title: donation.gift.title } } : {}),
    ...(donation.page ? { page: { id: donation.page.id, title: donation.page.title, ...(donation.page.eventId ? { eventId: donation.page.eventId } : {}) } } : {}),
    completedAt: donation.completedAt,
  };
}

/** ExternalDonationApproved: a gift made elsewhere, counted only for the workplace that approved it, on the day given. */
export function fromExternalDonation(approved: EventData<typeof ExternalDonationApproved>): MatchableDonation {
  return {
    donationId: approved.externalDonationId,
    memberId: approved.memberId,
    amount: approved.amount,
    paymentType: 'EXTERNAL',
    isRecurring: false,
    charity: { id: '', name: approved.charityName },
    workplaceId: approved.workplaceId,
    // Midnight UTC of the day given is that same calendar day in New Zealand and Australia (both ahead of UTC).
    completedAt: `${approved.donatedOn}T00:00:00.000Z`,
  };
}

const ATTEMPTS = 200;
/**
 * After losing a race for the caps: exponential backoff with full jitter (up to 10 ms, 20, 40 ... 640 ms), as AWS
 * advises for contended items. A fixed short wait kept hundreds of writers colliding on a busy campaign's totals
 * round after round (1,000 at once took minutes on two cores).
 */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 6)));

/** Matches the donation by every campaign of the donor's workplaces it qualifies for; answers the bonuses recorded. */
export async function matchDonation(deps: LedgerDeps, donation: MatchableDonation): Promise<MatchEntry[]> {
  const memberships = (await deps.roles.workplacesOf(donation.memberId)) as unknown as MemberRecord[];
  const recorded: MatchEntry[] = [];
  for (const member of memberships) {
    if (donation.workplaceId && member.workplaceId !== donation.workplaceId) continue;
    for (const campaign of await deps.campaigns.listByWorkplace(member.workplaceId)) {
      if (!qualifies(campaign, donation, member).matches) continue;
      const entry = await applyMatch(deps, campaign, donation, member);
      if (entry) recorded.push(entry);
    }
  }
  return recorded;
}

const left = (cap: number, used: number) => (cap === 0 ? 0 : Math.max(0, cap - used));

/** The bonus against what is left of each cap that applies (the page's only for a page's donation); 0 once any is used up. */
function bonusFor(campaign: StoredCampaign, amountCents: number, state: LedgerState, pageId: string | undefined): number {
  const exhausted =
    (campaign.campaignCap > 0 && state.campaignCents >= campaign.campaignCap) ||
    (campaign.memberCap > 0 && state.memberCents >= campaign.memberCap) ||
    (pageId !== undefined && campaign.entryCap > 0 && state.entryCents >= campaign.entryCap);
  if (exhausted) return 0;
  return matchBonusCents({
    amountCents,
    quantity: 1,
    matchRatio: campaign.matchRatio,
    memberCapCents: left(campaign.memberCap, state.memberCents),
    entryCapCents: pageId === undefined ? 0 : left(campaign.entryCap, state.entryCents),
    campaignCapCents: left(campaign.campaignCap, state.campaignCents),
  });
}

/** One campaign's bonus for the donation, taken against what is left of its caps; undefined when none is left or it was matched. */
export async function applyMatch(
  deps: Pick<LedgerDeps, 'ledger' | 'clock'>,
  campaign: StoredCampaign,
  donation: MatchableDonation,
  member?: Pick<MemberRecord, 'email' | 'firstName'>,
): Promise<MatchEntry | undefined> {
  const pageId = campaign.moduleType === 'Fundraising' ? donation.page?.id : undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await deps.ledger.state(campaign.id, donation.donationId, donation.memberId, pageId);
    if (state.matched) return undefined;
    const bonus = bonusFor(campaign, donation.amount.cents, state, pageId);
    if (bonus <= 0) return undefined;
    const matchedAt = deps.clock.now().toISOString();
    const entry: MatchEntry = {
      campaignId: campaign.id,
      workplaceId: campaign.workplace.id,
      donationId: donation.donationId,
      memberId: donation.memberId,
      amount: bonus,
      currency: campaign.currency,
      donationAmount: donation.amount.cents,
      givingType: donation.paymentType === 'PAYROLL' ? 'PayrollGiving' : donation.paymentType === 'EXTERNAL' ? 'ExternalDonation' : 'CreditCard',
      matchType: campaign.matchType,
      ...(donation.charity?.name ? { charityName: donation.charity.name } : {}),
      ...(donation.gift ? { giftId: donation.gift.id } : {}),
      ...(donation.page ? { pageId: donation.page.id } : {}),
      ...(member?.email ? { member: { email: member.email, ...(member.firstName ? { firstName: member.firstName } : {}) } } : {}),
      workplaceName: campaign.workplace.name,
      campaignName: campaign.name,
      matchedAt,
      period: localDay(matchedAt, COUNTRY_TIME_ZONES[campaign.country]).slice(0, 7),
    };
    const limit = (cap: number) => (cap > 0 ? cap - bonus : undefined);
    const outcome = await deps.ledger.record(entry, {
      campaign: limit(campaign.campaignCap),
      member: limit(campaign.memberCap),
      ...(pageId !== undefined ? { entry: limit(campaign.entryCap) } : {}),
    });
    if (outcome === 'recorded') return entry;
    if (outcome === 'already') return undefined;
    await pause(attempt);
  }
  throw new Error(`campaign ${campaign.id}: donation ${donation.donationId} kept losing races for its caps`);
}

async function campaignOf(deps: Pick<LedgerDeps, 'campaigns'>, workplaceId: string, campaignId: string) {
  const campaign = await deps.campaigns.get(workplaceId, campaignId);
  if (!campaign) throw notFound('The campaign');
  return campaign;
}

/** GET .../campaigns/{campaignId}/stats: what the campaign matched (cents), how many donations, and what is left of its cap. */
export async function campaignStats(deps: Pick<LedgerDeps, 'campaigns' | 'ledger'>, workplaceId: string, campaignId: string) {
  const campaign = await campaignOf(deps, workplaceId, campaignId);
  const totals = await deps.ledger.totals(campaignId);
  return {
    campaignId,
    currency: campaign.currency,
    matchRatio: campaign.matchRatio,
    matchedAmount: totals.matchedCents,
    donationsMatched: totals.donationsMatched,
    campaignCap: campaign.campaignCap,
    /** null: the campaign has no cap. */
    remainingCap: campaign.campaignCap === 0 ? null : Math.max(0, campaign.campaignCap - totals.matchedCents),
  };
}

/** GET .../campaigns/{campaignId}/transactions: every bonus, newest first; the amounts add up to the stats' matchedAmount. */
export async function campaignTransactions(deps: Pick<LedgerDeps, 'campaigns' | 'ledger'>, workplaceId: string, campaignId: string) {
  await campaignOf(deps, workplaceId, campaignId);
  const entries = await deps.ledger.entries(campaignId);
  entries.sort((a, b) => b.matchedAt.localeCompare(a.matchedAt) || b.donationId.localeCompare(a.donationId));
  return {
    items: entries.map((entry) => ({
      donationId: entry.donationId,
      memberId: entry.memberId,
      amount: entry.amount,
      currency: entry.currency,
      donationAmount: entry.donationAmount,
      givingType: entry.givingType,
      matchType: entry.matchType,
      ...(entry.charityName ? { charityName: entry.charityName } : {}),
      ...(entry.giftId ? { giftId: entry.giftId } : {}),
      ...(entry.pageId ? { pageId: entry.pageId } : {}),
      matchedAt: entry.matchedAt,
    })),
  };
}

/** A stored ledger entry, announced (DonationMatched; id = campaign and donation, so a redelivered record is dropped). */
export async function publishMatch(events: EventPublisher, entry: MatchEntry): Promise<void> {
  await events.publish(
    DonationMatched,
    {
      campaignId: entry.campaignId,
      workplaceId: entry.workplaceId,
      donationId: entry.donationId,
      memberId: entry.memberId,
      amount: { cents: entry.amount, currency: entry.currency },
      matchType: entry.matchType,
      givingType: entry.givingType,
      ...(entry.giftId ? { giftId: entry.giftId } : {}),
      ...(entry.pageId ? { pageId: entry.pageId } : {}),
      ...(entry.charityName ? { charityName: entry.charityName } : {}),
      ...(entry.member ? { member: entry.member } : {}),
      ...(entry.workplaceName ? { workplaceName: entry.workplaceName } : {}),
      ...(entry.campaignName ? { campaignName: entry.campaignName } : {}),
      matchedAt: entry.matchedAt,
    },
    { id: `match-${entry.campaignId}-${entry.donationId}`, correlationId: entry.donationId },
  );
}

/**
 * What a signed-in member's gift would be matched by, before they pay (issue 16 item 5): each campaign of their
 * workplaces it qualifies for today, with the bonus against what is left of the caps now. Nothing is taken: the
 * ledger decides when the donation completes (another gift may use the caps first).
 */
export async function previewMatch(
  deps: Pick<LedgerDeps, 'campaigns' | 'roles' | 'ledger' | 'clock'>,
  memberId: string,
  gift: Pick<MatchableDonation, 'amount' | 'paymentType' | 'isRecurring' | 'charity' | 'gift' | 'page'>,
) {
  const donation: MatchableDonation = { ...gift, donationId: 'preview', memberId, completedAt: deps.clock.now().toISOString() };
  const memberships = (await deps.roles.workplacesOf(memberId)) as unknown as MemberRecord[];
  const items: { campaignId: string; name: string; workplaceName: string; matchType: StoredCampaign['matchType']; bonus: { cents: number; currency: StoredCampaign['currency'] } }[] = [];
  for (const member of memberships) {
    for (const campaign of await deps.campaigns.listByWorkplace(member.workplaceId)) {
      if (!qualifies(campaign, donation, member).matches) continue;
      const pageId = campaign.moduleType === 'Fundraising' ? donation.page?.id : undefined;
      const state = await deps.ledger.state(campaign.id, donation.donationId, memberId, pageId);
      const bonus = bonusFor(campaign, donation.amount.cents, state, pageId);
      if (bonus <= 0) continue;
      items.push({ campaignId: campaign.id, name: campaign.name, workplaceName: campaign.workplace.name, matchType: campaign.matchType, bonus: { cents: bonus, currency: campaign.currency } });
    }
  }
  return { items };
}

/**
 * DonationRefunded -> each campaign that matched the donation gives back what it matched of the refunded part: the
 * bonus is worked out again on what is left of the donation, by the campaign's ratio, never more than it was. A Voucher
 * match is kept: its gift voucher was already given to the member. Announced for donations' and fundraising's copies.
 */
export async function giveBackMatches(
  deps: Pick<LedgerDeps, 'ledger' | 'campaigns'> & { events: EventPublisher },
  refunded: EventData<typeof DonationRefunded>,
): Promise<{ campaignId: string; givenBack: number }[]> {
  const given: { campaignId: string; givenBack: number }[] = [];
  for (const first of await deps.ledger.matchesOf(refunded.donationId)) {
    if (first.matchType !== 'Donation') continue;
    const campaign = await deps.campaigns.get(first.workplaceId, first.campaignId);
    const withEntry = campaign?.moduleType === 'Fundraising' && first.pageId !== undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const entry = (await deps.ledger.matchesOf(refunded.donationId)).find((match) => match.campaignId === first.campaignId) ?? first;
      const ratio = campaign?.matchRatio ?? entry.amount / Math.max(1, entry.donationAmount);
      let kept = Math.min(entry.amount, matchBonusCents({ amountCents: refunded.remainingDonationCents, quantity: 1, matchRatio: ratio, memberCapCents: 0, entryCapCents: 0, campaignCapCents: 0 }));
      let back = entry.amount - kept;
      if (entry.refundIds?.includes(refunded.refundId)) {
        // Applied by an earlier delivery: announce it again only if it was this refund's (its event may not have gone).
        if (entry.lastGiveBack?.refundId !== refunded.refundId) break;
        kept = entry.amount;
        back = entry.lastGiveBack.cents;
      } else {
        const outcome = await deps.ledger.giveBack(entry, refunded.refundId, kept, withEntry);
        if (outcome === 'changed') {
          await pause(attempt);
          continue;
        }
        if (outcome === 'already') continue;
      }
      if (back > 0) given.push({ campaignId: entry.campaignId, givenBack: back });
      await deps.events.publish(
        DonationMatchGivenBack,
        {
          campaignId: entry.campaignId,
          donationId: entry.donationId,
          refundId: refunded.refundId,
          amount: { cents: kept, currency: entry.currency },
          givenBack: { cents: back, currency: entry.currency },
          matchType: entry.matchType,
          ...(entry.pageId ? { pageId: entry.pageId } : {}),
        },
        { id: `${refunded.refundId}#${entry.campaignId}` },
      );
      break;
    }
  }
  return given;
}
