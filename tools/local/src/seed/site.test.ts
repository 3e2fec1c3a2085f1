import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoBadgeStore, dynamoEmailTemplateStore } from '../../../../services/accounts/adapters/dynamo-back-office-content';
import { dynamoSiteStore } from '../../../../services/accounts/adapters/dynamo-site';
import { keys } from '../../../../services/accounts/adapters/keys';
import { getSecuritySettings, listEmailTemplates } from '../../../../services/accounts/domain/back-office-content';
import { getMenuLinks, getRecentActivity, getSiteConfig, getSiteStats } from '../../../../services/accounts/domain/site';
import { dynamoSecurityStore } from '../../../../services/accounts/adapters/dynamo-back-office-content';
import accounts from '../../../../services/accounts/service';
import { testTables } from '../testing/dynamo';
import { CHARITIES } from './data';
import { newId } from '@giving/shared/ids';
import { dynamoDonationActivityStore } from '../../../../services/accounts/adapters/dynamo-donation-activity';
import { seedSite, type PastDonation } from './site';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-04-01T09:00:00.000Z');
const charityOf = (charityUrl: string) => {
  const charity = CHARITIES.find((c) => c.charityUrl === charityUrl);
  if (!charity) throw new Error(charityUrl);
  return { id: `id-${charityUrl}`, name: charity.name, charityUrl, logoImageUrl: '' };
};
/** Past donations as donations' seed returns them (the same list its reports and the donor's history show). */
const past = (charityUrl: string, country: 'nz' | 'au', cents: number, daysAgo: number, memberId?: string): PastDonation => {
  const currency = country === 'au' ? 'AUD' : 'NZD';
  return {
    donationId: newId(now.getTime() - daysAgo * DAY),
    country,
    priced: { amount: { cents, currency }, tip: { cents: 0, currency }, total: { cents, currency }, charity: charityOf(charityUrl) },
    ...(memberId ? { memberId } : {}),
    completedAt: new Date(now.getTime() - daysAgo * DAY).toISOString(),
  };
};

describe('seedSite (DynamoDB Local)', () => {
  it('seeds site config, menu links, templates, badges, security, and what the past donations added: stats, ticker, the donor’s tally and badges', async () => {
    const tables = await testTables([accounts]);
    const tableName = tables.tableName('accounts');
    const dana = past('kiwi-coast-rescue', 'nz', 5000, 3, 'member-dana');
    const donations = [
      past('kiwi-coast-rescue', 'nz', 5000, 1),
      dana,
      past('harbour-city-food-bank', 'nz', 4500, 2),
      past('kiwi-coast-rescue', 'nz', 12000, 45), // older than the ticker keeps
      past('reef-guardians-australia', 'au', 6000, 1),
      past('outback-flying-books', 'au', 2500, 2),
      past('sydney-street-meals', 'au', 6000, 4),
    ];
    expect(await seedSite(tables.client, tableName, now, donations)).toEqual({ menuLinks: 2, emailTemplates: 5, badges: 3, pastDonations: 7 });
    const site = dynamoSiteStore(tables.client, tableName);

    for (const country of ['nz', 'au'] as const) {
      expect(await getSiteConfig({ site }, country)).toMatchObject({ showGratuity: true, siteFeed: true, features: ['Donations', 'GiftVouchers', 'Teams', 'Stories'] });
      expect((await getSiteConfig({ site }, country)).singleSignInUrl).toBeUndefined();
      expect(await getMenuLinks({ site }, country)).toEqual({
        items: [
          { name: 'Volunteer', path: `/${country}/volunteering` },
          { name: 'Donate', path: `/${country}/donating` },
          { name: 'Fundraise', path: `/${country}/fundraising` },
          { name: 'Charities', path: `/${country}/charities` },
          { name: 'Gift card', path: `/${country}/charity/gift-vouchers/new-voucher` },
        ],
      });
      const theirs = donations.filter((d) => d.country === country);
      const items = (await getRecentActivity({ site }, country)).items;
      // The ticker shows the country's donations of the last 30 days, newest first; the stats count them all.
      const recent = theirs.filter((d) => Date.parse(d.completedAt) > now.getTime() - 30 * DAY).sort((a, b) => b.completedAt.localeCompare(a.completedAt));
      expect(items.map((item) => item.id)).toEqual(recent.map((d) => d.donationId));
      expect(items.length).toBeGreaterThanOrEqual(3);
      const stats = await getSiteStats({ site }, country);
      expect(stats.overallDonations.cents).toBe(theirs.reduce((sum, d) => sum + d.priced.amount.cents, 0));
    }

    // Dana gave signed in: her donation counts for her, and earned the first badge then (its e-mail went out then).
    const activity = dynamoDonationActivityStore(tables.client, tableName);
    expect(await activity.donationCount('member-dana')).toBe(1);
    expect((await activity.memberBadges('member-dana')).map((b) => [b.name, b.mailPending])).toEqual([['First gift', false]]);

    const templates = await listEmailTemplates({ templates: dynamoEmailTemplateStore(tables.client, tableName) });
    expect(templates.items.every((t) => t.updatedAt === now.toISOString())).toBe(true);
    expect((await dynamoBadgeStore(tables.client, tableName).list()).map((b) => [b.name, b.donationCount, b.icon])).toEqual([
      ['First gift', 1, '🌱'],
      ['Regular giver', 5, '🌿'],
      ['Generous heart', 20, '🌳'],
    ]);
    expect(await getSecuritySettings({ security: dynamoSecurityStore(tables.client, tableName) })).toMatchObject({
      requireMfaForAdministrators: false,
      adminSessionMinutes: 60,
    });
    expect((await tables.client.send(new GetCommand({ TableName: tableName, Key: keys.siteCounters() }))).Item).toBeUndefined();
  });
});
