import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { FileStructure } from '@giving/shared/contracts/workplace-payroll';
import { putNewerVersion } from '@giving/shared/dynamo-copies';
import { queryAll } from '@giving/shared/dynamo-query';
import { transactWrite } from '@giving/shared/dynamo-transact';
import { conflict } from '@giving/shared/errors';
import { ID_TIME_LENGTH } from '@giving/shared/ids';
import type {
  BatchStore,
  EligibilityStore,
  StoredEligibilityFile,
  WorkplaceProfile,
  WorkplaceProfileStore,
  EmployeeRecord,
  EmployeeStore,
  FileStructureStore,
  NextDue,
  PayCycleRecord,
  PayCycleStore,
  PledgeRecord,
  PledgeStore,
  StoredBatch,
} from '../domain/ports';
import type { GivingStore, VolunteeringStore, WorkplaceGift, WorkplaceVolunteering } from '../domain/giving-reports';
import type { BadgeStore, WorkplaceBadge } from '../domain/badge-reports';
import type { CharityCodeStore } from '../domain/charity-codes';
import type { CharityPayrollCode } from '@giving/shared/contracts/workplace-payroll';
import type { ExternalDonationStore, StoredExternalDonation } from '../domain/external-donations';

/**
 * The workplace table:
 *   WORKPLACE#<id> / PAYCYCLE#<id>                 a pay cycle; gsi1 DUE / <next cut-off>#<cycle id> while it owes one
 *   WORKPLACE#<id> / STRUCTURE#<id>                a file structure's latest version
 *   WORKPLACE#<id> / STRUCTURE#<id>#V#<000001>     every version, as saved (batches name theirs)
 *   WORKPLACE#<id> / PLEDGE#<pledge id>            the workplace's copy of a member's payroll pledge
 *   WORKPLACE#<id> / EMPLOYEE#<member id>          a member as payroll knows them (newest version kept)
 *   WORKPLACE#<id> / BATCH#<batch id>              a payroll batch
 *   WORKPLACE#<id> / PERIOD#<cycle id>#<period end> the claim that makes one batch per cycle and period
 *   LINK#<token> / LINK                            a finance e-mail's download link (TTL expiresAt)
 * plus the shared copies (MEMBER#<id> / WORKPLACE#<id> roles; CHARITY#<id> / PROJECTION).
 */
type Item = Record<string, unknown>;
const pkOf = (workplaceId: string) => `WORKPLACE#${workplaceId}`;
const DUE = 'DUE';
const strip = <T>({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest }: Item) => rest as T;

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

async function* queryPages(client: DynamoDBDocumentClient, input: QueryCommandInput): AsyncIterable<Item> {
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield* result.Items ?? [];
    start = result.LastEvaluatedKey;
  } while (start);
}

const beginsWith = (tableName: string, workplaceId: string, prefix: string): QueryCommandInput => ({
  TableName: tableName,
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':prefix': prefix },
});

const dueKeys = (cycleId: string, nextDue: NextDue) => ({ gsi1pk: DUE, gsi1sk: `${nextDue.cutoffAt}#${cycleId}`, nextDuePeriodEnd: nextDue.periodEnd });

