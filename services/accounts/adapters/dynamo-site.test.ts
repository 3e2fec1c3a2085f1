import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import { getMenuLinks, getRecentActivity, getSiteConfig, getSiteStats, replaceMenuLinks } from '../domain/site';
import { dynamoSiteStore } from './dynamo-site';
import { keys } from './keys';

let client: DynamoDBDocumentClient;
let tableName: string;
let site: ReturnType<typeof dynamoSiteStore>;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  client = tables.client;
  tableName = tables.tableName('accounts');
  site = dynamoSiteStore(client, tableName);
});

const put = (item: Record<string, unknown>) => client.send(new PutCommand({ TableName: tableName, Item: item }));

describe('site data (DynamoDB Local)', () => {
  it('answers an unconfigured site with no features, no tip and no ticker, and zero stats', async () => {
    expect(await getSiteConfig({ site }, 'au')).toEqual({ country: 'au', currency: 'AUD', showGratuity: false, siteFeed: false, features: [] });
    expect(await getSiteStats({ site }, 'au')).toEqual({ overallDonations: { cents: 0, currency: 'AUD' }, activeUsers: 0, overallVolunteeredHours: 0 });
    expect(await getMenuLinks({ site }, 'au')).toEqual({ items: [] });
    expect(await getRecentActivity({ site }, 'au')).toEqual({ items: [] });
  });

  it("reads each country's settings and the site's features from SITE/CONFIG", async () => {
    await put({
      ...keys.siteConfig(),
      features: ['Donations', 'Teams', 'NotAFeature'],
      countries: {
        nz: { showGratuity: true, siteFeed: true, singleSignInUrl: 'https://sso.example.org/login' },
        au: { showGratuity: false, siteFeed: true },
      },
    });
    expect(await getSiteConfig({ site }, 'nz')).toEqual({
      country: 'nz',
      currency: 'NZD',
      showGratuity: true,
      siteFeed: true,
      features: ['Donations', 'Teams'],
      singleSignInUrl: 'https://sso.example.org/login',
    });
    expect(await getSiteConfig({ site }, 'au')).toEqual({ country: 'au', currency: 'AUD', showGratuity: false, siteFeed: true, features: ['Donations', 'Teams'] });
  });

  it("reads stats from the country's STATS item and active users from SITE/COUNTERS", async () => {
    await put({ ...keys.countryStats('nz'), donationsCents: 123456, volunteeredHours: 42.5 });
    await put({ ...keys.siteCounters(), activeUsers: 7 });
    expect(await getSiteStats({ site }, 'nz')).toEqual({ overallDonations: { cents: 123456, currency: 'NZD' }, activeUsers: 7, overallVolunteeredHours: 42.5 });
  });

  it("replaces a country's menu links as a whole", async () => {
    const deps = { site, clock: fixedClock('2026-04-01T09:00:00.000Z') };
    await replaceMenuLinks(deps, 'nz', [{ name: 'Charities', path: '/nz/charities' }, { name: 'Donate', path: '/nz/donating' }], 'admin-1');
    const replaced = await replaceMenuLinks(deps, 'nz', [{ name: 'Charities', path: '/nz/charities' }], 'admin-1');
    expect(replaced).toEqual({ items: [{ name: 'Charities', path: '/nz/charities' }] });
    expect(await getMenuLinks({ site }, 'nz')).toEqual(replaced);
    expect(await getMenuLinks({ site }, 'au')).toEqual({ items: [] });
  });
});
