import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Clock } from '@giving/shared/clock';
import { PRIVACY_MESSAGES } from '@giving/shared/contracts/personal-data';
import { DomainError } from '@giving/shared/errors';
import { MemberErasureRequested, PERSONAL_DATA_SERVICES, PersonalDataExportRequested } from '@giving/shared/events/privacy';
import { newId } from '@giving/shared/ids';
import { eventBridgePublisher } from '@giving/shared/lambda/publisher';
import { s3PersonalDataStore } from '@giving/shared/lambda/personal-data';
import { EVENT_BUS_NAME } from '@giving/shared/manifest';
import { startObjectStore, type RunningObjectStore } from '../../../tools/local/src/s3/server';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { testEventBus } from '../../../tools/local/src/testing/event-bus';
import { dynamoBackOfficeStore } from '../adapters/dynamo-back-office';
import { dynamoPersonalDataStore } from '../adapters/dynamo-personal-data';
import { keys } from '../adapters/keys';
import { aCaller, aCharity, aMember, peopleStores, recordingMailer, silentLog, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import { profileFromToken, type SignedInMember } from './people';
import * as use from './personal-data';

let stores: PeopleStores;
let privacy: ReturnType<typeof dynamoPersonalDataStore>;
let objects: RunningObjectStore;
let root: string;
let files: ReturnType<typeof s3PersonalDataStore>;
let bus: Awaited<ReturnType<typeof testEventBus>>;
let events: ReturnType<typeof eventBridgePublisher>;

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
  privacy = dynamoPersonalDataStore(tables.client, tables.tableName('accounts'));
  root = await mkdtemp(path.join(tmpdir(), 'personal-data-'));
  objects = await startObjectStore({ port: 0, rootDir: root, buckets: ['personal-data'] });
  files = s3PersonalDataStore(new S3Client({ endpoint: objects.url, region: 'ap-southeast-2', forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }), 'personal-data');
  bus = await testEventBus();
  const { EventBridgeClient } = await import('@aws-sdk/client-eventbridge');
  events = eventBridgePublisher({ busName: EVENT_BUS_NAME, client: new EventBridgeClient({ endpoint: bus.environment.AWS_ENDPOINT_URL_EVENTBRIDGE, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }) });
});

afterAll(async () => {
  await bus?.stop();
  await objects?.stop();
  await rm(root, { recursive: true, force: true });
});

const clock = fixedClock('2026-11-26T09:00:00.000Z');
const exportDeps = (overrides: Partial<{ clock: Clock }> = {}) => ({ store: privacy, members: stores.members, events, clock, newId: () => newId(), ...overrides });
const partDeps = (mailer = recordingMailer(), overrides: Partial<{ clock: Clock }> = {}) => ({
  store: privacy,
  files,
  mailer,
  templates: stores.templates,
  members: stores.members,
  clock,
  siteUrl: 'https://koha.example',
  log: silentLog as never,
  ...overrides,
});

/** What a service's gatherer does: its part in the bucket, then (its event) counted by accounts. */
async function answer(member: SignedInMember, exportId: string, service: (typeof PERSONAL_DATA_SERVICES)[number], mailer = recordingMailer()) {
  await files.putPart({
    service,
    exportId,
    memberId: member.memberId,
    gatheredAt: clock.now().toISOString(),
    datasets: [{ name: `${service}-things`, description: `What ${service} holds.`, rows: [{ id: `${service}-1`, amountCents: 2500, note: '=SUM(A1)' }] }],
  });
  return use.recordExportPart(partDeps(mailer), { exportId, memberId: member.memberId, service });
}