export function dynamoPayCycleStore(client: DynamoDBDocumentClient, tableName: string): PayCycleStore {
  const key = (workplaceId: string, id: string) => ({ pk: pkOf(workplaceId), sk: `PAYCYCLE#${id}` });
  const toCycle = (item: Item) => {
    const { nextDuePeriodEnd: _n, ...cycle } = strip<PayCycleRecord & { nextDuePeriodEnd?: string }>(item);
    return cycle as PayCycleRecord;
  };
  return {
    async list(workplaceId) {
      return (await queryAll(client, beginsWith(tableName, workplaceId, 'PAYCYCLE#'))).map(toCycle);
    },
    async get(workplaceId, payCycleId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(workplaceId, payCycleId), ConsistentRead: true }));
      return result.Item ? toCycle(result.Item) : undefined;
    },
    async save(cycle, nextDue, expectedUpdatedAt) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(cycle.workplaceId, cycle.id), ...cycle, ...dueKeys(cycle.id, nextDue) },
            ...(expectedUpdatedAt
              ? { ConditionExpression: 'updatedAt = :expected', ExpressionAttributeValues: { ':expected': expectedUpdatedAt } }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          }),
        );
        return 'saved';
      } catch (error) {
        if (isConditionFailure(error)) return 'conflict';
        throw error;
      }
    },
    async remove(workplaceId, payCycleId) {
      const claims = await client.send(new QueryCommand({ ...beginsWith(tableName, workplaceId, `PERIOD#${payCycleId}#`), Limit: 1 }));
      if ((claims.Items ?? []).length > 0) return 'hasBatches';
      try {
        // A batch made meanwhile adds its claim and moves nextDuePeriodEnd in one transaction: the condition sees it.
        const current = await client.send(new GetCommand({ TableName: tableName, Key: key(workplaceId, payCycleId), ConsistentRead: true }));
        if (!current.Item) return 'missing';
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key(workplaceId, payCycleId),
            ConditionExpression: 'attribute_exists(pk) AND nextDuePeriodEnd = :due',
            ExpressionAttributeValues: { ':due': current.Item.nextDuePeriodEnd },
          }),
        );
        return 'removed';
      } catch (error) {
        if (isConditionFailure(error)) return 'hasBatches';
        throw error;
      }
    },
    async due(at) {
      const items: Item[] = [];
      for await (const item of queryPages(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :due AND gsi1sk <= :at',
        ExpressionAttributeValues: { ':due': DUE, ':at': `${at.toISOString()}#~` },
      })) {
        items.push(item);
      }
      return items.map((item) => ({ workplaceId: String(item.workplaceId), payCycleId: String(item.id) }));
    },
    async setNextDue(workplaceId, payCycleId, nextDue) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(workplaceId, payCycleId),
            UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, nextDuePeriodEnd = :end',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':pk': DUE, ':sk': `${nextDue.cutoffAt}#${payCycleId}`, ':end': nextDue.periodEnd },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}

export function dynamoFileStructureStore(client: DynamoDBDocumentClient, tableName: string): FileStructureStore {
  const latest = (workplaceId: string, id: string) => ({ pk: pkOf(workplaceId), sk: `STRUCTURE#${id}` });
  const versioned = (workplaceId: string, id: string, version: number) => ({ pk: pkOf(workplaceId), sk: `STRUCTURE#${id}#V#${String(version).padStart(6, '0')}` });
  return {
    async get(workplaceId, structureId, version) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: version === undefined ? latest(workplaceId, structureId) : versioned(workplaceId, structureId, version), ConsistentRead: true }),
      );
      return result.Item ? strip<FileStructure>(result.Item) : undefined;
    },
    async list(workplaceId) {
      const items = await queryAll(client, beginsWith(tableName, workplaceId, 'STRUCTURE#'));
      return items.filter((item) => !String(item.sk).includes('#V#')).map((item) => strip<FileStructure>(item));
    },
    async saveVersion(structure) {
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: { ...versioned(structure.workplaceId, structure.id, structure.version), ...structure }, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName: tableName,
            Item: { ...latest(structure.workplaceId, structure.id), ...structure },
            ConditionExpression: structure.version === 1 ? 'attribute_not_exists(pk)' : '#version = :previous',
            ...(structure.version === 1 ? {} : { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':previous': structure.version - 1 } }),
          },
        },
      ]);
      if (!outcome.ok) throw conflict('This payroll file structure was changed by someone else. Reload it and try again.');
    },
  };
}

