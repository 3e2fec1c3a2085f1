import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoLiveConnections, type LiveConnections } from '@giving/shared/live/connections';
import { liveChannelPublisher, liveConnectionsClient, type LivePublisher } from '@giving/shared/live/publisher';
import type { LiveChannel } from '@giving/shared/live/channels';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { logger } from '@giving/shared/lambda/logger';
import { ENV } from '@giving/shared/manifest';
import type { LiveProgressPorts, Versioned } from '../domain/live-progress';
import type { FundraisingStore } from '../domain/ports';
import { keys } from './keys';

/**
 * Live page progress: who is connected to which page or event, kept in the fundraising table (LIVE# items,
 * shared/live/connections.ts), the publisher that posts to them, and each channel's last posted version
 * (LIVEPOSTED#<channel>, domain/live-progress.ts). Built once per process, on first use.
 */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const liveConnections = once(() => dynamoLiveConnections(documentClient(), requireEnv(ENV.tableName('fundraising'))));

/**
 * For functions whose manifest access has `postsToConnections: true` and `table: 'readWrite'`:
 * `livePublisher().postToChannel(liveChannel.page(pageId), { totalCents, ... })`.
 */
export const livePublisher = once(() => liveChannelPublisher({ connections: liveConnections(), client: liveConnectionsClient() }));

/** How long a channel's last posted version is kept: longer than the stream keeps records (24 hours). */
export const LIVE_POSTED_TTL_SECONDS = 2 * 24 * 60 * 60;

/** Records a channel's last posted version unless one as new or newer is recorded (false then). */
export function dynamoLivePostedClaim(client: DynamoDBDocumentClient, tableName: string) {
  return async (channel: LiveChannel, version: number, now: Date): Promise<boolean> => {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.livePosted(channel), version, postedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + LIVE_POSTED_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
          ExpressionAttributeValues: { ':version': version },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
}

export function liveProgressPorts(options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  store: Pick<FundraisingStore, 'donors'>;
  connections: LiveConnections;
  publisher: LivePublisher;
  now?: () => Date;
}): LiveProgressPorts {
  const claim = dynamoLivePostedClaim(options.client, options.tableName);
  return {
    connectionsOf: (channel) => options.connections.ofChannel(channel),
    claim,
    latest: async (item) => {
      const key = item.sk === 'PAGE' ? keys.page(item.id) : keys.event(item.id);
      const result = await options.client.send(new GetCommand({ TableName: options.tableName, Key: key, ConsistentRead: true }));
      return result.Item as Versioned | undefined;
    },
    newestDonors: async (pageId, limit) => (await options.store.donors(pageId, { limit })).items,
    post: (channel, ids, message) => options.publisher.postToConnections(channel, ids, message),
    now: options.now ?? (() => new Date()),
    log: logger,
  };
}
