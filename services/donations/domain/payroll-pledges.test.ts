import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { CharityPayrollPledgeRequest, GiftPayrollPledgeRequest } from '@giving/shared/contracts/payroll';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { DomainError } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { newId } from '@giving/shared/ids';
import { METHOD_NOT_ALLOWED_MESSAGES } from '@giving/shared/payment-methods';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoMembershipDirectory } from '../adapters/dynamo-memberships';
import { dynamoPayrollPledgeRepository } from '../adapters/dynamo-payroll-pledges';
import { PAYROLL_NEEDS_WORKPLACE_MESSAGE, paymentOptionsForMember, recordWorkplaceMembership, requirePaymentMethod } from './memberships';
import { cancelPayrollPledge, createPayrollPledge, listPayrollPledges, publishPayrollPledge } from './payroll-pledges';
import { CHARITY_MISSING_MESSAGE, GIFT_MISSING_MESSAGE } from './payments';
import { aCharity, aGift } from './test-support';

/** Payroll pledges and the workplace-membership copy they are gated by, against DynamoDB Local. */
let deps: Parameters<typeof createPayrollPledge>[0];
let memberships: ReturnType<typeof dynamoMembershipDirectory>;
const clock = fixedClock('2026-11-21T09:00:00Z');
const key = () => `key-${newId()}`;
const version = (n: number) => String(n).padStart(40, '0');
const gift = aGift({ price: { cents: 2500, currency: 'NZD' } });
const inactiveGift = aGift({ isActive: false });
const charity = aCharity();

/** A member of Tasman Engineering with these roles there. */
async function workplaceMember(roles: string[] = ['WorkplaceGiver.Employee']) {
  const memberId = `sub-${newId()}`;
  const workplaceId = newId();
  await recordWorkplaceMembership({ memberships }, { memberId, workplaceId, workplaceName: 'Tasman Engineering', roles, version: version(10), publishedAt: '' });
  return { memberId, workplaceId };
}

const giftPledge = (overrides: Partial<GiftPayrollPledgeRequest> = {}): GiftPayrollPledgeRequest => ({
  pageType: 'GIFT',
  country: 'nz',
  productId: gift.id,
  productQuantity: 2,
  productAmount: 2500,
  donationFrequency: 'EveryPayCycle',
  anonymousDonation: false,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  const tables = await testTables([donations]);
  const table = tables.tableName('donations');
  memberships = dynamoMembershipDirectory(tables.client, table);
  const gifts = dynamoGiftCatalog(tables.client, table);
  const charities = dynamoCharityDirectory(tables.client, table);
  await gifts.put(gift);
  await gifts.put(inactiveGift);
  await charities.save(charity);
  deps = { pledges: dynamoPayrollPledgeRepository(tables.client, table), memberships, gifts, charities, clock };
});

describe('the workplace membership copy', () => {
  it('keeps the newest version: an older or repeated event changes nothing, and a removal stays removed', async () => {
    const { memberId, workplaceId } = await workplaceMember(['WorkplaceGiver.Employee']);
    const change = (roles: string[], n: number) =>
      recordWorkplaceMembership({ memberships }, { memberId, workplaceId, workplaceName: 'Tasman Engineering', roles, version: version(n), publishedAt: '' });
    expect(await change(['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin'], 20)).toBe('saved');
    expect(await change(['WorkplaceGiver.Employee'], 15)).toBe('stale');
    expect((await memberships.workplacesOf(memberId)).map((m) => m.roles)).toEqual([['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin']]);
    expect(await change([], 30)).toBe('saved');
    expect(await change(['WorkplaceGiver.Employee'], 25)).toBe('stale');
    expect(await memberships.workplacesOf(memberId)).toEqual([]);
  });

  it('answers the member’s payment options from it', async () => {
    const { memberId, workplaceId } = await workplaceMember();
    expect(await paymentOptionsForMember(deps, memberId, 'GIFT')).toEqual({
      card: true,
      voucher: true,
      payroll: true,
      recurring: true,
      workplace: { id: workplaceId, name: 'Tasman Engineering' },
    });
    expect(await paymentOptionsForMember(deps, 'sub-no-workplace', 'GIFT')).toEqual({ card: true, voucher: true, payroll: false, recurring: true });
  });

  it('refuses a card payment when the member’s workplace roles do not allow cards (403 saying why)', async () => {
    const { memberId } = await workplaceMember(['Unknown.Role']);
    const error = await refusal(requirePaymentMethod(deps, memberId, 'GIFT', 'CARD'));
    expect(error).toMatchObject({ code: 'Forbidden', message: METHOD_NOT_ALLOWED_MESSAGES.card });
    await expect(requirePaymentMethod(deps, 'sub-no-workplace', 'GIFT', 'CARD')).resolves.toMatchObject({ card: true });
  });
});