export function dynamoPledgeStore(client: DynamoDBDocumentClient, tableName: string): PledgeStore {
  const key = (workplaceId: string, pledgeId: string) => ({ pk: pkOf(workplaceId), sk: `PLEDGE#${pledgeId}` });
  return {
    async save(pledge) {
      // Written field by field, so a cancellation that arrived first (cancelledAt) stays, and a repeat keeps the
      // pseudonym an erased member's pledge was given.
      const { cancelledAt: _c, ...fields } = pledge;
      const names = Object.keys(fields);
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(pledge.workplaceId, pledge.pledgeId),
          UpdateExpression: `SET ${names.map((name, i) => (name === 'memberId' ? `#f${i} = if_not_exists(#f${i}, :v${i})` : `#f${i} = :v${i}`)).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name as keyof typeof fields]])),
        }),
      );
    },
    async cancel(workplaceId, pledgeId, memberId, cancelledAt) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(workplaceId, pledgeId),
          // memberId only when the pledge has none yet: an erased member's pledge keeps its pseudonym.
          UpdateExpression: 'SET cancelledAt = if_not_exists(cancelledAt, :at), pledgeId = :id, workplaceId = :w, memberId = if_not_exists(memberId, :m)',
          ExpressionAttributeValues: { ':at': cancelledAt, ':id': pledgeId, ':w': workplaceId, ':m': memberId },
        }),
      );
    },
    async *forWorkplace(workplaceId) {
      for await (const item of queryPages(client, beginsWith(tableName, workplaceId, 'PLEDGE#'))) {
        // A cancellation whose pledge has not arrived yet has no amount: nothing to deduct.
        if (item.total === undefined) continue;
        yield strip<PledgeRecord>(item);
      }
    },
  };
}

export function dynamoEmployeeStore(client: DynamoDBDocumentClient, tableName: string): EmployeeStore {
  return {
    save: (employee) => putNewerVersion(client, tableName, { pk: pkOf(employee.workplaceId), sk: `EMPLOYEE#${employee.memberId}`, ...employee }),
    async get(workplaceId, memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: pkOf(workplaceId), sk: `EMPLOYEE#${memberId}` } }));
      return result.Item ? strip<EmployeeRecord>(result.Item) : undefined;
    },
    async forWorkplace(workplaceId) {
      const employees = new Map<string, EmployeeRecord>();
      for await (const item of queryPages(client, beginsWith(tableName, workplaceId, 'EMPLOYEE#'))) {
        const employee = strip<EmployeeRecord>(item);
        employees.set(employee.memberId, employee);
      }
      return employees;
    },
  };
}

