import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRY_CODES } from '@giving/shared/countries';
import { newId } from '@giving/shared/ids';
import type { SiteFeature } from '@giving/shared/permissions';
import { dynamoBadgeStore, dynamoEmailTemplateStore, dynamoSecurityStore } from '../../../../services/accounts/adapters/dynamo-back-office-content';
import { dynamoDonationActivityStore } from '../../../../services/accounts/adapters/dynamo-donation-activity';
import { dynamoSiteStore } from '../../../../services/accounts/adapters/dynamo-site';
import { keys } from '../../../../services/accounts/adapters/keys';
import { DEFAULT_SECURITY } from '../../../../services/accounts/domain/back-office-content';
import { DONATION_SEEN_DAYS, RECENT_ACTIVITY_DAYS } from '../../../../services/accounts/domain/donation-activity';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_IDS } from '../../../../services/accounts/domain/email-templates';
import type { CountrySiteSettings } from '../../../../services/accounts/domain/site';
import type { Donation } from '../../../../services/donations/domain/ports';

const FEATURES: SiteFeature[] = ['Donations', 'GiftVouchers', 'Teams', 'Stories'];
const COUNTRY_SETTINGS: CountrySiteSettings = { showGratuity: true, siteFeed: true };

const BADGES = [
  { name: 'First gift', description: 'You made your first donation.', icon: '🌱', donationCount: 1 },
  { name: 'Regular giver', description: 'You have made 5 donations.', icon: '🌿', donationCount: 5 },
  { name: 'Generous heart', description: 'You have made 20 donations.', icon: '🌳', donationCount: 20 },
];

const DAY_SECONDS = 24 * 60 * 60;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What accounts learns of a past donation (from DonationCompleted, when it happens for real). */
export type PastDonation = Pick<Donation, 'donationId' | 'country' | 'priced' | 'memberId' | 'completedAt'>;

/**
 * Seeds the accounts service's site data: site config and features, each country's menu links, the e-mail templates,
 * badge definitions, security settings, and what the demo's past donations (the same ones donations holds) added to
 * the site: each country's stats and ticker, and a signed-in donor's tally and the badges it reached. They are written
 * through the donation-activity adapter, exactly as DonationCompleted wrote them; a badge's e-mail went out when it
 * was awarded, back then, so none is owed now.
 */
export async function seedSite(client: DynamoDBDocumentClient, tableName: string, now: Date, pastDonations: readonly PastDonation[]) {
  const site = dynamoSiteStore(client, tableName);
  const templates = dynamoEmailTemplateStore(client, tableName);
  const badges = dynamoBadgeStore(client, tableName);
  const activity = dynamoDonationActivityStore(client, tableName);

  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.siteConfig(),
        features: FEATURES,
        countries: Object.fromEntries(COUNTRY_CODES.map((country) => [country, COUNTRY_SETTINGS])),
      },
    }),
  );
  for (const country of COUNTRY_CODES) {
    // Spec 1 §1's public navigation, in its order: Volunteer, Donate, Fundraise, Charities, Gift card.
    await site.putMenuLinks(
      country,
      [
        { name: 'Volunteer', path: `/${country}/volunteering` },
        { name: 'Donate', path: `/${country}/donating` },
        { name: 'Fundraise', path: `/${country}/fundraising` },
        { name: 'Charities', path: `/${country}/charities` },
        { name: 'Gift card', path: `/${country}/charity/gift-vouchers/new-voucher` },
      ],
      { by: 'seed', at: now },
    );
  }
  for (const id of EMAIL_TEMPLATE_IDS) {
    const { subject, body } = DEFAULT_EMAIL_TEMPLATES[id];
    await templates.put({ id, subject, body, updatedAt: now.toISOString() });
  }
  for (const badge of BADGES) await badges.create({ id: newId(now.getTime()), ...badge }, now.toISOString());
  await dynamoSecurityStore(client, tableName).put({ ...DEFAULT_SECURITY, updatedAt: now.toISOString(), updatedBy: 'seed' });

  for (const donation of pastDonations) {
    const at = new Date(donation.completedAt);
    const { amount, charity } = donation.priced;
    const recentExpiresAt = epochSeconds(at) + RECENT_ACTIVITY_DAYS * DAY_SECONDS;
    await activity.record({
      donationId: donation.donationId,
      country: donation.country,
      amountCents: amount.cents,
      recent: { kind: 'donation', id: donation.donationId, charityName: charity.name, charityUrl: charity.charityUrl, donationAmount: amount, donationDate: at.toISOString() },
      ...(donation.memberId ? { memberId: donation.memberId } : {}),
      seenExpiresAt: epochSeconds(now) + DONATION_SEEN_DAYS * DAY_SECONDS,
      recentExpiresAt,
    });
    // The table's TTL would have taken an older donation off the ticker by now.
    if (recentExpiresAt <= epochSeconds(now)) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.recentActivity(donation.country, at.toISOString(), donation.donationId) }));
    }
  }
  // Each badge a donor's tally reached, awarded when the donation that reached it was made.
  const definitions = await badges.list();
  for (const memberId of new Set(pastDonations.flatMap((d) => (d.memberId ? [d.memberId] : [])))) {
    const theirs = pastDonations.filter((d) => d.memberId === memberId).sort((a, b) => a.completedAt.localeCompare(b.completedAt));
    const count = await activity.donationCount(memberId);
    for (const badge of definitions.filter((b) => b.donationCount <= count)) {
      await activity.awardBadge(memberId, badge, theirs[badge.donationCount - 1]?.completedAt ?? now.toISOString());
      await activity.claimBadgeMail(memberId, badge.id);
    }
  }
  return { menuLinks: COUNTRY_CODES.length, emailTemplates: EMAIL_TEMPLATE_IDS.length, badges: BADGES.length, pastDonations: pastDonations.length };
}
