import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '@giving/shared/errors';
import { putNewerVersion } from '@giving/shared/dynamo-copies';
import { queryAll } from '@giving/shared/dynamo-query';
import { transactWrite, type TransactItems } from '@giving/shared/dynamo-transact';
import type { CampaignStore, ProductCampaign, StoredCampaign, WorkplaceNames } from '../domain/ports';
import { publicView } from '../domain/campaigns';

/**
 * Matching's table (one per service, DESIGN.md §1):
 *   WORKPLACE#<workplace id> / CAMPAIGN#<campaign id>   the campaign (the console's list is one Query)
 *   PRODUCT#<item id>        / CAMPAIGN#<campaign id>   one row per item of a campaign: what a donor may see, with
 *                                                       its dates and switch, so "campaigns for this gift" is one
 *                                                       Query on the gift's partition, never a Scan
 *   WORKPLACE#<workplace id> / PROFILE                  the workplace's name (from WorkplaceMembershipChanged)
 *   MEMBER#<member id>       / WORKPLACE#<workplace id> workplace roles (shared/dynamo-copies.ts)
 * A campaign and its product rows are written in one transaction, the campaign conditioned on its version.
 */
export const campaignKey = (workplaceId: string, campaignId: string) => ({ pk: `WORKPLACE#${workplaceId}`, sk: `CAMPAIGN#${campaignId}` });
export const productKey = (productId: string, campaignId: string) => ({ pk: `PRODUCT#${productId}`, sk: `CAMPAIGN#${campaignId}` });
const profileKey = (workplaceId: string) => ({ pk: `WORKPLACE#${workplaceId}`, sk: 'PROFILE' });

const strip = <T>({ pk: _pk, sk: _sk, type: _type, ...rest }: Record<string, unknown>) => rest as T;

const productRow = (campaign: StoredCampaign): Omit<ProductCampaign, never> => ({
  ...publicView(campaign),
  startsOn: campaign.startsOn,
  active: campaign.active,
  country: campaign.country,
});

function writesFor(tableName: string, campaign: StoredCampaign, removedItemIds: readonly string[]): TransactItems {
  const row = productRow(campaign);
  return [
    ...campaign.items.map((item) => ({ Put: { TableName: tableName, Item: { ...productKey(item.id, campaign.id), type: 'ProductCampaign', ...row } } })),
    ...removedItemIds.map((itemId) => ({ Delete: { TableName: tableName, Key: productKey(itemId, campaign.id) } })),
  ];
}

export function dynamoCampaignStore(client: DynamoDBDocumentClient, tableName: string): CampaignStore {
  return {
    async get(workplaceId, campaignId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: campaignKey(workplaceId, campaignId), ConsistentRead: true }));
      return result.Item ? strip<StoredCampaign>(result.Item) : undefined;
    },
    async listByWorkplace(workplaceId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :campaign)',
        ExpressionAttributeValues: { ':pk': `WORKPLACE#${workplaceId}`, ':campaign': 'CAMPAIGN#' },
      });
      return items.map((item) => strip<StoredCampaign>(item));
    },
    async listForProduct(productId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :campaign)',
        ExpressionAttributeValues: { ':pk': `PRODUCT#${productId}`, ':campaign': 'CAMPAIGN#' },
      });
      return items.map((item) => strip<ProductCampaign>(item));
    },
    async create(campaign) {
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: { ...campaignKey(campaign.workplace.id, campaign.id), type: 'Campaign', ...campaign }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ...writesFor(tableName, campaign, []),
      ]);
      if (!outcome.ok) throw conflict('That campaign already exists.');
    },
    async replace(previous, next) {
      const kept = new Set(next.items.map((item) => item.id));
      const removed = previous.items.map((item) => item.id).filter((id) => !kept.has(id));
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...campaignKey(next.workplace.id, next.id), type: 'Campaign', ...next },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': previous.version },
          },
        },
        ...writesFor(tableName, next, removed),
      ]);
      if (!outcome.ok) throw conflict('The campaign was changed meanwhile. Reload it and try again.');
    },
  };
}

export function dynamoWorkplaceNames(client: DynamoDBDocumentClient, tableName: string): WorkplaceNames {
  return {
    async nameOf(workplaceId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: profileKey(workplaceId) }));
      return typeof result.Item?.name === 'string' ? result.Item.name : undefined;
    },
    save: ({ id, name, version }) => putNewerVersion(client, tableName, { ...profileKey(id), type: 'Workplace', workplaceId: id, name, version }),
  };
}
