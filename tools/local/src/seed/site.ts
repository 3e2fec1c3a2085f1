import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { newId } from '@giving/shared/ids';
import { multiplyMoney, money } from '@giving/shared/money';
import type { SiteFeature } from '@giving/shared/permissions';
import { dynamoBadgeStore, dynamoEmailTemplateStore, dynamoSecurityStore } from '../../../../services/accounts/adapters/dynamo-back-office-content';
import { dynamoDonationActivityStore } from '../../../../services/accounts/adapters/dynamo-donation-activity';
import { dynamoSiteStore } from '../../../../services/accounts/adapters/dynamo-site';
import { keys } from '../../../../services/accounts/adapters/keys';
import { DEFAULT_SECURITY } from '../../../../services/accounts/domain/back-office-content';
import { DONATION_SEEN_DAYS, RECENT_ACTIVITY_DAYS } from '../../../../services/accounts/domain/donation-activity';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_IDS } from '../../../../services/accounts/domain/email-templates';
import type { CountrySiteSettings } from '../../../../services/accounts/domain/site';
import { CHARITIES } from './data';

const FEATURES: SiteFeature[] = ['Donations', 'GiftVouchers', 'Teams', 'Stories'];
const COUNTRY_SETTINGS: CountrySiteSettings = { showGratuity: true, siteFeed: true };

const BADGES = [
  { name: 'First gift', description: 'You made your first donation.', icon: '🌱', donationCount: 1 },
  { name: 'Regular giver', description: 'You have made 5 donations.', icon: '🌿', donationCount: 5 },
  { name: 'Generous heart', description: 'You have made 20 donations.', icon: '🌳', donationCount: 20 },
];

/** The demo ticker: three past donations per country, to that country's first three charities (quantity, hours ago). */
const PAST_DONATIONS = [
  { quantity: 2, hoursAgo: 2 },
  { quantity: 1, hoursAgo: 27 },
  { quantity: 1, hoursAgo: 75 },
];

const DAY_SECONDS = 24 * 60 * 60;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Seeds the accounts service's site data: site config and features, each country's menu links, the e-mail templates,
 * badge definitions, security settings, and a ticker of recent donations whose country stats add up to them.
 * Recent donations are written through the donation-activity adapter, exactly as DonationCompleted would write them.
 */
export async function seedSite(client: DynamoDBDocumentClient, tableName: string, now: Date) {
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
    // Only pages that exist today.
    await site.putMenuLinks(
      country,
      [
        { name: 'Volunteer', path: `/${country}/volunteering` },
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

  let donations = 0;
  for (const country of COUNTRY_CODES) {
    const charities = CHARITIES.filter((charity) => charity.country === country).slice(0, PAST_DONATIONS.length);
    for (const [index, charity] of charities.entries()) {
      const { quantity, hoursAgo } = PAST_DONATIONS[index] as (typeof PAST_DONATIONS)[number];
      const gift = charity.gifts.find((g) => g.priceCents > 0 && g.isActive !== false);
      if (!gift) continue;
      const at = new Date(now.getTime() - hoursAgo * 60 * 60 * 1000);
      const donationId = newId(at.getTime());
      const amount = multiplyMoney(money(gift.priceCents, COUNTRIES[country].currency), quantity);
      await activity.record({
        donationId,
        country,
        amountCents: amount.cents,
        recent: { kind: 'donation', id: donationId, charityName: charity.name, charityUrl: charity.charityUrl, donationAmount: amount, donationDate: at.toISOString() },
        seenExpiresAt: epochSeconds(now) + DONATION_SEEN_DAYS * DAY_SECONDS,
        recentExpiresAt: epochSeconds(at) + RECENT_ACTIVITY_DAYS * DAY_SECONDS,
      });
      donations++;
    }
  }
  return { menuLinks: COUNTRY_CODES.length, emailTemplates: EMAIL_TEMPLATE_IDS.length, badges: BADGES.length, recentDonations: donations };
}
