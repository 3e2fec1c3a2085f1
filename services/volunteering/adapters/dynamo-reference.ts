import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ExternalFeedback, OpportunityTemplate, RecommenderModel } from '@giving/shared/contracts/volunteering';
import { queryAll } from '@giving/shared/dynamo-query';
import type { ReferenceStore } from '../domain/ports';
import { indexKeys, keys, withoutKeys } from './keys';

/** Templates, members' external feedback and the recommender model. Layout: keys.ts. */
export function dynamoReferenceStore(client: DynamoDBDocumentClient, tableName: string): ReferenceStore {
  const get = async (key: { pk: string; sk: string }) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  return {
    async listTemplates() {
      const items = await queryAll(client, { TableName: tableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': 'TEMPLATES' } });
      return items.map((item) => withoutKeys<OpportunityTemplate>(item));
    },
    async getTemplate(templateId) {
      const item = await get(keys.template(templateId));
      return item ? withoutKeys<OpportunityTemplate>(item) : undefined;
    },
    async putTemplate(template) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.template(template.id), ...indexKeys.template(template.title), ...template } }));
    },
    async putExternalFeedback(feedback) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.externalFeedback(feedback.id), ...indexKeys.externalFeedbackByMember(feedback.memberId, feedback.createdAt, feedback.id), ...feedback },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async getExternalFeedback(id) {
      const item = await get(keys.externalFeedback(id));
      return item ? withoutKeys<ExternalFeedback>(item) : undefined;
    },
    async listExternalFeedback(memberId) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :fb)',
        ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':fb': 'EXTFB#' },
      });
      return items.map((item) => withoutKeys<ExternalFeedback>(item));
    },
    async saveModel(model) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.model(), model: JSON.stringify(model) } }));
    },
    async getModel() {
      const item = await get(keys.model());
      return typeof item?.model === 'string' ? (JSON.parse(item.model) as RecommenderModel) : undefined;
    },
  };
}
