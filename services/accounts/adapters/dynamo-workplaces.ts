import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Workplace, WorkplaceCharity } from '@giving/shared/contracts/accounts';
import type { WorkplaceStore } from '../domain/people';
import { queryAll } from './dynamo-pages';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;

export const toWorkplace = (item: Item): Workplace => ({
  id: item.id as string,
  name: item.name as string,
  country: item.country as Workplace['country'],
  ...(typeof item.logo === 'string' ? { logo: item.logo } : {}),
  businessUnits: (item.businessUnits as Workplace['businessUnits'] | undefined) ?? [],
  memberCount: Number(item.memberCount ?? 0),
  createdAt: (item.createdAt as string | undefined) ?? '',
});

const toWorkplaceCharity = (item: Item): WorkplaceCharity => ({
  charityId: item.charityId as string,
  name: item.name as string,
  charityUrl: item.charityUrl as string,
  logoImageUrl: (item.logoImageUrl as string | undefined) ?? '',
  addedAt: item.addedAt as string,
});

/**
 * WORKPLACE#<id> / PROFILE (gsi3 LIST#WORKPLACE / lower-case name) with its business units, memberCount and
 * adminCount (kept by the membership writes), and the charities it supports: WORKPLACE#<id> / CHARITY#<charityId>.
 */
export function dynamoWorkplaceStore(client: DynamoDBDocumentClient, tableName: string): WorkplaceStore {
  return {
    async get(workplaceId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.workplace(workplaceId), ConsistentRead: true }));
      return result.Item ? toWorkplace(result.Item) : undefined;
    },

    async create(workplace) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.workplace(workplace.id), ...indexKeys.list('WORKPLACE', workplace.name.toLowerCase()), ...workplace, memberCount: 0, adminCount: 0 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async updateSettings(workplaceId, settings) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.workplace(workplaceId),
            UpdateExpression: 'SET #name = :name, businessUnits = :units, gsi3sk = :listKey',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': settings.name, ':units': settings.businessUnits, ':listKey': settings.name.toLowerCase() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toWorkplace(result.Attributes as Item);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },

    async listCharities(workplaceId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :charity)',
        ExpressionAttributeValues: { ':pk': keys.workplace(workplaceId).pk, ':charity': 'CHARITY#' },
      });
      return items.map(toWorkplaceCharity).sort((a, b) => a.name.localeCompare(b.name));
    },

    async addCharity(workplaceId, charity) {
      const key = keys.workplaceCharity(workplaceId, charity.charityId);
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: { ...key, ...charity }, ConditionExpression: 'attribute_not_exists(pk)' }));
        return charity;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // Already supported: answer with what was stored the first time.
        const stored = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
        return stored.Item ? toWorkplaceCharity(stored.Item) : charity;
      }
    },

    async removeCharity(workplaceId, charityId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.workplaceCharity(workplaceId, charityId) }));
    },
  };
}
