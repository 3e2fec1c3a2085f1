import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { BackOfficePaymentDetail, Refund } from '@giving/shared/contracts/back-office-payments';
import type { CharityDonationsDashboard, CharityVolunteeringDashboard, CurrencyDonations, PlatformDonationsDashboard } from '@giving/shared/contracts/dashboards';
import type { FundraisePaymentRequest, Gift, GiftPaymentRequest, MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import type { GivingSummary } from '@giving/shared/contracts/workplace-reports';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { apiCaller, eventually, platformClient, startTestPlatform, withFee } from './platform';

/**
 * The consoles' dashboards (issue 17 item 6) through the real local platform: a guest's gift, a workplace member's gift
 * and a guest's donation to a fundraising page, each paid through the API and settled by the payment workflow, reach
 * the charity's dashboard (this month, today's bar, the top gift and page), the back office's platform figures and the
 * member's workplace's summary — from the running figures the donations stream keeps, not from the donations. The
 * waiting work each dashboard counts agrees with the screen it leads to.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const call = apiCaller(() => platform, tokens);
let kiwiId = '';
let workplaceId = '';
let gift: Gift;
let page: { id: string; title: string; pageUrl: string };

beforeAll(async () => {
  platform = await startTestPlatform(9300);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
  kiwiId = gift.charity.id;
  workplaceId = (await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', { role: 'workplaceAdmin' })).body.corporateAssociations[0]!.corporateId;
  const walk = (await call<{ pages: { id: string; title: string; pageUrl: string }[] }>('/fundraising/events/kiwi-coast-walk-2027')).body;
  page = walk.pages.find((p) => p.pageUrl === 'dana-walks-for-kiwi')!;
  // Donations learns the pages from fundraising's PageModified documents: wait until it knows this one (400, not 404).
  await eventually(
    async () => (await call(`/fundraising/pages/${page.id}/donate`, { method: 'POST', body: {}, headers: { 'idempotency-key': `probe-${crypto.randomUUID()}` } })).status,
    (status) => status === 400,
    30_000,
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const key = () => ({ 'idempotency-key': `dashboard-${crypto.randomUUID()}` });
const donor = () => ({ firstName: 'Jane', lastName: 'Donor', email: `jane.${crypto.randomUUID().slice(0, 8)}@example.com` });

async function paid(path: string, body: unknown, role?: DemoRole): Promise<string> {
  const response = await call<{ trackingNumber: string }>(path, { method: 'POST', body, headers: key(), ...(role ? { role } : {}) });
  expect(response.status).toBe(202);
  expect((await client.settle(response.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
  return response.body.trackingNumber;
}

/** The back office refunds the payment (all that is left, or `amount` of the donation) and the workflow completes it. */
async function refunded(trackingNumber: string, amount?: number): Promise<void> {
  const path = `/donations/backoffice/payments/${trackingNumber}`;
  const asked = await call<{ refund: Refund }>(`${path}/refunds`, { method: 'POST', role: 'backOffice', body: { ...(amount ? { amount } : {}), reason: 'Gave twice by mistake' }, headers: key() });
  expect(asked.status).toBe(202);
  const detail = await eventually(
    () => call<BackOfficePaymentDetail>(path, { role: 'backOffice' }),
    (answer) => answer.body.refunds.some((refund) => refund.refundId === asked.body.refund.refundId && refund.status !== 'Requested'),
    20_000,
  );
  expect(detail.body.refunds.find((refund) => refund.refundId === asked.body.refund.refundId)?.status).toBe('Completed');
}

const charityDashboard = async () => (await call<CharityDonationsDashboard>(`/donations/charity/${kiwiId}/dashboard`, { role: 'charityAdmin' })).body;
const platformDashboard = async () => (await call<PlatformDonationsDashboard>('/donations/backoffice/dashboard', { role: 'backOffice' })).body;
const summary = async (role: DemoRole = 'workplaceAdmin') => (await call<GivingSummary>(`/workplace/${workplaceId}/reports/summary`, { role })).body;
const nzd = (dashboard: { donations: CurrencyDonations[] }) => dashboard.donations.find((line) => line.currency === 'NZD')!;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** This month's donations and amount on the charity's dashboard, its gift's line, the platform's and the workplace's. */
const figures = async () => {
  const [charity, office, workplace] = [await charityDashboard(), await platformDashboard(), await summary()];
  const top = charity.topGifts.find((line) => line.giftId === gift.id);
  return {
    charity: [nzd(charity).thisMonth.donations, nzd(charity).thisMonth.amount.cents],
    gift: [top?.donations ?? 0, top?.amount.cents ?? 0],
    platform: [nzd(office).thisMonth.donations, nzd(office).thisMonth.amount.cents],
    workplace: [workplace.thisMonth.donations, workplace.thisMonth.amount.cents],
  };
};

describe('the dashboards', () => {
  it('show donations made through the API: this month, today, the top gift and page, the platform and the workplace', async () => {
    const [charityBefore, platformBefore, workplaceBefore] = [await charityDashboard(), await platformDashboard(), await summary()];
    const today = Number(localDay(new Date(), COUNTRY_TIME_ZONES.nz).slice(8, 10)) - 1;
    const giftBefore = charityBefore.topGifts.find((top) => top.giftId === gift.id);

    // A guest gives two of the gift; Wiremu, a Tasman Engineering member, one signed in; a guest gives $20 to Dana's page.
    const giftPayment = { pageType: 'GIFT', country: 'nz', giftId: gift.id, donationAmount: gift.price.cents, supportingAmount: 0, paymentType: 'CARD', isRecurring: false, isAnonymous: false } as const;
    await paid(
      '/donations/payments',
      withFee({ ...giftPayment, quantity: 2, receiptName: 'Jane Donor', donor: donor(), card: await client.cardToken(TEST_CARDS.approve) } as Omit<GiftPaymentRequest, 'transactionFeeCents'>),
    );
    await paid(
      '/donations/me/payments',
      withFee({ ...giftPayment, quantity: 1, receiptName: 'Wiremu Parata', card: await client.cardToken(TEST_CARDS.approve, 'Wiremu Parata') } as Omit<MemberGiftPaymentRequest, 'transactionFeeCents'>),
      'workplaceMember',
    );
    await paid(
      `/fundraising/pages/${page.id}/donate`,
      withFee({
        pageType: 'FUNDRAISE',
        country: 'nz',
        donationAmount: 2000,
        quantity: 1,
        supportingAmount: 0,
        paymentType: 'CARD',
        isRecurring: false,
        isAnonymous: false,
        receiptName: 'Jane Donor',
        isMessageAnonymous: false,
        donor: donor(),
        card: await client.cardToken(TEST_CARDS.approve),
      } as Omit<FundraisePaymentRequest, 'transactionFeeCents'>),
    );
    const given = 3 * gift.price.cents + 2000;

    // The donations stream counts each completed donation moments after the workflow records it.
    const charity = await eventually(charityDashboard, (dashboard) => nzd(dashboard).thisMonth.donations === nzd(charityBefore).thisMonth.donations + 3);
    expect(nzd(charity).thisMonth.donations).toBe(nzd(charityBefore).thisMonth.donations + 3);
    expect(nzd(charity).thisMonth.amount.cents).toBe(nzd(charityBefore).thisMonth.amount.cents + given);
    expect(nzd(charity).thisMonth.byDay[today]).toBe((nzd(charityBefore).thisMonth.byDay[today] ?? 0) + given);
    expect(sum(nzd(charity).thisMonth.byDay)).toBe(nzd(charity).thisMonth.amount.cents);
    expect(nzd(charity).lastMonth).toEqual(nzd(charityBefore).lastMonth);
    expect(charity.topGifts.find((top) => top.giftId === gift.id)).toMatchObject({
      title: gift.title,
      donations: (giftBefore?.donations ?? 0) + 2,
      amount: { cents: (giftBefore?.amount.cents ?? 0) + 3 * gift.price.cents, currency: 'NZD' },
    });
    expect(charity.topPages.find((top) => top.pageId === page.id)).toMatchObject({ title: page.title, pageUrl: page.pageUrl, eventUrl: 'kiwi-coast-walk-2027', donations: 1, amount: { cents: 2000 } });
    expect(charity.topGifts.map((top) => top.amount.cents)).toEqual([...charity.topGifts.map((top) => top.amount.cents)].sort((a, b) => b - a));

    // The back office sees the same donations among the platform's.
    const office = await platformDashboard();
    expect(office.donations.map((line) => line.currency)).toEqual(['NZD', 'AUD']);
    expect(nzd(office).thisMonth.donations - nzd(platformBefore).thisMonth.donations).toBe(3);
    expect(nzd(office).thisMonth.amount.cents - nzd(platformBefore).thisMonth.amount.cents).toBe(given);

    // Tasman Engineering's summary counts its member's gift (workplace keeps it from DonationCompleted).
    const workplace = await eventually(summary, (figures) => figures.thisMonth.donations === workplaceBefore.thisMonth.donations + 1);
    expect(workplace.thisMonth.amount.cents).toBe(workplaceBefore.thisMonth.amount.cents + gift.price.cents);
    expect(workplace.byDay.thisMonth[today]).toBe((workplaceBefore.byDay.thisMonth[today] ?? 0) + gift.price.cents);
    expect(sum(workplace.byDay.thisMonth)).toBe(workplace.thisMonth.amount.cents);
    expect(workplace.lastMonth.month < workplace.month).toBe(true);
    expect(workplace.topCharitiesThisMonth.find((top) => top.charityId === kiwiId)?.amount.cents).toBeGreaterThanOrEqual(gift.price.cents);
  });

  it('take a refund off: a part refund its amount, the rest the donation itself, on the charity’s, the platform’s and the workplace’s', async () => {
    const giftPayment = { pageType: 'GIFT', country: 'nz', giftId: gift.id, donationAmount: gift.price.cents, supportingAmount: 0, paymentType: 'CARD', isRecurring: false, isAnonymous: false } as const;
    const before = await figures();
    const trackingNumber = await paid(
      '/donations/me/payments',
      withFee({ ...giftPayment, quantity: 2, receiptName: 'Wiremu Parata', card: await client.cardToken(TEST_CARDS.approve, 'Wiremu Parata') } as Omit<MemberGiftPaymentRequest, 'transactionFeeCents'>),
      'workplaceMember',
    );
    const given = 2 * gift.price.cents;
    const plus = (line: number[], donations: number, cents: number) => [line[0]! + donations, line[1]! + cents];
    const everywhere = (donations: number, cents: number) => ({
      charity: plus(before.charity, donations, cents),
      gift: plus(before.gift, donations, cents),
      platform: plus(before.platform, donations, cents),
      workplace: plus(before.workplace, donations, cents),
    });
    // Counted everywhere first (the donations stream, workplace's queue), then refunded: a part, then the rest.
    const same = (expected: object) => (now: object) => JSON.stringify(now) === JSON.stringify(expected);
    expect(await eventually(figures, same(everywhere(1, given)))).toEqual(everywhere(1, given));
    await refunded(trackingNumber, 1000);
    expect(await eventually(figures, same(everywhere(1, given - 1000)))).toEqual(everywhere(1, given - 1000));
    await refunded(trackingNumber);
    expect(await eventually(figures, same(everywhere(0, 0)))).toEqual(everywhere(0, 0));
  });

  it('count the workplace’s waiting work as its screens list it, and only for those who may open them', async () => {
    const figures = await summary();
    const external = (await call<{ items: { status: string }[] }>(`/workplace/${workplaceId}/external-donations`, { role: 'workplaceAdmin' })).body.items;
    const batches = (await call<{ items: { status: string }[] }>(`/workplace/${workplaceId}/payroll-batches`, { role: 'workplaceAdmin' })).body.items;
    expect(figures.waiting).toEqual({
      externalDonations: external.filter((donation) => donation.status === 'Pending').length,
      payrollBatchesToReconcile: batches.filter((batch) => batch.status === 'Ready').length,
      payrollBatchesToConfirm: batches.filter((batch) => batch.status === 'Reconciled').length,
    });
    // A content admin sees the giving, but nothing of the payments they may not open.
    expect((await summary('contentAdmin')).waiting).toEqual({});
  });

  it('count the charity’s volunteering and the applications waiting for it, as its applications screen lists them', async () => {
    const response = await call<CharityVolunteeringDashboard>(`/volunteering/charity/${kiwiId}/dashboard`, { role: 'charityAdmin' });
    expect(response.status).toBe(200);
    const applications = (await call<{ items: { status: string }[] }>(`/volunteering/charity/${kiwiId}/volunteer/application`, { role: 'charityAdmin' })).body.items;
    expect(response.body.applicationsToReview).toBe(applications.filter((application) => application.status === 'Applied').length);
    expect(response.body.feedbackToGive).toBe(applications.filter((application) => ['Completed', 'UserFeedbackGiven'].includes(application.status)).length);
    expect(response.body.thisMonth.month > response.body.lastMonth.month).toBe(true);
  });

  it('are the dashboards of their own charity and of the back office only', async () => {
    expect((await call(`/donations/charity/${kiwiId}/dashboard`, { role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(`/volunteering/charity/${kiwiId}/dashboard`, { role: 'donor' })).status).toBe(403);
    expect((await call('/donations/backoffice/dashboard', { role: 'charityAdmin' })).status).toBe(403);
    expect((await call('/donations/backoffice/dashboard')).status).toBe(401);
  });
});
