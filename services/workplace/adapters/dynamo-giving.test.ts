import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import type { EventData } from '@giving/shared/events';
import type { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import workplace from '../service';
import { donationReport, givingSummary, recordMemberDonation, recordMemberRefund } from '../domain/giving-reports';
import { dynamoBatchStore, dynamoEmployeeStore, dynamoExternalDonationStore, dynamoGivingStore, dynamoWorkplaceProfileStore } from './dynamo-workplace';

type Store = ReturnType<typeof dynamoGivingStore>;
let giving: Store;
let roles: ReturnType<typeof dynamoTenantRoleCopy>;
let employees: ReturnType<typeof dynamoEmployeeStore>;
let workplaces: ReturnType<typeof dynamoWorkplaceProfileStore>;
let externalDonations: ReturnType<typeof dynamoExternalDonationStore>;
let batches: ReturnType<typeof dynamoBatchStore>;

beforeAll(async () => {
  const tables = await testTables([workplace]);
  const table = tables.tableName('workplace');
  giving = dynamoGivingStore(tables.client, table);
  roles = dynamoTenantRoleCopy(tables.client, table);
  employees = dynamoEmployeeStore(tables.client, table);
  workplaces = dynamoWorkplaceProfileStore(tables.client, table);
  externalDonations = dynamoExternalDonationStore(tables.client, table);
  batches = dynamoBatchStore(tables.client, table);
});

const NZD = (cents: number) => ({ cents, currency: 'NZD' as const });
const harbour = { id: 'harbour', name: 'Harbour City Food Bank' };

/** A workplace with one member (Wiremu), and his $40 card donation on 20 November. */
async function aWorkplaceWithAGift() {
  const workplaceId = newId();
  const memberId = newId();
  await workplaces.save({ id: workplaceId, name: 'Tasman Engineering', country: 'nz', businessUnits: [], version: '1' });
  await roles.saveWorkplaceMembership({ memberId, workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], version: '1' });
  const donationId = newId();
  const completed: EventData<typeof DonationCompleted> = {
    donationId,
    trackingNumber: donationId,
    pageType: 'CHARITY',
    country: 'nz',
    charity: { ...harbour, charityUrl: 'harbour-city-food-bank' },
    quantity: 1,
    amount: NZD(4000),
    tip: NZD(0),
    total: NZD(4000),
    paymentType: 'CARD',
    isAnonymous: false,
    receiptName: 'Wiremu Parata',
    donorMemberId: memberId,
    completedAt: '2026-11-20T01:00:00.000Z',
  };
  expect(await recordMemberDonation({ giving, roles, employees }, completed)).toBe(1);
  const refunded = (remaining: number): EventData<typeof DonationRefunded> => ({
    refundId: newId(),
    donationId,
    trackingNumber: donationId,
    country: 'nz',
    charityId: harbour.id,
    currency: 'NZD',
    donationCents: 4000 - remaining,
    tipCents: 0,
    totalCents: 4000 - remaining,
    remainingDonationCents: remaining,
    originalDonationCents: 4000,
    donorMemberId: memberId,
    completedAt: completed.completedAt,
    refundedAt: '2026-11-24T01:00:00.000Z',
  });
  const figures = async () => {
    const report = await donationReport({ giving, workplaces }, workplaceId, { from: '2026-11', to: '2026-11' });
    const summary = await givingSummary({ giving, workplaces, externalDonations, batches }, workplaceId, new Date('2026-11-25T01:00:00.000Z'));
    return { report: report.totals, dashboard: summary.thisMonth };
  };
  return { completed, refunded, figures };
}

describe('a refund in the workplace’s giving (DynamoDB Local)', () => {
  it('the member’s donation counts for what is left of it, in the report and the dashboard; a late or repeated event changes nothing', async () => {
    const { completed, refunded, figures } = await aWorkplaceWithAGift();
    expect((await figures()).report).toEqual({ amount: NZD(4000), donations: 1, donors: 1 });

    const part = refunded(2500);
    expect(await recordMemberRefund({ giving, roles }, part)).toBe(1);
    expect(await recordMemberRefund({ giving, roles }, part)).toBe(0);
    expect(await figures()).toMatchObject({ report: { amount: NZD(2500), donations: 1 }, dashboard: { amount: NZD(2500), donations: 1 } });

    // The rest refunded: no longer a donation at all. The first refund's event arriving again puts nothing back.
    expect(await recordMemberRefund({ giving, roles }, refunded(0))).toBe(1);
    expect(await recordMemberRefund({ giving, roles }, part)).toBe(0);
    // Nor does DonationCompleted delivered again.
    await recordMemberDonation({ giving, roles, employees }, completed);
    expect(await figures()).toMatchObject({ report: { amount: NZD(0), donations: 0, donors: 0 }, dashboard: { amount: NZD(0), donations: 0 } });
  });

  it('reaches the workplace the gift was made in after the member has left it', async () => {
    const { completed, refunded, figures } = await aWorkplaceWithAGift();
    await roles.saveWorkplaceMembership({ memberId: completed.donorMemberId!, workplaceId: (await giving.workplacesHolding(completed.donationId))[0]!, workplaceName: 'Tasman Engineering', roles: [], version: '2' });
    expect(await roles.workplacesOf(completed.donorMemberId!)).toEqual([]);
    expect(await recordMemberRefund({ giving, roles }, refunded(1000))).toBe(1);
    expect((await figures()).report).toEqual({ amount: NZD(1000), donations: 1, donors: 1 });
  });

  it('a guest’s refund, or one for a donation the workplace never had, changes nothing', async () => {
    const { refunded, figures } = await aWorkplaceWithAGift();
    const { donorMemberId: _member, ...guest } = refunded(0);
    expect(await recordMemberRefund({ giving, roles }, guest)).toBe(0);
    expect(await recordMemberRefund({ giving, roles }, { ...refunded(0), donationId: newId() })).toBe(0);
    expect((await figures()).report).toEqual({ amount: NZD(4000), donations: 1, donors: 1 });
  });
});
