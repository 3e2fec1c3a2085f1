import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { ContentItem } from '@giving/shared/contracts/accounts';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { keys } from '../adapters/keys';
import { aCaller, aCharity, aMember, peopleStores, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import { getSettings, LAST_CHARITY_ADMIN, listMembers, removeMember, REPLACED_PROPOSAL, updateSettings } from './charity-console';
import { denyContent } from './content-approval';
import { dynamoContentStore } from '../adapters/dynamo-content-approval';

let stores: PeopleStores;
const clock = fixedClock('2026-07-01T00:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

const content = async (id: string) =>
  (await stores.client.send(new GetCommand({ TableName: stores.tableName, Key: keys.content(id), ConsistentRead: true }))).Item as
    | (ContentItem & Record<string, unknown>)
    | undefined;

describe('charity settings', () => {
  it('proposes changes without touching the live profile; a newer proposal replaces (denies) the older one', async () => {
    const charity = await aCharity(stores);
    const admin = aCaller();
    const deps = { ...stores, clock };
    expect(await getSettings(deps, charity.id)).toEqual({ profile: charity });

    const first = await updateSettings(deps, charity.id, { description: 'New words.', causes: ['Conservation'], website: 'https://kiwi.example' }, admin);
    expect(first.profile).toEqual(charity);
    const firstId = first.pendingChange?.contentId as string;
    expect(first.pendingChange).toEqual({
      contentId: firstId,
      submittedAt: '2026-07-01T00:00:00.000Z',
      changes: { description: 'New words.', causes: ['Conservation'], website: 'https://kiwi.example' },
    });
    expect(await content(firstId)).toMatchObject({
      id: firstId,
      kind: 'CharityProfile',
      charityId: charity.id,
      charityName: charity.name,
      status: 'Proposed',
      submittedBy: admin.email,
      gsi3pk: 'CONTENT#Proposed',
      gsi3sk: '2026-07-01T00:00:00.000Z',
    });

    clock.advance(60_000);
    const second = await updateSettings(deps, charity.id, { description: 'Better words.', causes: [] }, admin);
    expect(await getSettings(deps, charity.id)).toEqual(second);
    expect(second.pendingChange?.contentId).not.toBe(firstId);
    expect(await content(firstId)).toMatchObject({ status: 'Denied', reason: REPLACED_PROPOSAL, gsi3pk: 'CONTENT#Denied' });
    expect(await stores.charities.getById(charity.id)).toEqual(charity);

    const proposed = await stores.client.send(
      new QueryCommand({ TableName: stores.tableName, IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': 'CONTENT#Proposed' } }),
    );
    expect((proposed.Items ?? []).filter((item) => item.charityId === charity.id).map((item) => item.id)).toEqual([second.pendingChange?.contentId]);
  });

  it('names the sender from their member record, and shows a denial’s reason until the charity sends another proposal', async () => {
    const charity = await aCharity(stores);
    const sam = aCaller({ firstName: 'Sam', lastName: 'Tane' });
    await aMember(stores, sam);
    const deps = { ...stores, clock };
    // The ID token carries no names (cognito-local's never do): the member record does.
    const sent = await updateSettings(deps, charity.id, { description: 'Too short.', causes: [] }, { ...sam, firstName: '', lastName: '' });
    const contentId = sent.pendingChange?.contentId as string;
    expect(await content(contentId)).toMatchObject({ submittedByName: 'Sam Tane' });

    await denyContent({ content: dynamoContentStore(stores.client, stores.tableName), clock }, contentId, { memberId: 'admin-1', name: 'Alex Morgan' }, 'Tell donors what a gift buys.');
    expect(await getSettings(deps, charity.id)).toEqual({
      profile: charity,
      deniedChange: { contentId, submittedAt: sent.pendingChange?.submittedAt, changes: { description: 'Too short.', causes: [] }, reason: 'Tell donors what a gift buys.', decidedAt: clock.now().toISOString() },
    });

    clock.advance(60_000);
    const again = await updateSettings(deps, charity.id, { description: 'A week of food for a kiwi chick.', causes: [] }, sam);
    expect(await getSettings(deps, charity.id)).toEqual(again);
    expect(again.deniedChange).toBeUndefined();
  });

  it('keeps exactly one proposal open when several are sent at once', async () => {
    const charity = await aCharity(stores);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => updateSettings({ ...stores, clock }, charity.id, { description: `Version ${i}`, causes: [] }, aCaller())),
    );
    const pointer = (await getSettings({ ...stores }, charity.id)).pendingChange?.contentId;
    const statuses = await Promise.all(results.map(async (r) => (await content(r.pendingChange?.contentId as string))?.status));
    expect(statuses.filter((s) => s === 'Proposed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'Denied')).toHaveLength(3);
    expect((await content(pointer as string))?.status).toBe('Proposed');
  });

  it('answers 404 for a charity that does not exist', async () => {
    await expect(getSettings({ ...stores }, 'missing')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(updateSettings({ ...stores, clock }, 'missing', { description: 'x', causes: [] }, aCaller())).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe('charity members', () => {
  it('lists members and never removes the last administrator', async () => {
    const charity = await aCharity(stores);
    const tenant = { ...charity, kind: 'charity' as const };
    const admin = await aMember(stores);
    const helper = await aMember(stores);
    await stores.memberships.join(tenant, { member: admin, role: 'Charity.Admin' }, new Date());
    await stores.memberships.join(tenant, { member: helper, role: 'Charity.Member' }, new Date());
    expect((await listMembers(stores, charity.id)).items.map((m) => m.memberId).sort()).toEqual([admin.id, helper.id].sort());
    await expect(removeMember(stores, charity.id, admin.id)).rejects.toMatchObject({ code: 'Conflict', message: LAST_CHARITY_ADMIN });
    await removeMember(stores, charity.id, helper.id);
    await expect(removeMember(stores, charity.id, helper.id)).rejects.toMatchObject({ code: 'NotFound' });
  });
});
