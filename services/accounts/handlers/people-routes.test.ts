import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { newId } from '@giving/shared/ids';
import type { HttpEvent, HttpHandler } from '@giving/shared/lambda/http';
import { REGION } from '../../../tools/local/src/config';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { testUserPool } from '../../../tools/local/src/testing/user-pool';
import { aCaller, aCharity, aMember, aWorkplace, peopleStores, type PeopleStores } from '../adapters/people-fixtures';
import type { SignedInMember } from '../domain/people';
import accounts from '../service';
import * as charityConsole from './charity-console';
import * as invitations from './invitations';
import * as me from './me';
import * as workplaceConsole from './workplace-console';

/** The people routes end to end in-process: manifest guard, input schemas, use case, DynamoDB Local; SES is mocked. */
let stores: PeopleStores;
let pool: Awaited<ReturnType<typeof testUserPool>>;
const ses = mockClient(SESv2Client);

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    [ENV.tableName('accounts')]: tables.tableName('accounts'),
    [ENV.mailFrom]: 'Koha <hello@koha.test>',
    [ENV.siteUrl]: 'https://koha.test',
  });
  // Guards confirm an administrator's group with the user pool: cognito-local holds the tests' administrators.
  pool = await testUserPool();
  Object.assign(process.env, pool.environment);
});

afterAll(async () => {
  await pool?.stop();
});

beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
});

/** Calls a handler as API Gateway would, with the route key its manifest entry declares. */
async function call(
  handler: HttpHandler,
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; as?: SignedInMember },
) {
  const files = { me, invitations, 'charity-console': charityConsole, 'workplace-console': workplaceConsole };
  const ref = Object.entries(files).flatMap(([file, module]) =>
    Object.entries(module).flatMap(([name, h]) => (h === handler ? [`handlers/${file}#${name}`] : [])),
  )[0];
  const route = accounts.routes.find((r) => r.handler === ref);
  if (!route) throw new Error(`no manifest route for ${ref}`);
  const caller = request.as;
  const username = caller?.adminRoles.length ? await pool.member(caller.memberId, caller.email, caller.adminRoles) : undefined;
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${API_PREFIX}${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: request.params,
    queryStringParameters: request.query,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'test',
      http: { method: route.method, path: route.path },
      ...(caller
        ? {
            authorizer: {
              jwt: {
                claims: {
                  sub: caller.memberId,
                  email: caller.email,
                  given_name: caller.firstName,
                  family_name: caller.lastName,
                  ...(caller.adminRoles.length ? { 'cognito:groups': `[${caller.adminRoles.join(' ')}]`, 'cognito:username': username } : {}),
                },
              },
            },
          }
        : {}),
    },
  } as unknown as HttpEvent;
  const response = await handler(event);
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body as string) : undefined };
}

async function charityWithAdmin() {
  const charity = await aCharity(stores);
  const admin = aCaller();
  await stores.memberships.join({ ...charity, kind: 'charity' }, { member: await aMember(stores, admin), role: 'Charity.Admin' }, new Date());
  return { charity, admin };
}

async function workplaceWithAdmin() {
  const workplace = await aWorkplace(stores);
  const admin = aCaller();
  await stores.memberships.join({ ...workplace, kind: 'workplace' }, { member: await aMember(stores, admin), role: 'WorkplaceGiver.Admin' }, new Date());
  return { workplace, admin };
}

describe('the member routes', () => {
  it('GET /accounts/me answers the admin menu to a signed-in caller, 401 otherwise', async () => {
    const caller = aCaller({ adminRoles: ['Administrator'] });
    const menu = await call(me.getAdminMenu, { as: caller });
    expect(menu.status).toBe(200);
    expect(menu.body).toMatchObject({ primaryAccount: { id: caller.memberId, type: 'account' }, isAdmin: true, adminRoles: ['Administrator'] });
    expect((await call(me.getAdminMenu, {})).status).toBe(401);
    expect((await call(me.getProfile, { as: caller })).body).toMatchObject({ id: caller.memberId, adminRoles: ['Administrator'] });
  });

  it('GET /accounts/me/permissions names the field it refuses', async () => {
    const both = await call(me.getPermissions, { as: aCaller(), query: { charityId: newId(), workplaceId: newId() } });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: 'query.workplaceId', message: 'Ask for one charity or one workplace, not both.' }]);
    const bad = await call(me.getPermissions, { as: aCaller(), query: { charityId: 'not an id!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'query.charityId', message: 'Invalid Input!' }]);
    const fine = await call(me.getPermissions, { as: aCaller() });
    expect(fine.body.permissions).toContain('User_ViewDashboard');
  });

  it('PUT /accounts/me/profile validates and renames', async () => {
    const caller = aCaller();
    const refused = await call(me.updateProfile, { as: caller, body: { firstName: ' ', lastName: 'Kingi' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'body.firstName', message: 'Required Field!' }]);
    const renamed = await call(me.updateProfile, { as: caller, body: { firstName: 'Mere', lastName: 'Kingi' } });
    expect(renamed).toMatchObject({ status: 200, body: { firstName: 'Mere', lastName: 'Kingi' } });
    expect((await call(me.getDashboard, { as: caller })).body).toMatchObject({ profile: { firstName: 'Mere' }, badges: [], completedDonations: 0 });
    expect((await call(me.getBadges, { as: caller })).body).toEqual({ items: [] });
  });
});