describe('createPayrollPledge', () => {
  it('stores an Active pledge priced on the server, through the member’s workplace', async () => {
    const { memberId, workplaceId } = await workplaceMember();
    const pledge = await createPayrollPledge(deps, giftPledge(), memberId, key());
    expect(pledge).toEqual({
      pledgeId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      pageType: 'GIFT',
      country: 'nz',
      workplace: { id: workplaceId, name: 'Tasman Engineering' },
      charity: { id: gift.charity.id, name: gift.charity.name, charityUrl: gift.charity.charityUrl },
      gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl },
      quantity: 2,
      amount: { cents: 2500, currency: 'NZD' },
      total: { cents: 5000, currency: 'NZD' },
      donationFrequency: 'EveryPayCycle',
      isAnonymous: false,
      status: 'Active',
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    expect(await listPayrollPledges(deps, memberId)).toEqual({ items: [pledge] });
  });

  it('takes a general donation to a charity: one item of the amount, no gift', async () => {
    const { memberId } = await workplaceMember();
    const request: CharityPayrollPledgeRequest = {
      pageType: 'CHARITY',
      country: 'nz',
      charityId: charity.id,
      amount: 1000,
      donationFrequency: 'OnceOff',
      anonymousDonation: true,
    };
    const pledge = await createPayrollPledge(deps, request, memberId, key());
    expect(pledge).toMatchObject({ pageType: 'CHARITY', quantity: 1, total: { cents: 1000, currency: 'NZD' }, isAnonymous: true, donationFrequency: 'OnceOff' });
    expect(pledge.gift).toBeUndefined();
  });

  it('answers a retry with the same key with the same pledge, and refuses the key with a different request', async () => {
    const { memberId } = await workplaceMember();
    const k = key();
    const first = await createPayrollPledge(deps, giftPledge(), memberId, k);
    clock.advance(1000);
    expect(await createPayrollPledge(deps, giftPledge(), memberId, k)).toEqual(first);
    expect((await refusal(createPayrollPledge(deps, giftPledge({ productQuantity: 3 }), memberId, k))).code).toBe('IdempotencyKeyReused');
    expect((await listPayrollPledges(deps, memberId)).items).toHaveLength(1);
  });

  it('refuses a donor without a workplace, and a member whose roles do not allow payroll (403), storing nothing', async () => {
    const nobody = `sub-${newId()}`;
    expect(await refusal(createPayrollPledge(deps, giftPledge(), nobody, key()))).toMatchObject({ code: 'Forbidden', message: PAYROLL_NEEDS_WORKPLACE_MESSAGE });
    const { memberId } = await workplaceMember(['Unknown.Role']);
    expect(await refusal(createPayrollPledge(deps, giftPledge(), memberId, key()))).toMatchObject({ code: 'Forbidden', message: METHOD_NOT_ALLOWED_MESSAGES.payroll });
    expect((await listPayrollPledges(deps, nobody)).items).toEqual([]);
    expect((await listPayrollPledges(deps, memberId)).items).toEqual([]);
  });

  it('names the field of a gift or charity it cannot take: 404 unknown, 400 fulfilled or from another country', async () => {
    const { memberId } = await workplaceMember();
    expect(await refusal(createPayrollPledge(deps, giftPledge({ productId: 'no-such-gift' }), memberId, key()))).toMatchObject({
      code: 'NotFound',
      fieldErrors: [{ field: 'body.productId', message: GIFT_MISSING_MESSAGE }],
    });
    expect(await refusal(createPayrollPledge(deps, giftPledge({ productId: inactiveGift.id }), memberId, key()))).toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'body.productId', message: MESSAGES.giftInactive }],
    });
    expect(await refusal(createPayrollPledge(deps, giftPledge({ country: 'au' }), memberId, key()))).toMatchObject({
      code: 'ValidationFailed',
      fieldErrors: [{ field: 'body.productId', message: MESSAGES.giftWrongCountry }],
    });
    const unknownCharity: CharityPayrollPledgeRequest = { pageType: 'CHARITY', country: 'nz', charityId: 'nope', amount: 500, donationFrequency: 'OnceOff', anonymousDonation: false };
    expect(await refusal(createPayrollPledge(deps, unknownCharity, memberId, key()))).toMatchObject({
      code: 'NotFound',
      fieldErrors: [{ field: 'body.charityId', message: CHARITY_MISSING_MESSAGE }],
    });
  });
});

