import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { ContentItem } from '@giving/shared/contracts/accounts';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import { ALREADY_DECIDED, approveContent, denyContent, listContent } from '../domain/content-approval';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoContentStore } from './dynamo-content-approval';
import { indexKeys, keys } from './keys';

let client: DynamoDBDocumentClient;
let tableName: string;
let deps: Parameters<typeof approveContent>[0];
const ALEX = { memberId: 'admin-1', name: 'Alex Morgan' };
const CASEY = { memberId: 'admin-2', name: 'Casey Brown' };

beforeAll(async () => {
  const tables = await testTables([accounts]);
  client = tables.client;
  tableName = tables.tableName('accounts');
  deps = { content: dynamoContentStore(client, tableName), clock: fixedClock('2026-04-01T09:00:00.000Z') };
});

async function charityWithProposal(options: { pointer?: 'this' | 'other' | 'none'; submittedAt?: string } = {}) {
  const charityId = newId();
  await dynamoCharityDirectory(client, tableName).put({
    id: charityId,
    name: 'Kiwi Coast Rescue',
    charityUrl: `kiwi-${charityId.toLowerCase()}`,
    country: 'nz',
    logoImageUrl: '/media/logo.svg',
    description: 'Old description.',
    causes: ['Conservation'],
    website: 'https://old.example.org',
    location: 'Whangārei',
  });
  const submittedAt = options.submittedAt ?? new Date().toISOString();
  const item: ContentItem = {
    id: newId(),
    kind: 'CharityProfile',
    charityId,
    charityName: 'Kiwi Coast Rescue',
    changes: { description: 'New description.', website: '', causes: ['Conservation', 'Native wildlife'], name: 'Not allowed' },
    status: 'Proposed',
    submittedBy: 'sam.tane@kiwicoastrescue.org.nz',
    submittedAt,
  };
  await client.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.content(item.id), ...indexKeys.contentByStatus('Proposed', submittedAt), ...item } }),
  );
  const pointer = options.pointer ?? 'this';
  if (pointer !== 'none') {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.charityPendingChange(charityId), contentId: pointer === 'this' ? item.id : newId(), submittedAt },
      }),
    );
  }
  return { charityId, item };
}

const get = async (key: { pk: string; sk: string }) => (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

const problem = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  return error instanceof DomainError ? { code: error.code, message: error.message } : error;
};

