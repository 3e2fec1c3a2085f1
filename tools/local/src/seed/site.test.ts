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
import { seedSite } from './site';

describe('seedSite (DynamoDB Local)', () => {
  it('seeds site config, menu links, templates, badges, security and a ticker whose stats add up', async () => {
    const tables = await testTables([accounts]);
    const tableName = tables.tableName('accounts');
    const now = new Date('2026-04-01T09:00:00.000Z');
    expect(await seedSite(tables.client, tableName, now)).toEqual({ menuLinks: 2, emailTemplates: 2, badges: 3, recentDonations: 6 });
    const site = dynamoSiteStore(tables.client, tableName);

    for (const country of ['nz', 'au'] as const) {
      expect(await getSiteConfig({ site }, country)).toMatchObject({ showGratuity: true, siteFeed: true, features: ['Donations', 'GiftVouchers', 'Teams', 'Stories'] });
      expect((await getSiteConfig({ site }, country)).singleSignInUrl).toBeUndefined();
      expect(await getMenuLinks({ site }, country)).toEqual({
        items: [
          { name: 'Volunteer', path: `/${country}/volunteering` },
          { name: 'Charities', path: `/${country}/charities` },
          { name: 'Gift card', path: `/${country}/charity/gift-vouchers/new-voucher` },
        ],
      });
      const all = (await getRecentActivity({ site }, country)).items;
      // The seed writes donations only (volunteering sign-ups reach the ticker through the running platform's stream).
      const items = all.flatMap((item) => (item.kind === 'donation' ? [item] : []));
      expect(items).toEqual(all);
      expect(items).toHaveLength(3);
      const known = new Map(CHARITIES.filter((c) => c.country === country).map((c) => [c.charityUrl, c.name]));
      for (const item of items) expect(known.get(item.charityUrl)).toBe(item.charityName);
      expect([...items].sort((a, b) => b.donationDate.localeCompare(a.donationDate))).toEqual(items);
      const stats = await getSiteStats({ site }, country);
      expect(stats.overallDonations.cents).toBe(items.reduce((sum, item) => sum + item.donationAmount.cents, 0));
      expect(stats.overallDonations.cents).toBeGreaterThan(0);
    }

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
