import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import {
  PAGE_SIZE,
  URL_TAKEN,
  createCharity,
  createWorkplace,
  getDashboard,
  listAdministrators,
  listCharities,
  listMembers,
  listWorkplaces,
} from '../domain/back-office';
import { dynamoBackOfficeStore } from './dynamo-back-office';
import { dynamoCharityDirectory } from './dynamo-charities';
import { indexKeys, keys } from './keys';

let client: DynamoDBDocumentClient;
let tableName: string;
let deps: { backOffice: ReturnType<typeof dynamoBackOfficeStore>; clock: ReturnType<typeof fixedClock> };

beforeAll(async () => {
  const tables = await testTables([accounts]);
  client = tables.client;
  tableName = tables.tableName('accounts');
  deps = { backOffice: dynamoBackOfficeStore(client, tableName), clock: fixedClock('2026-04-01T09:00:00.000Z') };
});

const newCharity = (name: string, charityUrl = `c-${newId().toLowerCase()}`) => ({
  name,
  charityUrl,
  country: 'nz' as const,
  description: `${name} does good work.`,
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
};

/** A member record as the member directory stores it (profile, e-mail index, back-office list). */
async function addMember(firstName: string, lastName: string, adminRoles: string[] = []) {
  const id = newId();
  const email = `${firstName}.${lastName}.${id}@example.com`.toLowerCase();
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.memberProfile(id),
        ...indexKeys.memberByEmail(email),
        ...indexKeys.list('MEMBER', `${firstName} ${lastName} ${email}`.toLowerCase()),
        id,
        email,
        firstName,
        lastName,
        adminRoles,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    }),
  );
  return { id, email };
}

