import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { CampaignInput } from '@giving/shared/contracts/matching';
import { newId } from '@giving/shared/ids';
import { manifestGuard } from '@giving/shared/lambda/authorize';
import { logger } from '@giving/shared/lambda/logger';
import { copiedRolesPermissionSource } from '@giving/shared/copies';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import matching from '../service';
import * as use from '../domain/campaigns';
import type { MatchingDeps } from '../domain/ports';
import { dynamoCampaignStore, dynamoWorkplaceNames } from './dynamo-campaigns';

let deps: MatchingDeps;
const clock = fixedClock('2026-11-20T23:00:00.000Z'); // 21 November, noon in Auckland (still the 20th in UTC)

beforeAll(async () => {
  const tables = await testTables([matching]);
  const table = tables.tableName('matching');
  deps = {
    campaigns: dynamoCampaignStore(tables.client, table),
    workplaces: dynamoWorkplaceNames(tables.client, table),
    roles: dynamoTenantRoleCopy(tables.client, table),
    clock,
    newId: () => newId(),
  };
});

const version = (n: number) => String(n).padStart(40, '0');
const input = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: 'Kiwi match',
  description: '',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: 50_000,
  entryCap: 0,
  campaignCap: 1_000_000,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  moduleType: 'DollarHandle',
  items: [{ id: 'GIFT-A', name: 'Feed a kiwi chick' }],
  startsOn: '2026-11-01',
  endsOn: '2026-12-31',
  active: true,
  ...overrides,
});

describe('matching campaigns (DynamoDB Local)', () => {
  it('creates a campaign with the workplace’s name and finds it by workplace and by each of its gifts', async () => {
    const workplaceId = newId();
    const [giftA, giftB] = [newId(), newId()];
    await use.recordWorkplaceMembership(deps, { memberId: newId(), workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Admin'], version: version(1) });
    const campaign = await use.createCampaign(deps, workplaceId, input({ items: [{ id: giftA }, { id: giftB }] }));
    expect(campaign).toMatchObject({ workplace: { id: workplaceId, name: 'Tasman Engineering' }, status: 'Active', restrictions: { employmentTypes: [], businessUnitIds: [] } });
    expect((await use.listCampaigns(deps, workplaceId)).items.map((c) => c.id)).toEqual([campaign.id]);
    expect(await use.getCampaign(deps, workplaceId, campaign.id)).toEqual(campaign);
    const forA = await use.campaignsForProduct(deps, giftA);
    expect(forA.items).toEqual([expect.objectContaining({ id: campaign.id, workplaceName: 'Tasman Engineering', matchRatio: 1, memberCap: 50_000, memberType: 'Employee' })]);
    // A donor sees the rules, never the items or restrictions.
    expect(forA.items[0]).not.toHaveProperty('items');
    expect(forA.items[0]).not.toHaveProperty('restrictions');
    expect((await use.campaignsForProduct(deps, giftB)).items).toHaveLength(1);
    // Another workplace's id finds nothing.
    await expect(use.getCampaign(deps, newId(), campaign.id)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('moves the product rows with the items on update, and shows only active campaigns within their dates', async () => {
    const workplaceId = newId();
    const [giftA, giftB] = [newId(), newId()];
    const campaign = await use.createCampaign(deps, workplaceId, input({ items: [{ id: giftA }] }));
    await use.updateCampaign(deps, workplaceId, campaign.id, input({ items: [{ id: giftB }], matchRatio: 0.5 }));
    expect((await use.campaignsForProduct(deps, giftA)).items).toEqual([]);
    expect((await use.campaignsForProduct(deps, giftB)).items).toEqual([expect.objectContaining({ id: campaign.id, matchRatio: 0.5 })]);

    await use.updateCampaign(deps, workplaceId, campaign.id, input({ items: [{ id: giftB }], active: false }));
    expect((await use.campaignsForProduct(deps, giftB)).items).toEqual([]);
    expect((await use.getCampaign(deps, workplaceId, campaign.id)).status).toBe('Inactive');
    await use.updateCampaign(deps, workplaceId, campaign.id, input({ items: [{ id: giftB }], startsOn: '2026-11-22' }));
    expect((await use.getCampaign(deps, workplaceId, campaign.id)).status).toBe('Scheduled');
    expect((await use.campaignsForProduct(deps, giftB)).items).toEqual([]);
    // The last day counts in the workplace's time zone: 21 November in Auckland although still the 20th in UTC.
    await use.updateCampaign(deps, workplaceId, campaign.id, input({ items: [{ id: giftB }], endsOn: '2026-11-21' }));
    expect((await use.campaignsForProduct(deps, giftB)).items).toHaveLength(1);
    await use.updateCampaign(deps, workplaceId, campaign.id, input({ items: [{ id: giftB }], endsOn: '2026-11-20' }));
    expect((await use.getCampaign(deps, workplaceId, campaign.id)).status).toBe('Ended');
  });

  it('keeps the restrictions through updates, and refuses a stale replace', async () => {
    const workplaceId = newId();
    const campaign = await use.createCampaign(deps, workplaceId, input());
    expect(await use.updateRestrictions(deps, workplaceId, campaign.id, { employmentTypes: ['Permanent', 'Permanent'], businessUnitIds: ['BU1'] })).toEqual({ employmentTypes: ['Permanent'], businessUnitIds: ['BU1'] });
    await use.updateCampaign(deps, workplaceId, campaign.id, input({ name: 'Renamed' }));
    expect(await use.getRestrictions(deps, workplaceId, campaign.id)).toEqual({ employmentTypes: ['Permanent'], businessUnitIds: ['BU1'] });
    const stored = (await deps.campaigns.get(workplaceId, campaign.id))!;
    await deps.campaigns.replace(stored, { ...stored, name: 'First', version: stored.version + 1 });
    await expect(deps.campaigns.replace(stored, { ...stored, name: 'Second', version: stored.version + 1 })).rejects.toMatchObject({ code: 'Conflict' });
  });

  it('lets the console routes through for the workplace’s admins only (not its employees), and the back office everywhere', async () => {
    // The user pool still has every caller who claims Administrator in the group: the tenant copies are what this tests.
    const guard = manifestGuard(matching, () => copiedRolesPermissionSource(deps.roles as never), { groups: () => ({ groupsOf: async () => ['Administrator'] }) });
    const [admin, employee, workplaceId, other] = [newId(), newId(), newId(), newId()];
    await use.recordWorkplaceMembership(deps, { memberId: admin, workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Admin'], version: version(1) });
    await use.recordWorkplaceMembership(deps, { memberId: employee, workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], version: version(1) });
    const ask = (userId: string, id: string, routeKey: string, groups: string[] = []) =>
      guard({ routeKey, caller: { userId, groups, claims: {} }, pathParameters: { workplaceId: id }, log: logger }).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
    const create = 'POST /api/matching/workplace/{workplaceId}/campaigns';
    const list = 'GET /api/matching/workplace/{workplaceId}/campaigns';
    expect(await ask(admin, workplaceId, create)).toBe('allowed');
    expect(await ask(admin, workplaceId, list)).toBe('allowed');
    expect(await ask(admin, other, create)).toBe('Forbidden');
    expect(await ask(employee, workplaceId, create)).toBe('Forbidden');
    expect(await ask(employee, workplaceId, list)).toBe('Forbidden');
    expect(await ask(newId(), other, create, ['Administrator'])).toBe('allowed');
  });
});