describe('listing and cancelling', () => {
  it('lists newest first; cancelling marks the pledge Cancelled, again is harmless, and another member’s pledge is not found', async () => {
    const { memberId } = await workplaceMember();
    const older = await createPayrollPledge(deps, giftPledge(), memberId, key());
    clock.advance(60_000);
    const newer = await createPayrollPledge(deps, giftPledge({ donationFrequency: 'OnceOff' }), memberId, key());
    expect((await listPayrollPledges(deps, memberId)).items.map((p) => p.pledgeId)).toEqual([newer.pledgeId, older.pledgeId]);

    await cancelPayrollPledge(deps, memberId, older.pledgeId);
    await cancelPayrollPledge(deps, memberId, older.pledgeId);
    const [, cancelled] = (await listPayrollPledges(deps, memberId)).items;
    expect(cancelled).toMatchObject({ pledgeId: older.pledgeId, status: 'Cancelled', cancelledAt: clock.now().toISOString() });

    expect((await refusal(cancelPayrollPledge(deps, `sub-${newId()}`, newer.pledgeId))).code).toBe('NotFound');
    expect((await listPayrollPledges(deps, memberId)).items[0]?.status).toBe('Active');
  });
});

describe('publishPayrollPledge (from the table stream)', () => {
  function recordingPublisher() {
    const published: { name: string; id?: string; data: unknown }[] = [];
    const events: EventPublisher = {
      async publish(definition, data, options) {
        published.push({ name: definition.name, id: options?.id, data });
        return { metadata: { id: options?.id ?? '', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
      },
    };
    return { events, published };
  }

  it('publishes a new pledge as PayrollPledgeCreated (id = pledge id) and a cancellation as PayrollPledgeCancelled', async () => {
    const { memberId, workplaceId } = await workplaceMember();
    const pledge = await createPayrollPledge(deps, giftPledge(), memberId, key());
    const { events, published } = recordingPublisher();
    const stored = await deps.pledges.get(memberId, pledge.pledgeId);
    await publishPayrollPledge(events, { eventName: 'INSERT', newImage: stored });
    await cancelPayrollPledge(deps, memberId, pledge.pledgeId);
    const cancelled = await deps.pledges.get(memberId, pledge.pledgeId);
    await publishPayrollPledge(events, { eventName: 'MODIFY', newImage: cancelled });
    expect(published).toEqual([
      {
        name: 'PayrollPledgeCreated',
        id: pledge.pledgeId,
        data: {
          pledgeId: pledge.pledgeId,
          memberId,
          workplace: { id: workplaceId, name: 'Tasman Engineering' },
          pageType: 'GIFT',
          country: 'nz',
          charity: pledge.charity,
          gift: pledge.gift,
          quantity: 2,
          amount: { cents: 2500, currency: 'NZD' },
          total: { cents: 5000, currency: 'NZD' },
          donationFrequency: 'EveryPayCycle',
          isAnonymous: false,
          createdAt: pledge.createdAt,
        },
      },
      {
        name: 'PayrollPledgeCancelled',
        id: cancelled?.cancellationId,
        data: { pledgeId: pledge.pledgeId, memberId, workplaceId, cancelledAt: cancelled?.cancelledAt },
      },
    ]);
  });
});