export function dynamoBatchStore(client: DynamoDBDocumentClient, tableName: string): BatchStore {
  const key = (workplaceId: string, batchId: string) => ({ pk: pkOf(workplaceId), sk: `BATCH#${batchId}` });
  const claimKey = (batch: Pick<StoredBatch, 'workplaceId' | 'payCycleId' | 'periodEnd'>) => ({ pk: pkOf(batch.workplaceId), sk: `PERIOD#${batch.payCycleId}#${batch.periodEnd}` });
  const linkKey = (token: string) => ({ pk: `LINK#${token}`, sk: 'LINK' });
  return {
    async get(workplaceId, batchId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(workplaceId, batchId), ConsistentRead: true }));
      return result.Item ? strip<StoredBatch>(result.Item) : undefined;
    },
    async list(workplaceId) {
      return (await queryAll(client, beginsWith(tableName, workplaceId, 'BATCH#'))).map((item) => strip<StoredBatch>(item));
    },
    async previous(workplaceId, payCycleId, periodEnd) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':from': `PERIOD#${payCycleId}#`, ':to': `PERIOD#${payCycleId}#${periodEnd}` },
          ScanIndexForward: false,
          ConsistentRead: true,
        }),
      );
      const claim = (result.Items ?? []).find((item) => String(item.sk) < `PERIOD#${payCycleId}#${periodEnd}`);
      return claim ? this.get(workplaceId, String(claim.batchId)) : undefined;
    },
    async create(batch, nextDue) {
      const outcome = await transactWrite(client, [
        { Put: { TableName: tableName, Item: { ...claimKey(batch), batchId: batch.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName, Item: { ...key(batch.workplaceId, batch.id), ...batch } } },
        {
          Update: {
            TableName: tableName,
            Key: { pk: pkOf(batch.workplaceId), sk: `PAYCYCLE#${batch.payCycleId}` },
            UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, nextDuePeriodEnd = :end',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':pk': DUE, ':sk': `${nextDue.cutoffAt}#${batch.payCycleId}`, ':end': nextDue.periodEnd },
          },
        },
      ]);
      if (outcome.ok) return 'created';
      if (outcome.failed.includes(0)) return 'exists';
      throw conflict('The pay cycle was deleted while its batch was being made.');
    },
    async markMailed(workplaceId, batchId, at) {
      await client.send(new UpdateCommand({ TableName: tableName, Key: key(workplaceId, batchId), UpdateExpression: 'SET mailedAt = :at', ExpressionAttributeValues: { ':at': at } }));
    },
    async markReconciled(workplaceId, batchId, result) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(workplaceId, batchId),
            UpdateExpression: 'SET #status = :reconciled, reconciledAt = :at, donatedAmount = :donated, reconciliationKey = :rk, allocationsKey = :ak',
            ConditionExpression: 'attribute_exists(pk) AND #status <> :confirmed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':reconciled': 'Reconciled',
              ':confirmed': 'Confirmed',
              ':at': result.reconciledAt,
              ':donated': result.donatedAmount,
              ':rk': result.reconciliationKey,
              ':ak': result.allocationsKey,
            },
          }),
        );
        return 'saved';
      } catch (error) {
        if (isConditionFailure(error)) return 'confirmed';
        throw error;
      }
    },
    async markConfirmed(workplaceId, batchId, confirmedAt) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(workplaceId, batchId),
            UpdateExpression: 'SET #status = :confirmed, confirmedAt = :at',
            ConditionExpression: '#status = :reconciled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':confirmed': 'Confirmed', ':reconciled': 'Reconciled', ':at': confirmedAt },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'confirmed';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const old = (error as ConditionalCheckFailedException).Item;
        return old?.status?.S === 'Confirmed' ? 'already' : 'not-reconciled';
      }
    },
    async createLink(token, batch, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...linkKey(token), workplaceId: batch.workplaceId, batchId: batch.id, expiresAt: Math.floor(expiresAt.getTime() / 1000) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async resolveLink(token, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: linkKey(token) }));
      const item = result.Item;
      // TTL deletes expired items only eventually: the time is checked here.
      if (!item || Number(item.expiresAt) * 1000 <= now.getTime()) return undefined;
      return { workplaceId: String(item.workplaceId), batchId: String(item.batchId) };
    },
  };
}

/** WORKPLACE#<id> / PROFILE: accounts' workplace (name, country, business units), newest version kept. */
export function dynamoWorkplaceProfileStore(client: DynamoDBDocumentClient, tableName: string): WorkplaceProfileStore {
  return {
    async get(workplaceId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: pkOf(workplaceId), sk: 'PROFILE' } }));
      return result.Item ? strip<WorkplaceProfile>(result.Item) : undefined;
    },
    save: (profile) => putNewerVersion(client, tableName, { pk: pkOf(profile.id), sk: 'PROFILE', ...profile }),
  };
}

/**
 * WORKPLACE#<id> / ELIGIBILITY#<file id>: an eligibility file's summary (its report and upload are in the bucket);
 * gsi1 ELIGIBILITY / <uploaded at>#<file id> lists every workplace's for the back office.
 */
