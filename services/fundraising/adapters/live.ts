import { dynamoLiveConnections } from '@giving/shared/live/connections';
import { liveChannelPublisher, liveConnectionsClient } from '@giving/shared/live/publisher';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';

/**
 * Live page progress: who is connected to which page or event, kept in the fundraising table (LIVE# items,
 * shared/live/connections.ts), and the publisher that posts to them. Built once per process, on first use.
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
