import { DeleteCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import { transactWrite } from '@giving/shared/dynamo-transact';
import type { CopiedRole, MemberDataStore, StoredApplication, StoredComment } from '../domain/ports';
import { applicationItem, inviteItem } from './dynamo-applications';
import { keys, withoutKeys } from './keys';

type Item = Record<string, unknown>;

/** A member's records for "Download my data" and "Delete my account" that the other stores do not find by member. Layout: keys.ts. */
export function dynamoMemberDataStore(client: DynamoDBDocumentClient, tableName: string): MemberDataStore {
  const memberPartition = (memberId: string) => `MEMBER#${memberId}`;
  const copies = (memberId: string) =>
    queryAll(client, { TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': memberPartition(memberId) }, ConsistentRead: true });

  return {
    async writtenBy(memberId) {
      // No index finds comments or charity feedback by their writer: a member's own data is asked for rarely.
      const comments: StoredComment[] = [];
      const charityFeedbackGiven: StoredApplication[] = [];
      let start: Item | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            FilterExpression: '(begins_with(sk, :comment) AND author.memberId = :member) OR (sk = :app AND charityFeedback.givenBy.memberId = :member)',
            ExpressionAttributeValues: { ':comment': 'COMMENT#', ':app': 'APP', ':member': memberId },
            ExclusiveStartKey: start,
            ConsistentRead: true,
          }),
        );
        for (const item of page.Items ?? []) {
          if (item.sk === 'APP') charityFeedbackGiven.push(withoutKeys<StoredApplication>(item));
          else comments.push(withoutKeys<StoredComment>(item));
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return { comments, charityFeedbackGiven };
    },

    async copiesOf(memberId) {
      let names: { firstName: string; lastName: string } | undefined;
      const roles: CopiedRole[] = [];
      for (const item of await copies(memberId)) {
        const sk = String(item.sk);
        if (sk === 'NAMES') names = { firstName: String(item.firstName ?? ''), lastName: String(item.lastName ?? '') };
        else if (sk.startsWith('CHARITY#') || sk.startsWith('WORKPLACE#')) {
          const roleList = Array.isArray(item.roles) ? item.roles.filter((role): role is string => typeof role === 'string') : [];
          roles.push({
            kind: sk.startsWith('CHARITY#') ? 'charity' : 'workplace',
            id: sk.slice(sk.indexOf('#') + 1),
            ...(typeof item.workplaceName === 'string' && item.workplaceName ? { workplaceName: item.workplaceName } : {}),
            roles: roleList,
          });
        }
      }
      return { ...(names ? { names } : {}), roles };
    },

    async anonymiseApplication(current, next) {
      const { gsi1pk: _pk, gsi1sk: _sk, ...item } = applicationItem(next);
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: item,
            ConditionExpression: '#revision = :revision',
            ExpressionAttributeNames: { '#revision': 'revision' },
            ExpressionAttributeValues: { ':revision': current.revision },
          },
        },
        { Delete: { TableName: tableName, Key: keys.sessionClaim(current.sessionId, current.applicant.memberId) } },
      ]);
      return outcome.ok ? 'saved' : 'changed';
    },

    async anonymiseInvite(current, next, createdAt) {
      const { gsi1pk: _pk, gsi1sk: _sk, ...item } = inviteItem(next, createdAt);
      const outcome = await transactWrite(client, [
        {
          Delete: {
            TableName: tableName,
            Key: keys.invite(current.applicationId, current.email),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ]);
      return outcome.ok ? 'saved' : 'gone';
    },

    async replaceCharityFeedbackGiver(applicationId, memberId, givenBy) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.application(applicationId),
            UpdateExpression: 'SET charityFeedback.givenBy = :givenBy ADD #revision :one',
            ConditionExpression: 'charityFeedback.givenBy.memberId = :member',
            ExpressionAttributeNames: { '#revision': 'revision' },
            ExpressionAttributeValues: { ':givenBy': givenBy, ':member': memberId, ':one': 1 },
          }),
        );
        return 'saved';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'changed';
        throw error;
      }
    },

    async deleteExternalFeedback(id) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.externalFeedback(id) }));
    },

    async deleteComment(comment) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.comment(comment.opportunityId, comment.createdAt, comment.id) }));
    },

    async deleteCopies(memberId) {
      const counts = { names: 0, roles: 0 };
      for (const item of await copies(memberId)) {
        const sk = String(item.sk);
        if (sk !== 'NAMES' && !sk.startsWith('CHARITY#') && !sk.startsWith('WORKPLACE#')) continue;
        await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
        if (sk === 'NAMES') counts.names++;
        else counts.roles++;
      }
      return counts;
    },
  };
}