describe('Download my data (DynamoDB Local, the local S3 and event bus)', () => {
  it('asks every service, counts their parts, and when the last is in puts one .zip together and e-mails the member once', async () => {
    const member = aCaller({ firstName: 'Aroha' });
    const requested = await use.requestExport(exportDeps(), member, profileFromToken);
    expect(requested).toMatchObject({ status: 'Preparing', partsDone: 0, partsTotal: 6 });
    expect(bus.envelopes(PersonalDataExportRequested).find((e) => e.data.exportId === requested.id)?.data).toMatchObject({ memberId: member.memberId, email: member.email });

    // One at a time.
    await expect(use.requestExport(exportDeps(), member, profileFromToken)).rejects.toMatchObject({ code: 'Conflict', message: PRIVACY_MESSAGES.exportInProgress });

    const mailer = recordingMailer();
    for (const service of PERSONAL_DATA_SERVICES.slice(0, -1)) expect(await answer(member, requested.id, service, mailer)).toBe('waiting');
    expect((await use.listExports({ store: privacy, clock }, member.memberId)).exports[0]).toMatchObject({ id: requested.id, status: 'Preparing', partsDone: 5 });
    await expect(use.downloadExport({ store: privacy, files, clock }, member.memberId, requested.id)).rejects.toMatchObject({ code: 'Conflict', message: PRIVACY_MESSAGES.exportNotReady });

    expect(await answer(member, requested.id, 'matching', mailer)).toBe('ready');
    // A redelivered last part neither builds nor mails again.
    expect(await answer(member, requested.id, 'matching', mailer)).toBe('already-ready');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: member.email, subject: 'Your Koha data is ready to download' });
    expect(mailer.sent[0]?.text).toContain('https://koha.example/admin/user/data');
    expect(mailer.sent[0]?.text).toContain('3 December 2026');

    const [listed] = (await use.listExports({ store: privacy, clock }, member.memberId)).exports;
    expect(listed).toMatchObject({ status: 'Ready', partsDone: 6, readyAt: '2026-11-26T09:00:00.000Z', expiresAt: '2026-12-03T09:00:00.000Z' });

    const file = await use.downloadExport({ store: privacy, files, clock }, member.memberId, requested.id);
    if (file.kind !== 'file') throw new Error('expected the file itself');
    expect(file.fileName).toBe('koha-my-data-2026-11-26.zip');
    const zip = unzipSync(file.bytes);
    expect(Object.keys(zip).sort()).toEqual(['README.txt', 'accounts/accounts-things.csv', 'data.json', 'donations/donations-things.csv', 'fundraising/fundraising-things.csv', 'matching/matching-things.csv', 'volunteering/volunteering-things.csv', 'workplace/workplace-things.csv']);
    const json = JSON.parse(strFromU8(zip['data.json']!));
    expect(json.member).toEqual({ id: member.memberId, email: member.email });
    expect(json.services.donations.datasets['donations-things'].rows).toEqual([{ id: 'donations-1', amountCents: 2500, note: '=SUM(A1)' }]);
    // A spreadsheet never runs what a member typed.
    expect(strFromU8(zip['donations/donations-things.csv']!)).toBe("id,amountCents,note\r\ndonations-1,2500,'=SUM(A1)\r\n");
    expect(strFromU8(zip['README.txt']!)).toContain('donations/donations-things.csv (1 record): What donations holds.');

    // Ready lets them ask again.
    expect(await use.requestExport(exportDeps(), member, profileFromToken)).toMatchObject({ status: 'Preparing' });
  });

  it('gives a member only their own export, and none once it has expired', async () => {
    const member = aCaller();
    const other = aCaller();
    const requested = await use.requestExport(exportDeps(), member, profileFromToken);
    for (const service of PERSONAL_DATA_SERVICES) await answer(member, requested.id, service);
    await expect(use.downloadExport({ store: privacy, files, clock }, other.memberId, requested.id)).rejects.toMatchObject({ code: 'NotFound' });
    const later = fixedClock('2026-12-03T09:00:00.000Z');
    expect((await use.listExports({ store: privacy, clock: later }, member.memberId)).exports[0]).toMatchObject({ status: 'Expired' });
    expect((await use.listExports({ store: privacy, clock: later }, member.memberId)).exports[0]).not.toHaveProperty('bytes');
    await expect(use.downloadExport({ store: privacy, files, clock: later }, member.memberId, requested.id)).rejects.toMatchObject({ code: 'NotFound', message: PRIVACY_MESSAGES.exportExpired });
  });
});