describe('the invitation routes', () => {
  it('invite (e-mailed), duplicate 409, wrong person 403, accept twice 200, then revoke 409', async () => {
    const { charity, admin } = await charityWithAdmin();
    const params = { charityId: charity.id };

    const badEmail = await call(invitations.inviteToCharity, { as: admin, params, body: { email: 'not-an-email', role: 'Charity.Member' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toEqual([{ field: 'body.email', message: 'Invalid Email!' }]);

    const invited = await call(invitations.inviteToCharity, { as: admin, params, body: { email: 'Invitee@Example.org', role: 'Charity.Member' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'invitee@example.org', status: 'Pending', tenant: { kind: 'charity', id: charity.id } });
    const sent = ses.commandCalls(SendEmailCommand);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.args[0].input).toMatchObject({ FromEmailAddress: 'Koha <hello@koha.test>', Destination: { ToAddresses: ['invitee@example.org'] } });
    expect(sent[0]?.args[0].input.Content?.Simple?.Body?.Text?.Data).toContain('https://koha.test/admin/user/dashboard');

    const again = await call(invitations.inviteToCharity, { as: admin, params, body: { email: 'invitee@example.org', role: 'Charity.Admin' } });
    expect(again).toMatchObject({ status: 409, body: { detail: 'An invitation is already pending for this e-mail address.' } });

    const listed = await call(invitations.listForCharity, { as: admin, params });
    expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual([invited.body.id]);

    const invitee = aCaller({ email: 'invitee@example.org' });
    expect((await call(invitations.listMine, { as: invitee })).body.items).toHaveLength(1);
    expect((await call(invitations.accept, { as: aCaller(), params: { invitationId: invited.body.id } })).status).toBe(403);
    const accepted = await call(invitations.accept, { as: invitee, params: { invitationId: invited.body.id } });
    expect(accepted).toMatchObject({ status: 200, body: { id: invited.body.id, status: 'Accepted' } });
    expect(await call(invitations.accept, { as: invitee, params: { invitationId: invited.body.id } })).toEqual(accepted);

    // The new member now holds Charity_MemberView in this charity.
    expect((await call(charityConsole.listMembers, { as: invitee, params })).status).toBe(200);
    const revoke = await call(invitations.revokeForCharity, { as: admin, params: { ...params, invitationId: invited.body.id } });
    expect(revoke).toMatchObject({ status: 409, body: { detail: 'This invitation is no longer open.' } });
    expect((await call(invitations.accept, { as: invitee, params: { invitationId: newId() } })).status).toBe(404);
    const malformed = await call(invitations.accept, { as: invitee, params: { invitationId: 'no-such-invitation' } });
    expect([malformed.status, malformed.body.errors]).toEqual([400, [{ field: 'path.invitationId', message: 'Invalid invitation.' }]]);
  });

  it('revokes with 204, and refuses callers without the permission in that tenant', async () => {
    const { workplace, admin } = await workplaceWithAdmin();
    const params = { workplaceId: workplace.id };
    const outsider = aCaller();
    expect((await call(invitations.inviteToWorkplace, { as: outsider, params, body: { email: 'x@example.org', role: 'WorkplaceGiver.Employee' } })).status).toBe(403);
    const badRole = await call(invitations.inviteToWorkplace, { as: admin, params, body: { email: 'x@example.org', role: 'Charity.Admin' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].field).toBe('body.role');
    const invited = await call(invitations.inviteToWorkplace, { as: admin, params, body: { email: 'x@example.org', role: 'WorkplaceGiver.Employee' } });
    expect(invited.status).toBe(201);
    expect((await call(invitations.revokeForWorkplace, { as: admin, params: { ...params, invitationId: invited.body.id } })).status).toBe(204);
    expect((await call(invitations.listForWorkplace, { as: admin, params })).body.items).toEqual([]);
  });

  it('answers 404 when an administrator invites to a tenant that does not exist', async () => {
    const administrator = aCaller({ adminRoles: ['Administrator'] });
    const missing = await call(invitations.inviteToCharity, { as: administrator, params: { charityId: newId() }, body: { email: 'a@example.org', role: 'Charity.Member' } });
    expect(missing.status).toBe(404);
  });
});

describe('the console routes', () => {
  it('charity: settings proposal, member removal (never the last admin)', async () => {
    const { charity, admin } = await charityWithAdmin();
    const params = { charityId: charity.id };
    const invalid = await call(charityConsole.updateSettings, { as: admin, params, body: { description: 'New', causes: [], website: 'ftp://x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ field: 'body.website', message: 'Enter a web address starting with https://' }]);
    const proposed = await call(charityConsole.updateSettings, { as: admin, params, body: { description: 'New', causes: ['Conservation'] } });
    expect(proposed).toMatchObject({ status: 200, body: { profile: charity, pendingChange: { changes: { description: 'New', causes: ['Conservation'] } } } });
    expect((await call(charityConsole.getSettings, { as: admin, params })).body).toEqual(proposed.body);
    const last = await call(charityConsole.removeMember, { as: admin, params: { ...params, memberId: admin.memberId } });
    expect(last).toMatchObject({ status: 409, body: { detail: 'A charity needs at least one administrator.' } });
    expect((await call(charityConsole.listMembers, { as: aCaller(), params })).status).toBe(403);
  });

  it('workplace: settings, members (400 names body.businessUnitId, last admin 409) and supported charities', async () => {
    const { workplace, admin } = await workplaceWithAdmin();
    const params = { workplaceId: workplace.id };
    expect((await call(workplaceConsole.getSettings, { as: admin, params })).body).toMatchObject({ id: workplace.id, memberCount: 1 });
    const settings = await call(workplaceConsole.updateSettings, { as: admin, params, body: { name: 'Tasman', businessUnits: [{ name: 'Nelson' }] } });
    expect(settings.body.businessUnits).toEqual([{ id: expect.any(String), name: 'Nelson' }]);

    const memberParams = { ...params, memberId: admin.memberId };
    const badUnit = await call(workplaceConsole.updateMember, { as: admin, params: memberParams, body: { businessUnitId: workplace.businessUnits[0]!.id } });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.errors).toEqual([{ field: 'body.businessUnitId', message: "Choose one of the workplace's business units." }]);
    const noRoles = await call(workplaceConsole.updateMember, { as: admin, params: memberParams, body: { roles: [] } });
    expect(noRoles.body.errors).toEqual([{ field: 'body.roles', message: 'Choose at least one role.' }]);
    const moved = await call(workplaceConsole.updateMember, { as: admin, params: memberParams, body: { businessUnitId: settings.body.businessUnits[0].id } });
    expect(moved).toMatchObject({ status: 200, body: { businessUnitId: settings.body.businessUnits[0].id } });
    const demote = await call(workplaceConsole.updateMember, { as: admin, params: memberParams, body: { roles: ['WorkplaceGiver.Employee'] } });
    expect(demote).toMatchObject({ status: 409, body: { detail: 'A workplace needs at least one administrator.' } });
    expect((await call(workplaceConsole.removeMember, { as: admin, params: memberParams })).status).toBe(409);
    expect((await call(workplaceConsole.listMembers, { as: admin, params })).body.items).toHaveLength(1);

    const charity = await aCharity(stores);
    const charityParams = { ...params, charityId: charity.id };
    const added = await call(workplaceConsole.addCharity, { as: admin, params: charityParams });
    expect(added).toMatchObject({ status: 200, body: { charityId: charity.id, name: charity.name } });
    expect(await call(workplaceConsole.addCharity, { as: admin, params: charityParams })).toEqual(added);
    expect((await call(workplaceConsole.addCharity, { as: admin, params: { ...params, charityId: newId() } })).status).toBe(404);
    expect((await call(workplaceConsole.addCharity, { as: admin, params: { ...params, charityId: 'nope' } })).status).toBe(400);
    expect((await call(workplaceConsole.listCharities, { as: admin, params })).body.items).toEqual([added.body]);
    expect((await call(workplaceConsole.removeCharity, { as: admin, params: charityParams })).status).toBe(204);
    expect((await call(workplaceConsole.removeCharity, { as: admin, params: charityParams })).status).toBe(204);
  });
});
