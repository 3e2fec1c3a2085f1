import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMenu } from '@giving/shared/contracts/accounts';
import type { Gift } from '@giving/shared/contracts/donations';
import type { GiftPayrollPledgeRequest, PayrollPledge, PayrollPledgeList } from '@giving/shared/contracts/payroll';
import type { PaymentOptions } from '@giving/shared/payment-methods';
import { PAYROLL_NEEDS_WORKPLACE_MESSAGE } from '../../services/donations/domain/memberships';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { platformClient, startTestPlatform } from './platform';

/**
 * Given the seeded demo, when Wiremu (a permanent employee of Tasman Engineering) pledges a gift from his pay, then
 * the pledge is stored once per Idempotency-Key, PayrollPledgeCreated carries it to the workplace service, and he
 * can list and cancel it. Dana (no workplace) is refused with 403. The payment options each of them sees come from
 * donations' copy of their workplace roles, which follows the accounts service's changes.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;
const tokens = new Map<DemoRole, string>();

const user = (role: DemoRole) => {
  const found = DEMO_USERS.find((demo) => demo.role === role);
  if (!found) throw new Error(`no seeded ${role}`);
  return found;
};

beforeAll(async () => {
  platform = await startTestPlatform(6200);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
  for (const role of ['donor', 'workplaceMember', 'workplaceAdmin', 'contentAdmin'] as const) tokens.set(role, await client.idToken(user(role).email, DEMO_PASSWORD));
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const api = (path: string, { as, method = 'GET', body, key }: { as?: DemoRole; method?: string; body?: unknown; key?: string } = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
      ...(as ? { authorization: `Bearer ${tokens.get(as)}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const optionsOf = async (as: DemoRole, pageType = 'GIFT') => (await (await api(`/donations/me/payment-options?pageType=${pageType}`, { as })).json()) as PaymentOptions;

const pledgeFor = (overrides: Partial<GiftPayrollPledgeRequest> = {}): GiftPayrollPledgeRequest => ({
  pageType: 'GIFT',
  country: 'nz',
  productId: gift.id,
  productQuantity: 2,
  productAmount: gift.price.cents,
  donationFrequency: 'EveryPayCycle',
  anonymousDonation: false,
  ...overrides,
});

describe('payment options (GET /donations/me/payment-options)', () => {
  it('a workplace employee may pay by card, voucher, monthly or payroll through Tasman Engineering', async () => {
    expect(await optionsOf('workplaceMember')).toEqual({
      card: true,
      voucher: true,
      payroll: true,
      recurring: true,
      workplace: { id: expect.any(String), name: 'Tasman Engineering' },
    });
    expect((await optionsOf('workplaceMember', 'CHARITY')).payroll).toBe(true);
  });

  it('a donor without a workplace may pay by card, voucher or monthly, never payroll; a guest must sign in (401)', async () => {
    expect(await optionsOf('donor')).toEqual({ card: true, voucher: true, payroll: false, recurring: true });
    expect((await api('/donations/me/payment-options?pageType=GIFT')).status).toBe(401);
  });

  it('follows the accounts service: a member removed from the workplace loses payroll', async () => {
    const casey = (await (await api('/accounts/me', { as: 'contentAdmin' })).json()) as AdminMenu;
    const workplaceId = casey.corporateAssociations[0]?.corporateId;
    expect(await optionsOf('contentAdmin')).toMatchObject({ payroll: true, workplace: { id: workplaceId } });
    const removed = await api(`/accounts/workplace/${workplaceId}/members/${casey.primaryAccount.id}`, { as: 'workplaceAdmin', method: 'DELETE' });
    expect(removed.status).toBe(204);
    await expect.poll(async () => optionsOf('contentAdmin'), { timeout: 15_000, interval: 250 }).toEqual({ card: true, voucher: true, payroll: false, recurring: true });
    const changes = (await client.eventsOf('WorkplaceMembershipChanged')).map((event) => event.detail.data).filter((data) => data.memberId === casey.primaryAccount.id);
    expect(changes.at(-1)).toMatchObject({ workplaceId, roles: [], workplaceName: '' });
  });
});

describe('payroll pledges (POST/GET/DELETE /donations/me/payroll-pledges)', () => {
  it('Wiremu pledges a gift from every pay: stored Active, once per key, and PayrollPledgeCreated carries it', async () => {
    const key = `payroll-${crypto.randomUUID()}`;
    const response = await api('/donations/me/payroll-pledges', { as: 'workplaceMember', method: 'POST', body: pledgeFor(), key });
    expect(response.status).toBe(201);
    const pledge = (await response.json()) as PayrollPledge;
    expect(pledge).toMatchObject({
      status: 'Active',
      pageType: 'GIFT',
      workplace: { name: 'Tasman Engineering' },
      charity: { name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
      gift: { id: gift.id, title: gift.title, productUrl: 'feed-a-kiwi-chick' },
      quantity: 2,
      amount: gift.price,
      total: { cents: gift.price.cents * 2, currency: 'NZD' },
      donationFrequency: 'EveryPayCycle',
      isAnonymous: false,
    });

    // A retry (a lost reply) gets the same pledge, and stores nothing more; the key with another request is refused.
    const retry = await api('/donations/me/payroll-pledges', { as: 'workplaceMember', method: 'POST', body: pledgeFor(), key });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(pledge);
    const reused = await api('/donations/me/payroll-pledges', { as: 'workplaceMember', method: 'POST', body: pledgeFor({ productQuantity: 5 }), key });
    expect(reused.status).toBe(422);
    const list = (await (await api('/donations/me/payroll-pledges', { as: 'workplaceMember' })).json()) as PayrollPledgeList;
    expect(list.items.filter((item) => item.createdAt === pledge.createdAt && item.gift?.id === gift.id)).toEqual([pledge]);

    const wiremu = (await (await api('/accounts/me', { as: 'workplaceMember' })).json()) as AdminMenu;
    await expect
      .poll(async () => (await client.eventsOf('PayrollPledgeCreated')).filter((event) => event.detail.metadata.id === pledge.pledgeId).map((event) => event.detail.data), {
        timeout: 10_000,
        interval: 200,
      })
      .toEqual([
        {
          pledgeId: pledge.pledgeId,
          memberId: wiremu.primaryAccount.id,
          workplace: pledge.workplace,
          pageType: 'GIFT',
          country: 'nz',
          charity: pledge.charity,
          gift: pledge.gift,
          quantity: 2,
          amount: pledge.amount,
          total: pledge.total,
          donationFrequency: 'EveryPayCycle',
          isAnonymous: false,
          createdAt: pledge.createdAt,
        },
      ]);
  });

  it('Wiremu cancels a pledge: it lists as Cancelled and PayrollPledgeCancelled tells the workplace service', async () => {
    const created = await api('/donations/me/payroll-pledges', {
      as: 'workplaceMember',
      method: 'POST',
      body: { pageType: 'CHARITY', country: 'nz', charityId: gift.charity.id, amount: 1000, donationFrequency: 'OnceOff', anonymousDonation: true },
      key: `payroll-${crypto.randomUUID()}`,
    });
    expect(created.status).toBe(201);
    const pledge = (await created.json()) as PayrollPledge;
    expect(pledge).toMatchObject({ pageType: 'CHARITY', quantity: 1, total: { cents: 1000, currency: 'NZD' }, isAnonymous: true });

    expect((await api(`/donations/me/payroll-pledges/${pledge.pledgeId}`, { as: 'donor', method: 'DELETE' })).status).toBe(404);
    expect((await api(`/donations/me/payroll-pledges/${pledge.pledgeId}`, { as: 'workplaceMember', method: 'DELETE' })).status).toBe(204);
    const list = (await (await api('/donations/me/payroll-pledges', { as: 'workplaceMember' })).json()) as PayrollPledgeList;
    expect(list.items.find((item) => item.pledgeId === pledge.pledgeId)).toMatchObject({ status: 'Cancelled', cancelledAt: expect.any(String) });
    await expect
      .poll(async () => (await client.eventsOf('PayrollPledgeCancelled')).filter((event) => event.detail.data.pledgeId === pledge.pledgeId).length, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(1);
  });

  it('Dana, who belongs to no workplace, is refused with 403 and nothing is stored', async () => {
    const response = await api('/donations/me/payroll-pledges', { as: 'donor', method: 'POST', body: pledgeFor(), key: `payroll-${crypto.randomUUID()}` });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe(PAYROLL_NEEDS_WORKPLACE_MESSAGE);
    expect(await (await api('/donations/me/payroll-pledges', { as: 'donor' })).json()).toEqual({ items: [] });
  });

  it('an amount under $1 is refused with the spec’s message, naming the field', async () => {
    const response = await api('/donations/me/payroll-pledges', { as: 'workplaceMember', method: 'POST', body: pledgeFor({ productAmount: 50 }), key: `payroll-${crypto.randomUUID()}` });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.productAmount', message: 'Invalid Amount!' }]);
  });
});