describe('Delete my account (DynamoDB Local)', () => {
  const deletionDeps = (mailer = recordingMailer(), deleted: string[] = []) => ({
    store: privacy,
    members: stores.members,
    events,
    users: { deleteUser: async (username: string) => void deleted.push(username) },
    mailer,
    templates: stores.templates,
    clock,
    newId: () => newId(),
    log: silentLog as never,
  });
  const remove = (tenant: { kind: 'charity' | 'workplace'; id: string }, memberId: string) =>
    tenant.kind === 'charity' ? stores.memberships.removeCharityMember(tenant.id, memberId) : stores.memberships.removeWorkplaceMember(tenant.id, memberId);

  it('is confirmed with the sign-in e-mail, and refused while the member is the only administrator of a charity', async () => {
    const member = aCaller();
    await aMember(stores, member);
    await expect(use.requestDeletion(deletionDeps(), { ...member, username: member.memberId }, { email: 'someone@else.org' }, profileFromToken)).rejects.toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'email', message: PRIVACY_MESSAGES.emailMismatch }],
    });
    const charity = await aCharity(stores);
    const profile = (await stores.members.get(member.memberId))!;
    await stores.memberships.join({ kind: 'charity', id: charity.id, name: charity.name, country: 'nz' }, { member: profile, role: 'Charity.Admin' }, new Date());
    await expect(use.requestDeletion(deletionDeps(), { ...member, username: member.memberId }, { email: member.email }, profileFromToken)).rejects.toMatchObject({
      code: 'Conflict',
      message: PRIVACY_MESSAGES.lastAdministrator(charity.name),
    });
    expect(await privacy.getErasure(member.memberId)).toBeUndefined();
  });

  it('deletes the sign-in, asks every service to erase, erases what accounts holds and records the account deleted when all have answered', async () => {
    const member = aCaller({ firstName: 'Hemi', lastName: 'Walker' });
    await aMember(stores, member);
    const colleague = aCaller();
    await aMember(stores, colleague);
    const charity = await aCharity(stores);
    const tenant = { kind: 'charity' as const, id: charity.id, name: charity.name, country: 'nz' as const };
    await stores.memberships.join(tenant, { member: (await stores.members.get(colleague.memberId))!, role: 'Charity.Admin' }, new Date());
    await stores.memberships.join(tenant, { member: (await stores.members.get(member.memberId))!, role: 'Charity.Admin' }, new Date());
    const activeUsers = async () => Number((await stores.client.send(new GetCommand({ TableName: stores.tableName, Key: keys.siteCounters() }))).Item?.activeUsers ?? 0);

    const mailer = recordingMailer();
    const deleted: string[] = [];
    const first = await use.requestDeletion(deletionDeps(mailer, deleted), { ...member, username: `user-${member.memberId}` }, { email: member.email.toUpperCase().toLowerCase() }, profileFromToken);
    expect(first).toMatchObject({ created: true, deletion: { status: 'Erasing', partsDone: 0, partsTotal: 6 } });
    // A retry finds the same deletion: the sign-in is deleted again (already gone is fine), no second e-mail.
    const again = await use.requestDeletion(deletionDeps(mailer, deleted), { ...member, username: `user-${member.memberId}` }, { email: member.email }, profileFromToken);
    expect(again.deletion.id).toBe(first.deletion.id);
    expect(deleted).toEqual([`user-${member.memberId}`, `user-${member.memberId}`]);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([[member.email, 'Your Koha account has been deleted']]);
    expect(bus.envelopes(MemberErasureRequested).filter((e) => e.data.erasureId === first.deletion.id).map((e) => e.metadata.id)).toEqual([first.deletion.id, first.deletion.id]);

    // From now on nothing of theirs is served, whatever token still names them.
    await expect(stores.members.get(member.memberId)).rejects.toBeInstanceOf(DomainError);
    await expect(use.requestExport(exportDeps(), member, profileFromToken)).rejects.toMatchObject({ code: 'Unauthorized', message: PRIVACY_MESSAGES.accountDeleted });

    const before = await activeUsers();
    const erased = await privacy.eraseOwn(member.memberId, member.email, clock.now().toISOString(), remove);
    expect(erased).toEqual(expect.arrayContaining([{ name: 'profile', erased: 1, anonymised: 0 }, { name: 'charities-and-workplaces', erased: 1, anonymised: 0 }]));
    // Twice is harmless: counted once.
    expect(await privacy.eraseOwn(member.memberId, member.email, clock.now().toISOString(), remove)).toEqual(expect.arrayContaining([{ name: 'profile', erased: 0, anonymised: 0 }]));
    expect(await activeUsers()).toBe(before - 1);
    const tombstone = (await stores.client.send(new GetCommand({ TableName: stores.tableName, Key: keys.memberProfile(member.memberId) }))).Item;
    expect(tombstone).toMatchObject({ email: '', firstName: 'Deleted', lastName: 'member', erasedAt: '2026-11-26T09:00:00.000Z' });
    expect(tombstone).not.toHaveProperty('gsi2pk');
    expect(tombstone).not.toHaveProperty('gsi3pk');
    expect(await stores.members.findByEmail(member.email)).toBeUndefined();
    expect((await stores.memberships.listCharityMembers(charity.id)).map((m) => m.memberId)).toEqual([colleague.memberId]);

    for (const service of PERSONAL_DATA_SERVICES.slice(0, -1)) {
      expect(await use.recordErasedPart({ store: privacy, clock }, { erasureId: first.deletion.id, memberId: member.memberId, service, datasets: [{ name: 'things', erased: 2, anonymised: 1 }] })).toBe('waiting');
    }
    expect(await use.recordErasedPart({ store: privacy, clock }, { erasureId: first.deletion.id, memberId: member.memberId, service: 'matching', datasets: [{ name: 'things', erased: 2, anonymised: 1 }] })).toBe('erased');
    expect(await use.recordErasedPart({ store: privacy, clock }, { erasureId: first.deletion.id, memberId: member.memberId, service: 'matching', datasets: [] })).toBe('already-erased');
    const erasure = await privacy.getErasure(member.memberId);
    expect(erasure).toMatchObject({ status: 'Erased', erasedAt: '2026-11-26T09:00:00.000Z' });
    expect(erasure).not.toHaveProperty('email');

    const trail = await use.auditTrail({ store: privacy }, member.memberId);
    // (The fixed clock puts the request and the end at one instant; the removal is stamped with the real time.)
    expect(trail.entries.map((e) => e.action).sort()).toEqual(['AccountDeleted', 'AccountDeletionRequested', 'CharityMemberRemoved', 'MemberJoined']);
    const entry = (action: string) => trail.entries.find((e) => e.action === action);
    expect(entry('AccountDeleted')).toMatchObject({ actor: { name: 'Koha' }, detail: '12 records erased, 6 kept without their identity, across 6 parts of the platform' });
    expect(entry('AccountDeletionRequested')).toMatchObject({ actor: { id: member.memberId, name: 'Hemi Walker' } });
    expect(entry('CharityMemberRemoved')).toMatchObject({ detail: charity.name, changes: [{ field: 'Roles', from: 'Charity.Admin', to: '' }] });
  });
});

