import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MenuLink, RecentActivity, RecentDonation, RecentVoucher } from '@giving/shared/contracts/accounts';
import { SITE_FEATURES, type SiteFeature } from '@giving/shared/permissions';
import type { CountrySiteSettings, SiteSettings, SiteStore } from '../domain/site';
import { keys } from './keys';

/**
 * Site data: SITE/CONFIG (features, per-country settings), SITE/COUNTERS (active users), and per country
 * SITE#<cc>/STATS, SITE#<cc>/MENULINKS and the ticker's SITE#<cc>/RECENT#<isoDate>#<id> items.
 */
export function dynamoSiteStore(client: DynamoDBDocumentClient, tableName: string): SiteStore {
  const get = async (key: { pk: string; sk: string }) => (await client.send(new GetCommand({ TableName: tableName, Key: key }))).Item;
  return {
    async getSettings() {
      const item = await get(keys.siteConfig());
      if (!item) return undefined;
      const features = ((item.features ?? []) as string[]).filter((f): f is SiteFeature => (SITE_FEATURES as readonly string[]).includes(f));
      return { features, countries: (item.countries ?? {}) as Partial<Record<string, CountrySiteSettings>> } as SiteSettings;
    },
    async getMenuLinks(country) {
      const item = await get(keys.menuLinks(country));
      return ((item?.items ?? []) as MenuLink[]).map(({ name, path }) => ({ name, path }));
    },
    async putMenuLinks(country, links, change) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.menuLinks(country), items: links, updatedBy: change.by, updatedAt: change.at.toISOString() },
        }),
      );
    },
    async getCountryStats(country) {
      const item = await get(keys.countryStats(country));
      return { donationsCents: Number(item?.donationsCents ?? 0), volunteeredHours: Number(item?.volunteeredHours ?? 0) };
    },
    async getActiveUsers() {
      const item = await get(keys.siteCounters());
      return Number(item?.activeUsers ?? 0);
    },
    async listRecentActivity(country, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :recent)',
          ExpressionAttributeValues: { ':pk': keys.countryStats(country).pk, ':recent': 'RECENT#' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map((item): RecentActivity => {
        // Each item keeps the kind it was written with (donations by record-donation-activity, sign-ups by
        // record-volunteer-sign-up, gift vouchers by record-voucher-purchase).
        if (item.kind === 'voucher') return { kind: 'voucher', id: item.id as string, voucherBalance: item.voucherBalance as RecentVoucher['voucherBalance'], createdOn: item.createdOn as string };
        const common = { id: item.id as string, charityName: item.charityName as string, charityUrl: item.charityUrl as string };
        if (item.kind === 'volunteering') return { kind: 'volunteering', ...common, createdOn: item.createdOn as string };
        if (item.kind === 'fundraising') {
          return { kind: 'fundraising', ...common, title: item.title as string, fundraisingUrl: item.fundraisingUrl as string, donationAmount: item.donationAmount as RecentDonation['donationAmount'], createdOn: item.createdOn as string };
        }
        return { kind: 'donation', ...common, donationAmount: item.donationAmount as RecentDonation['donationAmount'], donationDate: item.donationDate as string };
      });
    },
  };
}
