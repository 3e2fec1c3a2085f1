import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '@giving/shared/clock';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import type { PublishableProfile, PublishedProfiles } from '../domain/charity-events';
import { batchGetAll } from '@giving/shared/dynamo-query';
import { queryAll } from './dynamo-pages';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;

const CHARITY_PREFIX = 'CHARITY#';

/** The profile item's fields CharityProfilePublished carries (createdAt included: the date the charity was listed). */
function toPublishable(item: Item): PublishableProfile {
  const profile: PublishableProfile = {
    id: item.id as string,
    name: item.name as string,
    charityUrl: item.charityUrl as string,
    country: item.country as CharityProfile['country'],
    logoImageUrl: (item.logoImageUrl as string | undefined) ?? '',
  };
  for (const field of ['description', 'location', 'registrationNumber', 'createdAt'] as const) {
    if (typeof item[field] === 'string') profile[field] = item[field];
  }
  if (Array.isArray(item.causes)) profile.causes = item.causes.filter((cause): cause is string => typeof cause === 'string');
  if (typeof item.taxApproved === 'boolean') profile.taxApproved = item.taxApproved;
  return profile;
}

/**
 * CHARITY#<id> / PUBLISHEDVERSION { version, recordedAt }: the version CharityProfilePublished last carried for the
 * charity. The stream publisher writes it after each publication (a conditional put that only ever raises it; the
 * profile stream's filter names sk PROFILE, so this write publishes nothing). ReIndexCharities lists the charities
 * through gsi3 (LIST#CHARITY), then reads every version and, after them, every profile, both strongly consistent:
 * a profile read after its version is that version's state or a newer one.
 */
export function dynamoPublishedProfiles(client: DynamoDBDocumentClient, tableName: string, clock: Clock = systemClock): PublishedProfiles {
  return {
    async recordPublished(charityId, version) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.charityPublishedVersion(charityId), charityId, version, recordedAt: clock.now().toISOString() },
            ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
            ExpressionAttributeValues: { ':version': version },
          }),
        );
      } catch (error) {
        // A redelivered or older record: the higher version stays.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },

    async listWithPublishedVersions() {
      const listed = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.list('CHARITY', '').gsi3pk },
        ProjectionExpression: 'pk',
      });
      const charityIds = listed.map((item) => String(item.pk)).filter((pk) => pk.startsWith(CHARITY_PREFIX)).map((pk) => pk.slice(CHARITY_PREFIX.length));
      const versions = await batchGetAll(client, tableName, charityIds.map(keys.charityPublishedVersion));
      const profiles = await batchGetAll(client, tableName, charityIds.map(keys.charityProfile));
      const versionOf = new Map(versions.map((item) => [String(item.charityId), String(item.version)]));
      return profiles
        .map(toPublishable)
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((profile) => {
          const publishedVersion = versionOf.get(profile.id);
          return publishedVersion ? { profile, publishedVersion } : { profile };
        });
    },
  };
}
