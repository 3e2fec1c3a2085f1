import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SITE_FEATURES, type PermissionSource, type SiteFeature } from '@giving/shared/permissions';
import { keys } from './keys';

/** The permissions routine's reads: the site's features (SITE/CONFIG) and the member's tenant memberships. */
export function dynamoPermissionSource(client: DynamoDBDocumentClient, tableName: string): PermissionSource {
  return {
    async siteFeatures() {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.siteConfig(), ProjectionExpression: 'features' }));
      const features = (result.Item?.features ?? []) as string[];
      return features.filter((f): f is SiteFeature => (SITE_FEATURES as readonly string[]).includes(f));
    },
    async tenantRoles(memberId, tenant) {
      const key = tenant.kind === 'charity' ? keys.charityMembership(tenant.id, memberId) : keys.workplaceMembership(tenant.id, memberId);
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key, ProjectionExpression: '#roles', ExpressionAttributeNames: { '#roles': 'roles' } }));
      return (result.Item?.roles ?? []) as string[];
    },
    async corporateRoles(memberId) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :workplace)',
          ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}`, ':workplace': 'WORKPLACE#' },
        }),
      );
      return (result.Items ?? []).flatMap((item) => (item.roles ?? []) as string[]);
    },
  };
}
