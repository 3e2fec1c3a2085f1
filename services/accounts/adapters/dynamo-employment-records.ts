import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmploymentRecords } from '../domain/employment-records';
import { dynamoMemberDirectory } from './dynamo-members';
import { keys } from './keys';

/** Employment fields on the workplace membership item (WORKPLACE#<id> / MEMBER#<member id>), written only if it exists. */
export function dynamoEmploymentRecords(client: DynamoDBDocumentClient, tableName: string): EmploymentRecords {
  const members = dynamoMemberDirectory(client, tableName);
  return {
    async memberIdByEmail(email) {
      return (await members.findByEmail(email))?.id;
    },
    async setEmployment(workplaceId, memberId, record) {
      const set = ['employeeNumber = :number', 'employmentType = :type'];
      const remove: string[] = [];
      const values: Record<string, unknown> = { ':number': record.employeeNumber, ':type': record.employmentType };
      for (const [field, value] of [
        ['businessUnitId', record.businessUnitId],
        ['employmentStartDate', record.startDate],
        ['employmentEndDate', record.endDate],
      ] as const) {
        if (value === undefined) remove.push(field);
        else {
          set.push(`${field} = :${field}`);
          values[`:${field}`] = value;
        }
      }
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.workplaceMembership(workplaceId, memberId),
            UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: values,
          }),
        );
        return 'updated';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'not-member';
        throw error;
      }
    },
  };
}