export function dynamoEligibilityStore(client: DynamoDBDocumentClient, tableName: string): EligibilityStore {
  const key = (workplaceId: string, fileId: string) => ({ pk: pkOf(workplaceId), sk: `ELIGIBILITY#${fileId}` });
  return {
    async save(file) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key(file.workplaceId, file.id), gsi1pk: 'ELIGIBILITY', gsi1sk: `${file.uploadedAt}#${file.id}`, ...file } }));
    },
    async get(workplaceId, fileId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(workplaceId, fileId) }));
      return result.Item ? strip<StoredEligibilityFile>(result.Item) : undefined;
    },
    async list(workplaceId) {
      return (await queryAll(client, beginsWith(tableName, workplaceId, 'ELIGIBILITY#'))).map((item) => strip<StoredEligibilityFile>(item));
    },
    async listAll() {
      const result = await client.send(
        new QueryCommand({ TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'ELIGIBILITY' }, ScanIndexForward: false, Limit: 200 }),
      );
      return (result.Items ?? []).map((item) => strip<StoredEligibilityFile>(item));
    },
  };
}

/**
 * WORKPLACE#<id> / GIVING#<completed at>#<donation id>: a member's donation in the workplace's giving, its amount what
 * is left of it after refunds.
 */
export function dynamoGivingStore(client: DynamoDBDocumentClient, tableName: string): GivingStore {
  const giftKey = (workplaceId: string, completedAt: string, donationId: string) => ({ pk: pkOf(workplaceId), sk: `GIVING#${completedAt}#${donationId}` });
  const holderKey = (donationId: string, workplaceId: string) => ({ pk: `GIFTOF#${donationId}`, sk: `WORKPLACE#${workplaceId}` });
  return {
    async save(gift) {
      // Which workplaces hold the gift, first (a pointer to a gift not yet written is harmless: a refund finds nothing
      // there): a refund reaches them even after the member has left one.
      await client.send(new PutCommand({ TableName: tableName, Item: { ...holderKey(gift.donationId, gift.workplaceId), workplaceId: gift.workplaceId } }));
      // Written once: a DonationCompleted delivered again after a refund must not put the refunded amount back.
      try {
        await client.send(
          new PutCommand({ TableName: tableName, Item: { ...giftKey(gift.workplaceId, gift.completedAt, gift.donationId), ...gift }, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
    async recordRefund(workplaceId, gift, remainingCents) {
      // Amounts only go down: a refund's event delivered late or again, after a later refund's, changes nothing.
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: giftKey(workplaceId, gift.completedAt, gift.donationId),
            UpdateExpression: 'SET #amount.#cents = :remaining',
            ConditionExpression: 'attribute_exists(pk) AND #amount.#cents > :remaining',
            ExpressionAttributeNames: { '#amount': 'amount', '#cents': 'cents' },
            ExpressionAttributeValues: { ':remaining': remainingCents },
          }),
        );
        return 'recorded';
      } catch (error) {
        if (isConditionFailure(error)) return 'unchanged';
        throw error;
      }
    },
    async workplacesHolding(donationId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `GIFTOF#${donationId}` },
        ConsistentRead: true,
      });
      return items.map((item) => String(item.workplaceId));
    },
    async *between(workplaceId, fromIso, toIso) {
      for await (const item of queryPages(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':from': `GIVING#${fromIso}`, ':to': `GIVING#${toIso}~` },
      })) {
        yield strip<WorkplaceGift>(item);
      }
    },
  };
}

/** WORKPLACE#<id> / VOLUNTEERED#<completed at>#<application id>: a member's completed volunteering in the workplace's engagement. */
export function dynamoVolunteeringStore(client: DynamoDBDocumentClient, tableName: string): VolunteeringStore {
  return {
    async save(record) {
      await client.send(new PutCommand({ TableName: tableName, Item: { pk: pkOf(record.workplaceId), sk: `VOLUNTEERED#${record.completedAt}#${record.applicationId}`, ...record } }));
    },
    async *between(workplaceId, fromIso, toIso) {
      for await (const item of queryPages(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':from': `VOLUNTEERED#${fromIso}`, ':to': `VOLUNTEERED#${toIso}~` },
      })) {
        yield strip<WorkplaceVolunteering>(item);
      }
    },
  };
}