describe('the audit trail (DynamoDB Local)', () => {
  it('records who changed what, newest first, a page at a time, and refuses a cursor from another member', async () => {
    const member = aCaller({ firstName: 'Mere', lastName: 'Smith' });
    await aMember(stores, member);
    await stores.members.rename(member.memberId, { firstName: 'Mere', lastName: 'Jones' });
    const backOffice = dynamoBackOfficeStore(stores.client, stores.tableName);
    await backOffice.setAdminRole(member.memberId, 'Administrator', true, { id: 'admin-1', name: 'Alex Morgan' });
    await backOffice.setAdminRole(member.memberId, 'Administrator', true, { id: 'admin-1', name: 'Alex Morgan' }); // already so: nothing recorded

    const trail = await use.auditTrail({ store: privacy }, member.memberId);
    expect(trail.entries.map((e) => [e.action, e.actor.name, e.changes])).toEqual([
      ['AdministratorGranted', 'Alex Morgan', [{ field: 'Platform roles', from: '', to: 'Administrator' }]],
      ['ProfileChanged', 'Mere Smith', [{ field: 'Last name', from: 'Smith', to: 'Jones' }]],
      ['MemberJoined', 'Mere Smith', [{ field: 'E-mail', to: member.email }]],
    ]);

    const firstPage = await privacy.auditTrail(member.memberId, { limit: 2 });
    expect(firstPage.entries).toHaveLength(2);
    const secondPage = await privacy.auditTrail(member.memberId, { limit: 2, cursor: firstPage.nextCursor });
    expect(secondPage.entries.map((e) => e.action)).toEqual(['MemberJoined']);
    const other = aCaller();
    await aMember(stores, other);
    await expect(privacy.auditTrail(other.memberId, { limit: 2, cursor: firstPage.nextCursor })).rejects.toMatchObject({ code: 'ValidationFailed', fieldErrors: [{ field: 'query.cursor' }] });
  });
});
