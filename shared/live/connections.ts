import { QueryCommand, TransactWriteCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LiveChannel } from './channels';

/**
 * Who is connected to which channel, kept in the owning service's own table under LIVE# keys (no other item type
 * starts with them):
 *
 * | item                          | pk                        | sk                    | attributes                           |
 * |-------------------------------|---------------------------|-----------------------|--------------------------------------|
 * | a connection on a channel     | LIVE#<channel>            | LIVE#<connectionId>   | connectionId, connectedAt, expiresAt |
 * | the channel of a connection   | LIVE#CONNECTION#<connId>  | LIVE                  | channel, connectedAt, expiresAt      |
 *
 * A channel is `page:<ULID>` or `event:<ULID>`, so `LIVE#CONNECTION#...` is never a channel's partition. The publisher
 * reads a channel with one query (its partition, no index); `$disconnect` knows only the connection id, hence the
 * second item. Both are written and deleted together. API Gateway closes a connection after 2 hours at most, so each
 * expires (TTL) after LIVE_CONNECTION_TTL_SECONDS: one whose `$disconnect` never ran is cleaned up by the table, and
 * the channel query skips expired ones before TTL's lazy deletion gets to them.
 */
export const LIVE_CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export const liveKeys = {
  member: (channel: LiveChannel, connectionId: string) => ({ pk: `LIVE#${channel}`, sk: `LIVE#${connectionId}` }),
  connection: (connectionId: string) => ({ pk: `LIVE#CONNECTION#${connectionId}`, sk: 'LIVE' }),
} as const;

export interface LiveConnections {
  /** Subscribes a new connection to its channel. */
  add(connection: { connectionId: string; channel: LiveChannel; connectedAt: Date }): Promise<void>;
  /** Forgets a connection (its `$disconnect`); nothing happens for one never added or already removed. */
  remove(connectionId: string): Promise<void>;
  /** Forgets a connection the API says is gone, when its channel is already known (no read). */
  removeFromChannel(channel: LiveChannel, connectionId: string): Promise<void>;
  /** The ids of the channel's live connections, in one query (paged by DynamoDB past 1 MB). */
  ofChannel(channel: LiveChannel, now?: Date): Promise<string[]>;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function dynamoLiveConnections(client: DynamoDBDocumentClient, tableName: string): LiveConnections {
  const deleteBoth = (channel: LiveChannel, connectionId: string) =>
    client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: liveKeys.member(channel, connectionId) } },
          { Delete: { TableName: tableName, Key: liveKeys.connection(connectionId) } },
        ],
      }),
    );

  return {
    async add({ connectionId, channel, connectedAt }) {
      const common = { connectedAt: connectedAt.toISOString(), expiresAt: epochSeconds(connectedAt) + LIVE_CONNECTION_TTL_SECONDS };
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...liveKeys.member(channel, connectionId), connectionId, ...common } } },
            { Put: { TableName: tableName, Item: { ...liveKeys.connection(connectionId), channel, ...common } } },
          ],
        }),
      );
    },

    async remove(connectionId) {
      const found = await client.send(new GetCommand({ TableName: tableName, Key: liveKeys.connection(connectionId), ConsistentRead: true }));
      const channel = found.Item?.channel as LiveChannel | undefined;
      if (channel) await deleteBoth(channel, connectionId);
    },

    async removeFromChannel(channel, connectionId) {
      await deleteBoth(channel, connectionId);
    },

    async ofChannel(channel, now = new Date()) {
      const ids: string[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            FilterExpression: 'expiresAt > :now',
            ExpressionAttributeValues: { ':pk': `LIVE#${channel}`, ':now': epochSeconds(now) },
            ProjectionExpression: 'connectionId',
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) ids.push(item.connectionId as string);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return ids;
    },
  };
}
