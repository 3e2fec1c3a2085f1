import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Badge, SecuritySettings } from '@giving/shared/contracts/accounts';
import type { BadgeStore, EmailTemplateStore, SecurityStore, StoredEmailTemplate } from '../domain/back-office-content';
import { isEmailTemplateId } from '../domain/back-office-content';
import { indexKeys, keys } from './keys';
import { queryAll } from './dynamo-pages';

/** EMAILTEMPLATE#<id>/TEMPLATE listed through gsi3 LIST#EMAILTEMPLATE. */
export function dynamoEmailTemplateStore(client: DynamoDBDocumentClient, tableName: string): EmailTemplateStore {
  const toTemplate = (item: Record<string, unknown>): StoredEmailTemplate => ({
    id: item.id as StoredEmailTemplate['id'],
    subject: item.subject as string,
    body: item.body as string,
    updatedAt: (item.updatedAt as string | undefined) ?? '',
    ...(item.updatedBy ? { updatedBy: item.updatedBy as string } : {}),
  });
  return {
    async list() {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.list('EMAILTEMPLATE', '').gsi3pk },
      });
      return items.filter((item) => isEmailTemplateId(String(item.id))).map(toTemplate);
    },
    async get(id) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.emailTemplate(id) }));
      return result.Item ? toTemplate(result.Item) : undefined;
    },
    async put(template) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.emailTemplate(template.id), ...indexKeys.list('EMAILTEMPLATE', template.id), ...template },
        }),
      );
    },
  };
}

/** Zero-padded so gsi3 sorts badges by donation count (newBadgeSchema allows up to 100000). */
export const badgeSortKey = (badge: Pick<Badge, 'donationCount'>) => String(badge.donationCount).padStart(6, '0');

/** BADGE#<id>/BADGE listed through gsi3 LIST#BADGE by donation count. */
export function dynamoBadgeStore(client: DynamoDBDocumentClient, tableName: string): BadgeStore {
  return {
    async list() {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.list('BADGE', '').gsi3pk },
      });
      return items.map(
        (item): Badge => ({
          id: item.id as string,
          name: item.name as string,
          description: item.description as string,
          icon: item.icon as string,
          donationCount: Number(item.donationCount),
        }),
      );
    },
    async create(badge, createdAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.badge(badge.id), ...indexKeys.list('BADGE', badgeSortKey(badge)), ...badge, createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async delete(badgeId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.badge(badgeId) }));
    },
  };
}

/** SITE/SECURITY. */
export function dynamoSecurityStore(client: DynamoDBDocumentClient, tableName: string): SecurityStore {
  return {
    async get() {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: keys.security() }))).Item;
      if (!item) return undefined;
      const settings: SecuritySettings = {
        requireMfaForAdministrators: item.requireMfaForAdministrators === true,
        adminSessionMinutes: Number(item.adminSessionMinutes),
      };
      if (typeof item.updatedAt === 'string') settings.updatedAt = item.updatedAt;
      return settings;
    },
    async put(settings) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.security(), ...settings } }));
    },
  };
}
