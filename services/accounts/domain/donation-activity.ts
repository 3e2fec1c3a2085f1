import type { Badge, RecentDonation, RecentFundraising } from '@giving/shared/contracts/accounts';
import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import type { EventData } from '@giving/shared/events';
import type { DonationCompleted } from '@giving/shared/events/donations';
import type { Mailer } from '@giving/shared/mail';
import { emailTemplate, type BadgeStore, type EmailTemplateStore } from './back-office-content';
import { renderTemplate } from './email-templates';

/** A member who can earn badges: found by the donor's member id of a completed donation, else by its donor e-mail. */
export interface BadgeHolder {
  id: string;
  email: string;
  firstName: string;
}

export interface HeldBadge {
  badgeId: string;
  name: string;
  description: string;
  mailPending: boolean;
}

/** Everything one completed donation adds to the site, written at once. */
export interface DonationRecord {
  donationId: string;
  country: CountryCode;
  /** Amount x quantity, in cents (the tip goes to the website, not to the charity). */
  amountCents: number;
  /** The ticker item, keyed by its donation date: a donation, or fundraising support (a donation through a page). */
  recent: RecentDonation | RecentFundraising;
  /** Counts toward this member's badges. */
  memberId?: string;
  /** Epoch seconds. */
  seenExpiresAt: number;
  recentExpiresAt: number;
}

export interface DonationActivityStore {
  findMemberById(memberId: string): Promise<BadgeHolder | undefined>;
  findMemberByEmail(email: string): Promise<BadgeHolder | undefined>;
  /**
   * In one transaction: marks the donation seen, adds it to the country's stats and ticker and to the member's
   * tally. 'duplicate' (and nothing written) when the donation was recorded before.
   */
  record(donation: DonationRecord): Promise<'recorded' | 'duplicate'>;
  donationCount(memberId: string): Promise<number>;
  /** The member's badges (as awarded, so a retired definition still has its name), and which still wait for their e-mail. */
  memberBadges(memberId: string): Promise<HeldBadge[]>;
  /** Awards the badge unless the member has it (a conditional put); true when this call awarded it. */
  awardBadge(memberId: string, badge: Badge, awardedAt: string): Promise<boolean>;
  /** Takes the right to send a badge's e-mail (once, even with concurrent consumers); true when taken. */
  claimBadgeMail(memberId: string, badgeId: string): Promise<boolean>;
  /** Gives it back after a failed send, so a retry sends it. */
  releaseBadgeMail(memberId: string, badgeId: string): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;
/** How long the ticker keeps a donation, and how long a redelivered event is still recognised. */
export const RECENT_ACTIVITY_DAYS = 30;
export const DONATION_SEEN_DAYS = 90;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface DonationActivityDeps {
  activity: DonationActivityStore;
  badges: BadgeStore;
  templates: EmailTemplateStore;
  mailer: Mailer;
  clock: { now(): Date };
  /** The site's address, for the link to the member's badges. */
  siteUrl: string;
  log?: { info(message: string, context?: Record<string, unknown>): void };
}

/**
 * DonationCompleted -> the country's donation total and ticker, and the donor's badges.
 * Main course: find the donor's member record (by the signed-in donor's member id, else by e-mail); write the donation once (a redelivered event changes
 * nothing); award every badge the new tally reaches that the member lacks (each once); e-mail each new badge.
 * The awarding runs for a duplicate too, so a consumer that crashed after the write still finishes the job.
 */
export async function recordDonationActivity(deps: DonationActivityDeps, donation: EventData<typeof DonationCompleted>): Promise<void> {
  if (!isCountryCode(donation.country)) throw new Error(`DonationCompleted ${donation.donationId} has unknown country ${donation.country}`);
  const now = deps.clock.now();
  const completedAt = new Date(donation.completedAt);
  // The event's amount is already the gift amount x quantity; the tip is separate and goes to the website.
  const amount = donation.amount;
  const member = await findDonor(deps.activity, donation);

  const outcome = await deps.activity.record({
    donationId: donation.donationId,
    country: donation.country,
    amountCents: amount.cents,
    recent: donation.page
      ? {
          kind: 'fundraising',
          id: donation.donationId,
          charityName: donation.charity.name,
          charityUrl: donation.charity.charityUrl,
          title: donation.page.title,
          fundraisingUrl: `/${donation.country}/fundraising/${donation.page.eventUrl}/${donation.page.pageUrl}`,
          donationAmount: amount,
          createdOn: completedAt.toISOString(),
        }
      : {
          kind: 'donation',
          id: donation.donationId,
          charityName: donation.charity.name,
          charityUrl: donation.charity.charityUrl,
          donationAmount: amount,
          donationDate: completedAt.toISOString(),
        },
    memberId: member?.id,
    seenExpiresAt: epochSeconds(now) + DONATION_SEEN_DAYS * DAY_SECONDS,
    recentExpiresAt: epochSeconds(completedAt) + RECENT_ACTIVITY_DAYS * DAY_SECONDS,
  });
  if (outcome === 'duplicate') deps.log?.info('donation already recorded', { donationId: donation.donationId });
  if (member) await awardBadges(deps, member, donation.country, now);
}

/**
 * A signed-in donation names its member, so it counts for them whatever the case of the e-mail; a guest's counts for
 * the member with that e-mail, if any. A member id with no member record yet falls back to the e-mail.
 */
async function findDonor(
  activity: Pick<DonationActivityStore, 'findMemberById' | 'findMemberByEmail'>,
  donation: Pick<EventData<typeof DonationCompleted>, 'donorMemberId' | 'donorEmail'>,
): Promise<BadgeHolder | undefined> {
  const byId = donation.donorMemberId ? await activity.findMemberById(donation.donorMemberId) : undefined;
  if (byId) return byId;
  return donation.donorEmail ? activity.findMemberByEmail(donation.donorEmail.trim().toLowerCase()) : undefined;
}

/** Awards the badges the member's tally has reached, then e-mails each badge still waiting for its e-mail. */
export async function awardBadges(deps: DonationActivityDeps, member: BadgeHolder, country: CountryCode, now: Date): Promise<void> {
  const [count, definitions, held] = await Promise.all([
    deps.activity.donationCount(member.id),
    deps.badges.list(),
    deps.activity.memberBadges(member.id),
  ]);
  const heldIds = new Set(held.map((b) => b.badgeId));
  const unmailed: Pick<HeldBadge, 'badgeId' | 'name' | 'description'>[] = held.filter((b) => b.mailPending);
  for (const badge of definitions) {
    if (badge.donationCount > count || heldIds.has(badge.id)) continue;
    if (await deps.activity.awardBadge(member.id, badge, now.toISOString())) {
      unmailed.push({ badgeId: badge.id, name: badge.name, description: badge.description });
    }
  }
  if (unmailed.length === 0) return;

  const template = await emailTemplate(deps, 'badge-awarded');
  for (const badge of unmailed) {
    if (!(await deps.activity.claimBadgeMail(member.id, badge.badgeId))) continue;
    const mail = renderTemplate(template, member.email, {
      firstName: member.firstName,
      badgeName: badge.name,
      badgeDescription: badge.description,
      badgesUrl: `${deps.siteUrl}/admin/user/badges`,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      await deps.activity.releaseBadgeMail(member.id, badge.badgeId);
      throw error;
    }
  }
}
