import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { manifestGuard } from '@giving/shared/lambda/authorize';
import { logger } from '@giving/shared/lambda/logger';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { recordCharityMembership } from '../domain/charity-roles';
import { donationsPermissionSource, dynamoTenantRoleDirectory } from './dynamo-tenant-roles';

let roles: ReturnType<typeof dynamoTenantRoleDirectory>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  roles = dynamoTenantRoleDirectory(tables.client, tables.tableName('donations'));
});

const version = (n: number) => String(n).padStart(40, '0');
const change = (memberId: string, charityId: string, memberRoles: string[], n: number) => ({
  memberId,
  charityId,
  roles: memberRoles,
  version: version(n),
  publishedAt: '2026-11-21T09:00:00.000Z',
});

describe('donations’ copy of charity roles (DynamoDB Local)', () => {
  it('keeps the newest membership state: a late older event neither restores nor changes it', async () => {
    const [member, charity] = [newId(), newId()];
    expect(await recordCharityMembership({ roles }, change(member, charity, ['Charity.Admin'], 10))).toBe('saved');
    expect(await roles.rolesOf(member, { kind: 'charity', id: charity })).toEqual(['Charity.Admin']);
    expect(await recordCharityMembership({ roles }, change(member, charity, [], 12))).toBe('saved'); // removed
    expect(await recordCharityMembership({ roles }, change(member, charity, ['Charity.Admin'], 11))).toBe('stale');
    expect(await recordCharityMembership({ roles }, change(member, charity, [], 12))).toBe('stale'); // a repeat
    expect(await roles.rolesOf(member, { kind: 'charity', id: charity })).toEqual([]);
    expect(await roles.rolesOf(member, { kind: 'charity', id: newId() })).toEqual([]);
  });

  it('lets the charity console routes through for the charity’s admins only, and the back office everywhere', async () => {
    // The user pool still has every caller who claims Administrator in the group: the tenant copies are what this tests.
    const guard = manifestGuard(donations, () => donationsPermissionSource(roles), { groups: () => ({ groupsOf: async () => ['Administrator'] }) });
    const [admin, charity, other] = [newId(), newId(), newId()];
    await recordCharityMembership({ roles }, change(admin, charity, ['Charity.Admin'], 1));
    const ask = (userId: string, charityId: string, groups: string[] = [], routeKey = 'GET /api/donations/charity/{charityId}/gifts') =>
      guard({ routeKey, caller: { userId, groups, claims: {} }, pathParameters: { charityId }, log: logger }).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
    expect(await ask(admin, charity)).toBe('allowed');
    expect(await ask(admin, other)).toBe('Forbidden');
    expect(await ask(newId(), charity)).toBe('Forbidden');
    expect(await ask(newId(), other, ['Administrator'])).toBe('allowed');
    // Recording payouts is the back office's, even in the admin's own charity.
    expect(await ask(admin, charity, [], 'POST /api/donations/backoffice/charities/{charityId}/payouts')).toBe('Forbidden');
    expect(await ask(newId(), charity, ['Administrator'], 'POST /api/donations/backoffice/charities/{charityId}/payouts')).toBe('allowed');
  });
});
