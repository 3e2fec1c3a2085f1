import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import type { AttemptKey, AttemptKind, CardTestingLedger } from '../domain/card-testing';

/**
 * Card-testing limits in the donations table (domain/card-testing.ts):
 *   CARDTESTING#<kind>#<hash> / DECLINES        `declines`: a string set of "<unix seconds>#<tracking number>", one
 *                                                 per declined payment (a set, so a retried step counts once)
 *   CARDTESTING#BLOCKS        / <kind>#<hash>   `blockedUntil`: attempts refused until then
 * Both expire by TTL (`expiresAt`); reads ignore blocks that have ended but not yet been removed.
 */
const BLOCKS = 'CARDTESTING#BLOCKS';
/** The items kept against one key: its declines, and its block while one is in force. */
export const declinesKey = (key: AttemptKey) => ({ pk: `CARDTESTING#${key.kind}#${key.hash}`, sk: 'DECLINES' });
export const blockKey = (key: AttemptKey) => ({ pk: BLOCKS, sk: `${key.kind}#${key.hash}` });
/** A set this long is pruned of entries older than the window (the next write does it). */
const PRUNE_AT = 50;

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

export function dynamoCardTestingLedger(client: DynamoDBDocumentClient, tableName: string): CardTestingLedger {
  return {
    async recordDecline(key, trackingNumber, at, since) {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: declinesKey(key),
          UpdateExpression: 'ADD declines :decline SET expiresAt = :expires',
          ExpressionAttributeValues: { ':decline': new Set([`${unix(at)}#${trackingNumber}`]), ':expires': unix(at) + 2 * (unix(at) - unix(since)) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const declines = [...((result.Attributes?.declines as Set<string> | undefined) ?? [])];
      const recent = declines.filter((entry) => Number(entry.slice(0, entry.indexOf('#'))) >= unix(since));
      if (declines.length >= PRUNE_AT && recent.length < declines.length) {
        const old = declines.filter((entry) => !recent.includes(entry));
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: declinesKey(key),
            UpdateExpression: 'DELETE declines :old',
            ExpressionAttributeValues: { ':old': new Set(old) },
          }),
        );
      }
      return recent.length;
    },

    async block(key, until) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...blockKey(key), kind: key.kind, hash: key.hash, blockedUntil: until.toISOString(), expiresAt: unix(until) + 60 },
        }),
      );
    },

    async activeBlocks(at, options = {}) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :blocks',
        FilterExpression: 'blockedUntil > :now',
        ExpressionAttributeValues: { ':blocks': BLOCKS, ':now': at.toISOString() },
        ConsistentRead: options.consistent === true,
      });
      return items.map((item) => ({ kind: item.kind as AttemptKind, hash: item.hash as string, blockedUntil: item.blockedUntil as string }));
    },
  };
}
