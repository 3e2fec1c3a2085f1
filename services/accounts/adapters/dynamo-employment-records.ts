import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '@giving/shared/contracts/personal-data';
import { transactWrite } from '@giving/shared/dynamo-transact';
import type { EmploymentRecords } from '../domain/employment-records';
import { auditPut } from './dynamo-audit';
import { dynamoMemberDirectory } from './dynamo-members';
import { keys } from './keys';

/**
 * Employment fields on the workplace membership item (WORKPLACE#<id> / MEMBER#<member id>), written only if it exists,
 * with the member's audit entry for what changed in the same transaction.
 */
export function dynamoEmploymentRecords(client: DynamoDBDocumentClient, tableName: string): EmploymentRecords {
  const members = dynamoMemberDirectory(client, tableName);
  return {
    async memberIdByEmail(email) {
      return (await members.findByEmail(email))?.id;
    },
    async setEmployment(workplaceId, memberId, record, audit) {
      const key = keys.workplaceMembership(workplaceId, memberId);
      const current = (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
      if (!current) return 'not-member';
      const fields = [
        ['employeeNumber', 'Employee number', record.employeeNumber],
        ['employmentType', 'Employment type', record.employmentType],
        ['businessUnitId', 'Business unit', record.businessUnitId],
        ['employmentStartDate', 'Employment start', record.startDate],
        ['employmentEndDate', 'Employment end', record.endDate],
      ] as const;
      const set: string[] = [];
      const remove: string[] = [];
      const values: Record<string, unknown> = {};
      const changes: AuditEntry['changes'] = [];
      for (const [field, label, value] of fields) {
        if (value === undefined) remove.push(field);
        else {
          set.push(`${field} = :${field}`);
          values[`:${field}`] = value;
        }
        const was = typeof current[field] === 'string' ? (current[field] as string) : undefined;
        if (was !== value) changes.push({ field: label, ...(was !== undefined ? { from: was } : {}), ...(value !== undefined ? { to: value } : {}) });
      }
      const outcome = await transactWrite(client, [
        {
          Update: {
            TableName: tableName,
            Key: key,
            UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: values,
          },
        },
        ...(changes.length > 0
          ? [auditPut(tableName, { memberId, at: audit.at, id: audit.entryId, action: 'EmploymentRecordChanged', actor: audit.actor, changes, detail: audit.detail })]
          : []),
      ]);
      if (outcome.ok) return 'updated';
      if (outcome.failed.includes(0)) return 'not-member';
      // The file's entry for this member is already there: an earlier delivery applied the row (and a change made
      // since, in the console, stays).
      return 'updated';
    },
  };
}