describe('content approval (DynamoDB Local)', () => {
  it('approving puts the allowed changes live, moves the item to Live and clears the pending pointer', async () => {
    const { charityId, item } = await charityWithProposal();
    const decided = await approveContent(deps, item.id, ALEX);
    expect(decided).toMatchObject({ id: item.id, status: 'Live', decidedBy: 'admin-1', decidedByName: 'Alex Morgan', decidedAt: '2026-04-01T09:00:00.000Z' });
    expect(await get(keys.content(item.id))).toMatchObject({ decidedBy: 'admin-1', decidedByName: 'Alex Morgan' });

    const profile = await get(keys.charityProfile(charityId));
    expect(profile).toMatchObject({ name: 'Kiwi Coast Rescue', description: 'New description.', causes: ['Conservation', 'Native wildlife'], location: 'Whangārei' });
    expect(profile?.website).toBeUndefined(); // an emptied optional field is removed
    expect(await get(keys.charityPendingChange(charityId))).toBeUndefined();
    expect(await get(keys.content(item.id))).toMatchObject({ status: 'Live', gsi3pk: 'CONTENT#Live', gsi3sk: item.submittedAt });
  });

  it('denying keeps the profile, records the reason and clears the pointer', async () => {
    const { charityId, item } = await charityWithProposal();
    const decided = await denyContent(deps, item.id, ALEX, 'Please add a link to your annual report.');
    expect(decided).toMatchObject({ status: 'Denied', reason: 'Please add a link to your annual report.' });
    expect((await get(keys.charityProfile(charityId)))?.description).toBe('Old description.');
    expect(await get(keys.charityPendingChange(charityId))).toBeUndefined();
    expect(await get(keys.content(item.id))).toMatchObject({ status: 'Denied', gsi3pk: 'CONTENT#Denied', reason: 'Please add a link to your annual report.', decidedByName: 'Alex Morgan' });
    // The charity's settings show the denial, with its reason, until it sends another proposal.
    expect(await get(keys.charityDeniedChange(charityId))).toMatchObject({
      contentId: item.id,
      reason: 'Please add a link to your annual report.',
      decidedAt: '2026-04-01T09:00:00.000Z',
      submittedAt: item.submittedAt,
      changes: item.changes,
    });
  });

  it('does not show the charity a denial of a proposal it has already replaced', async () => {
    const { charityId, item } = await charityWithProposal({ pointer: 'other' });
    await denyContent(deps, item.id, ALEX, 'No.');
    expect(await get(keys.charityDeniedChange(charityId))).toBeUndefined();
  });

  it('leaves a pointer to a newer proposal in place', async () => {
    const { charityId, item } = await charityWithProposal({ pointer: 'other' });
    const before = await get(keys.charityPendingChange(charityId));
    await approveContent(deps, item.id, ALEX);
    expect(await get(keys.charityPendingChange(charityId))).toEqual(before);
  });

  it('lets exactly one of two concurrent approvals win; the other is told it was already decided', async () => {
    const { charityId, item } = await charityWithProposal();
    const results = await Promise.allSettled([approveContent(deps, item.id, ALEX), approveContent(deps, item.id, CASEY)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [loser] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(loser?.reason).toBeInstanceOf(DomainError);
    expect(loser?.reason).toMatchObject({ code: 'Conflict', message: ALREADY_DECIDED });
    expect((await get(keys.charityProfile(charityId)))?.description).toBe('New description.');
  });

  it('lets exactly one of a concurrent approval and denial win, and the item and profile agree with the winner', async () => {
    for (let round = 0; round < 5; round++) {
      const { charityId, item } = await charityWithProposal();
      const [approved, denied] = await Promise.allSettled([approveContent(deps, item.id, ALEX), denyContent(deps, item.id, CASEY, 'No.')]);
      expect([approved.status, denied.status].sort()).toEqual(['fulfilled', 'rejected']);
      const stored = await get(keys.content(item.id));
      const profile = await get(keys.charityProfile(charityId));
      if (approved.status === 'fulfilled') {
        expect(stored?.status).toBe('Live');
        expect(profile?.description).toBe('New description.');
      } else {
        expect(stored).toMatchObject({ status: 'Denied', reason: 'No.' });
        expect(profile?.description).toBe('Old description.');
      }
    }
  });

  it('answers 409 for decided content and 404 for unknown content', async () => {
    const { item } = await charityWithProposal({ pointer: 'none' });
    await denyContent(deps, item.id, ALEX, 'No.');
    expect(await problem(approveContent(deps, item.id, ALEX))).toEqual({ code: 'Conflict', message: ALREADY_DECIDED });
    expect(await problem(denyContent(deps, item.id, ALEX, 'Again.'))).toEqual({ code: 'Conflict', message: ALREADY_DECIDED });
    expect(await problem(approveContent(deps, newId(), ALEX))).toEqual({ code: 'NotFound', message: 'Content was not found.' });
  });

  it('lists content by status, newest first', async () => {
    const older = await charityWithProposal({ submittedAt: '2030-01-01T00:00:00.000Z' });
    const newer = await charityWithProposal({ submittedAt: '2030-01-02T00:00:00.000Z' });
    const proposed = (await listContent(deps)).items;
    expect(proposed.slice(0, 2).map((i) => i.id)).toEqual([newer.item.id, older.item.id]);
    expect(proposed.every((i) => i.status === 'Proposed')).toBe(true);
    expect(proposed[0]).not.toHaveProperty('gsi3pk');
    const live = (await listContent(deps, 'Live')).items;
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((i) => i.status === 'Live')).toBe(true);
  });
});