describe('back office (DynamoDB Local)', () => {
  it('lists a new charity with an empty logo and no admins, and refuses a taken URL', async () => {
    const charity = await createCharity(deps, { ...newCharity('Tūī Sanctuary', 'tui-sanctuary'), registrationNumber: 'CC1', taxApproved: true });
    expect(charity).toMatchObject({ name: 'Tūī Sanctuary', charityUrl: 'tui-sanctuary', logoImageUrl: '', causes: [], registrationNumber: 'CC1', taxApproved: true });
    // What receipts say about tax comes from the profile, so it is kept with it.
    expect(await dynamoCharityDirectory(client, tableName).getByUrl('tui-sanctuary')).toMatchObject({ id: charity.id, name: 'Tūī Sanctuary', taxApproved: true });
    const stored = await client.send(new GetCommand({ TableName: tableName, Key: keys.charityProfile(charity.id) }));
    expect(stored.Item).toMatchObject({ adminCount: 0, gsi3pk: 'LIST#CHARITY', gsi3sk: 'tūī sanctuary', createdAt: '2026-04-01T09:00:00.000Z' });
    const claim = await client.send(new GetCommand({ TableName: tableName, Key: keys.charityUrlClaim('tui-sanctuary') }));
    expect(claim.Item).toMatchObject({ charityId: charity.id });
    expect(await failure(createCharity(deps, newCharity('Another Tūī', 'tui-sanctuary')))).toMatchObject({ code: 'Conflict', message: URL_TAKEN });
  });

  it('lets exactly one of many concurrent charities with the same URL through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => createCharity(deps, newCharity(`Racer ${i}`, 'same-url'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'Conflict', message: URL_TAKEN });
    }
  });

  it('refuses the URL of a charity listed before URL claims existed', async () => {
    await dynamoCharityDirectory(client, tableName).put({ id: newId(), logoImageUrl: '', causes: [], ...newCharity('Seeded', 'seeded-charity') });
    expect(await failure(createCharity(deps, newCharity('Copy', 'seeded-charity')))).toMatchObject({ code: 'Conflict', message: URL_TAKEN });
  });

  it('pages charities 25 at a time with an opaque cursor, and searches names case-insensitively across pages', async () => {
    for (let i = 0; i < 32; i++) await createCharity(deps, newCharity(`${i % 4 === 0 ? 'Zebra' : 'Zz'} Paging Trust ${String(i).padStart(2, '0')}`));
    const first = await listCharities(deps, {});
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const names = [first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await listCharities(deps, { cursor });
      names.push(page.items);
      cursor = page.nextCursor;
    }
    const all = names.flat().map((c) => c.name);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.filter((n) => n.includes('Paging Trust'))).toHaveLength(32);

    const search = await listCharities(deps, { q: '  PAGING trust ' });
    expect(search.items).toHaveLength(25);
    const rest = await listCharities(deps, { q: 'paging trust', cursor: search.nextCursor });
    expect(rest.items).toHaveLength(7);
    expect(rest.nextCursor).toBeUndefined();
    expect((await listCharities(deps, { q: 'zebra' })).items.map((c) => c.name)).toHaveLength(8);
    expect(search.items[0]).not.toHaveProperty('gsi3sk');
    expect(search.items[0]).not.toHaveProperty('adminCount');
  });

  it('refuses a cursor that is not one it made', async () => {
    const members = await listMembers(deps, {});
    const invalidCursor = { code: 'ValidationFailed', fieldErrors: [{ field: 'query.cursor', message: 'Invalid Input!' }] };
    expect(await failure(listCharities(deps, { cursor: 'not-a-cursor' }))).toMatchObject(invalidCursor);
    const forged = Buffer.from(JSON.stringify(['MEMBER#x', 'PROFILE', 'LIST#MEMBER', 'x'])).toString('base64url');
    expect(await failure(listCharities(deps, { cursor: forged }))).toMatchObject(invalidCursor);
    expect(members.nextCursor).toBeUndefined();
  });

  it('searches members by name or e-mail, and lists administrators', async () => {
    const hana = await addMember('Hana', 'Kereama');
    const admin = await addMember('Alex', 'Morgan', ['Administrator']);
    expect((await listMembers(deps, { q: 'kereama' })).items.map((m) => m.id)).toEqual([hana.id]);
    expect((await listMembers(deps, { q: hana.email.toUpperCase() })).items).toEqual([
      { id: hana.id, email: hana.email, firstName: 'Hana', lastName: 'Kereama', adminRoles: [], createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await listAdministrators(deps)).items.map((m) => m.id)).toEqual([admin.id]);
  });

  it('grants and revokes the role on the member record idempotently', async () => {
    const member = await addMember('Mere', 'Tuhoe', ['SomethingElse']);
    const store = deps.backOffice;
    expect((await store.setAdminRole(member.id, 'Administrator', true))?.adminRoles).toEqual(['SomethingElse', 'Administrator']);
    expect((await store.setAdminRole(member.id, 'Administrator', true))?.adminRoles).toEqual(['SomethingElse', 'Administrator']);
    expect((await store.setAdminRole(member.id, 'Administrator', false))?.adminRoles).toEqual(['SomethingElse']);
    expect((await store.setAdminRole(member.id, 'Administrator', false))?.adminRoles).toEqual(['SomethingElse']);
    expect(await store.setAdminRole(newId(), 'Administrator', true)).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 5 }, () => store.setAdminRole(member.id, 'Administrator', true)));
    expect(results.every((m) => m?.adminRoles.filter((r) => r === 'Administrator').length === 1)).toBe(true);
  });

  it('creates workplaces and lists them by name', async () => {
    const made = await createWorkplace(deps, { name: 'Tasman Engineering', country: 'nz' });
    expect(made).toEqual({ id: made.id, name: 'Tasman Engineering', country: 'nz', businessUnits: [], memberCount: 0, createdAt: '2026-04-01T09:00:00.000Z' });
    await createWorkplace(deps, { name: 'aroha Builders', country: 'au' });
    expect((await listWorkplaces(deps)).items.map((w) => w.name)).toEqual(['aroha Builders', 'Tasman Engineering']);
  });

  it('counts charities, members, admins, workplaces and content waiting for approval', async () => {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.content('c1'), ...indexKeys.contentByStatus('Proposed', '2026-01-01T00:00:00.000Z'), id: 'c1', status: 'Proposed' },
      }),
    );
    const counts = await getDashboard(deps);
    const charities = [];
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = await listCharities(deps, cursor ? { cursor } : {});
      charities.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(counts).toEqual({
      charities: charities.length,
      members: 3, // Hana, Alex and Mere
      admins: 2,
      workplaces: 2,
      pendingContent: 1,
    });
  });
});