/** WORKPLACE#<id> / CHARITYCODE#<charity id>: the code the workplace's payroll knows a charity by. */
export function dynamoCharityCodeStore(client: DynamoDBDocumentClient, tableName: string): CharityCodeStore {
  const key = (workplaceId: string, charityId: string) => ({ pk: pkOf(workplaceId), sk: `CHARITYCODE#${charityId}` });
  return {
    async list(workplaceId) {
      return (await queryAll(client, beginsWith(tableName, workplaceId, 'CHARITYCODE#'))).map((item) => strip<CharityPayrollCode>(item));
    },
    async put(workplaceId, code) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key(workplaceId, code.charityId), ...code } }));
    },
    async remove(workplaceId, charityId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(workplaceId, charityId) }));
    },
  };
}

/** WORKPLACE#<id> / BADGE#<awarded at>#<member id>#<badge id>: a badge a member earned, in the workplace's badge report. */
export function dynamoBadgeStore(client: DynamoDBDocumentClient, tableName: string): BadgeStore {
  return {
    async save(badge) {
      await client.send(new PutCommand({ TableName: tableName, Item: { pk: pkOf(badge.workplaceId), sk: `BADGE#${badge.awardedAt}#${badge.memberId}#${badge.badgeId}`, ...badge } }));
    },
    async *between(workplaceId, fromIso, toIso) {
      for await (const item of queryPages(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pkOf(workplaceId), ':from': `BADGE#${fromIso}`, ':to': `BADGE#${toIso}~` },
      })) {
        yield strip<WorkplaceBadge>(item);
      }
    },
  };
}

/**
 * WORKPLACE#<id> / EXTERNAL#<id's tail>: a member's donation made elsewhere, keyed by the 16 characters its id shares
 * with every id its Idempotency-Key could be given (shared/ids idFor), so a retry finds the first; gsi1
 * MEMBEREXTERNAL#<member id> / <created at> lists a member's own.
 */
export function dynamoExternalDonationStore(client: DynamoDBDocumentClient, tableName: string): ExternalDonationStore {
  const key = (workplaceId: string, id: string) => ({ pk: pkOf(workplaceId), sk: `EXTERNAL#${id.slice(ID_TIME_LENGTH)}` });
  return {
    async create(donation) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(donation.workplaceId, donation.id), gsi1pk: `MEMBEREXTERNAL#${donation.memberId}`, gsi1sk: donation.createdAt, ...donation },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'created';
      } catch (error) {
        const old = isConditionFailure(error) ? (error as ConditionalCheckFailedException).Item : undefined;
        if (old) return strip<StoredExternalDonation>(unmarshall(old));
        throw error;
      }
    },
    async get(workplaceId, id) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(workplaceId, id), ConsistentRead: true }));
      const item = result.Item ? strip<StoredExternalDonation>(result.Item) : undefined;
      // The key is the id's tail: another id with the same tail is not this one.
      return item?.id === id ? item : undefined;
    },
    async listForWorkplace(workplaceId) {
      return (await queryAll(client, beginsWith(tableName, workplaceId, 'EXTERNAL#'))).map((item) => strip<StoredExternalDonation>(item));
    },
    async listForMember(memberId) {
      return (
        await queryAll(client, { TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `MEMBEREXTERNAL#${memberId}` } })
      ).map((item) => strip<StoredExternalDonation>(item));
    },
    async decide(workplaceId, id, decision) {
      const fields = Object.entries(decision).filter(([, value]) => value !== undefined);
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(workplaceId, id),
            UpdateExpression: `SET ${fields.map(([name]) => `#${name} = :${name}`).join(', ')}`,
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: Object.fromEntries([...fields.map(([name]) => [`#${name}`, name]), ['#status', 'status']]),
            ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])), ':pending': 'Pending' },
          }),
        );
        return 'saved';
      } catch (error) {
        if (isConditionFailure(error)) return 'decided';
        throw error;
      }
    },
  };
}
