import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORE_THAN_OWED, type MatchingPaymentList } from '@giving/shared/contracts/matching-payments';
import { EVENT_BUS_NAME } from '@giving/shared/manifest';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import type { Campaign, CampaignInput, CampaignList, CampaignRestrictions, PublicCampaignList } from '@giving/shared/contracts/matching';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift, MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { DEMO_CAMPAIGN_NAME } from '../../tools/local/src/seed/matching';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { apiCaller, eventually, pause, platformClient, startTestPlatform, withFee } from './platform';

/**
 * Matching campaigns end to end through the real local API, given the seeded demo: Tasman Engineering's admin lists,
 * creates, edits and restricts campaigns in its own workplace only; the gift page's public call answers the active
 * campaigns on a gift with what a donor may see, and stops answering one once it is switched off.
 */
let platform: RunningPlatform;
const tokens = new Map<DemoRole, string>();
let workplaceId = '';
let otherWorkplaceId = '';
let kiwiChickId = '';
let fillParcelId = '';

const call = apiCaller(() => platform, tokens);

beforeAll(async () => {
  platform = await startTestPlatform(6800);
  const client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const me = await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', { role: 'workplaceAdmin' });
  workplaceId = me.body.corporateAssociations[0]!.corporateId;
  const other = await call<{ id: string }>('/accounts/backoffice/workplaces', { method: 'POST', role: 'backOffice', body: { name: 'Other Workplace Ltd', country: 'nz' } });
  otherWorkplaceId = other.body.id;
  kiwiChickId = (await call<{ id: string }>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body.id;
  const gifts = await call<{ items: { id: string; productUrl: string }[] }>('/donations/charities/kiwi-coast-rescue/gifts');
  fillParcelId = gifts.body.items.find((gift) => gift.id !== kiwiChickId)!.id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const campaigns = (id = workplaceId) => `/matching/workplace/${id}/campaigns`;
const input = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: 'Winter match',
  description: 'Half again on every gift this winter.',
  givingType: 'CreditCard',
  recurrenceType: 'OnceOff',
  matchRatio: 0.5,
  memberCap: 25_000,
  entryCap: 0,
  campaignCap: 500_000,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Employee',
  moduleType: 'DollarHandle',
  items: [{ id: fillParcelId, name: 'A second gift' }, { id: kiwiChickId, name: 'Feed a kiwi chick for a week' }],
  startsOn: '2026-01-01',
  endsOn: '2099-12-31',
  active: true,
  ...overrides,
});

describe('matching campaigns', () => {
  it('given the demo, the gift page’s public call answers the seeded campaign with what a donor may see', async () => {
    const response = await call<PublicCampaignList>(`/matching/campaigns/product/${kiwiChickId}`);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      expect.objectContaining({ name: DEMO_CAMPAIGN_NAME, workplaceName: 'Tasman Engineering', matchRatio: 1, memberCap: 50_000, memberType: 'Employee', currency: 'NZD' }),
    ]);
    expect(response.body.items[0]).not.toHaveProperty('items');
    expect(response.body.items[0]).not.toHaveProperty('restrictions');
    expect((await call<PublicCampaignList>('/matching/campaigns/product/01KDEM0GFT0000000000000099')).body).toEqual({ items: [] });
    // Not an id at all: refused at the edge, naming the parameter.
    expect((await call('/matching/campaigns/product/NOSUCHGIFT')).status).toBe(400);
  });

  it('lets only the workplace’s admins (and the back office) into its console calls', async () => {
    expect((await call(campaigns())).status).toBe(401);
    expect((await call(campaigns(), { method: 'POST', body: input() })).status).toBe(401);
    expect((await call(campaigns(), { role: 'workplaceMember' })).status).toBe(403);
    expect((await call(campaigns(), { role: 'contentAdmin' })).status).toBe(403);
    expect((await call(campaigns(), { role: 'donor' })).status).toBe(403);
    // Tasman's admin is another workplace's stranger.
    expect((await call(campaigns(otherWorkplaceId), { role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(campaigns(otherWorkplaceId), { method: 'POST', role: 'workplaceAdmin', body: input() })).status).toBe(403);
    const list = await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c) => [c.name, c.status])).toEqual([[DEMO_CAMPAIGN_NAME, 'Active']]);
    expect((await call<CampaignList>(campaigns(otherWorkplaceId), { role: 'backOffice' })).body).toEqual({ items: [] });
  });

  it('creates, edits, switches off and restricts a campaign; the public call follows', async () => {
    type Problem = { errors: { field: string; message: string }[] };
    const bad = await call<Problem>(campaigns(), { method: 'POST', role: 'workplaceAdmin', body: { ...input(), matchRatio: 0, name: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ field: 'body.matchRatio', message: 'Invalid Input!' }, { field: 'body.name', message: 'Required Field!' }]));
    const backwards = await call<Problem>(campaigns(), { method: 'POST', role: 'workplaceAdmin', body: input({ endsOn: '2025-01-01' }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: 'body.endsOn', message: 'The end date must not be before the start date.' }]);
    expect((await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' })).body.items).toHaveLength(1); // nothing written

    const created = await call<Campaign>(campaigns(), { method: 'POST', role: 'workplaceAdmin', body: input() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Winter match', workplace: { id: workplaceId, name: 'Tasman Engineering' }, status: 'Active', restrictions: { employmentTypes: [], businessUnitIds: [] } });
    const campaign = `${campaigns()}/${created.body.id}`;
    expect((await call<Campaign>(campaign, { role: 'workplaceAdmin' })).body).toEqual(created.body);
    expect((await call(`${campaigns(otherWorkplaceId)}/${created.body.id}`, { role: 'backOffice' })).status).toBe(404);
    expect((await call(campaign, { role: 'workplaceMember' })).status).toBe(403);

    const onKiwi = async () => (await call<PublicCampaignList>(`/matching/campaigns/product/${kiwiChickId}`)).body.items.map((c) => c.name).sort();
    expect(await onKiwi()).toEqual([DEMO_CAMPAIGN_NAME, 'Winter match'].sort());
    expect((await call<PublicCampaignList>(`/matching/campaigns/product/${fillParcelId}`)).body.items.map((c) => c.name)).toEqual(['Winter match']);

    // Off the kiwi gift, then switched off: the public call follows at once.
    const edited = await call<Campaign>(campaign, { method: 'PUT', role: 'workplaceAdmin', body: input({ items: [{ id: fillParcelId }], matchRatio: 1.5 }) });
    expect(edited.status).toBe(200);
    expect(edited.body.matchRatio).toBe(1.5);
    expect(await onKiwi()).toEqual([DEMO_CAMPAIGN_NAME]);
    const off = await call<Campaign>(campaign, { method: 'PUT', role: 'workplaceAdmin', body: input({ items: [{ id: fillParcelId }], active: false }) });
    expect(off.body.status).toBe('Inactive');
    expect((await call<PublicCampaignList>(`/matching/campaigns/product/${fillParcelId}`)).body.items).toEqual([]);
    expect((await call(campaign, { method: 'PUT', role: 'workplaceMember', body: input() })).status).toBe(403);
    expect((await call(`${campaigns()}/01KDEM0CMPGN00000000000099`, { method: 'PUT', role: 'workplaceAdmin', body: input() })).status).toBe(404);
    expect((await call(`${campaigns()}/NOSUCHCAMPAIGN`, { method: 'PUT', role: 'workplaceAdmin', body: input() })).status).toBe(400);

    const restrictions: CampaignRestrictions = { employmentTypes: ['Permanent'], businessUnitIds: [] };
    expect((await call(`${campaign}/restrictions`, { role: 'workplaceAdmin' })).body).toEqual({ employmentTypes: [], businessUnitIds: [] });
    expect((await call(`${campaign}/restrictions`, { method: 'PUT', role: 'workplaceAdmin', body: restrictions })).body).toEqual(restrictions);
    expect((await call(`${campaign}/restrictions`, { method: 'PUT', role: 'workplaceAdmin', body: { employmentTypes: ['Intern'], businessUnitIds: [] } })).status).toBe(400);
    expect((await call(`${campaign}/restrictions`, { method: 'PUT', role: 'workplaceMember', body: restrictions })).status).toBe(403);
    expect((await call(`${campaign}/restrictions`)).status).toBe(401);
    expect((await call<Campaign>(campaign, { role: 'workplaceAdmin' })).body.restrictions).toEqual(restrictions);
  });

  it("matches a permanent employee's card gift once, within the member's cap; a donor outside the workplace gets nothing; stats equal the transactions", async () => {
    const client = platformClient(platform);
    const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
    const campaign = (await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' })).body.items.find((c) => c.name === DEMO_CAMPAIGN_NAME)!;
    const give = async (role: DemoRole, quantity: number) => {
      const body: MemberGiftPaymentRequest = withFee({
        pageType: 'GIFT',
        country: 'nz' as const,
        giftId: gift.id,
        donationAmount: gift.price.cents,
        quantity,
        supportingAmount: 0,
        paymentType: 'CARD',
        isRecurring: false,
        isAnonymous: false,
        receiptName: 'A member',
        card: await client.cardToken(TEST_CARDS.approve),
      });
      const answer = await call<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', role, body, headers: { 'idempotency-key': `match-${crypto.randomUUID()}` } });
      expect(answer.status).toBe(202);
      expect((await client.settle(answer.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
      return answer.body.trackingNumber;
    };
    const stats = () => call<{ matchedAmount: number; donationsMatched: number; remainingCap: number | null; campaignCap: number }>(`${campaigns()}/${campaign.id}/stats`, { role: 'workplaceAdmin' });
    const transactions = () => call<{ items: { donationId: string; memberId: string; amount: number; donationAmount: number }[] }>(`${campaigns()}/${campaign.id}/transactions`, { role: 'workplaceAdmin' });

    // Dana gives first: by the time Wiremu's later gift is matched, hers has been through matching too.
    const danas = await give('donor', 1);
    const wiremus = await give('workplaceMember', 2);
    const matched = await eventually(transactions, (answer) => answer.body.items.some((item) => item.donationId === wiremus));
    // Dollar for dollar on the gift's amount x quantity (no tip), within the $500 member cap.
    const bonus = matched.body.items.find((item) => item.donationId === wiremus)!;
    expect(bonus).toMatchObject({ amount: Math.min(gift.price.cents * 2, 50_000), donationAmount: gift.price.cents * 2, memberId: expect.any(String) });
    // Dana is no member of Tasman Engineering: her gift is not matched.
    expect(matched.body.items.some((item) => item.donationId === danas)).toBe(false);
    const figures = (await stats()).body;
    expect(figures.matchedAmount).toBe(matched.body.items.reduce((sum, item) => sum + item.amount, 0));
    expect(figures.donationsMatched).toBe(matched.body.items.length);
    expect(figures.remainingCap).toBe(figures.campaignCap - figures.matchedAmount);
    expect((await stats()).status).toBe(200);
    expect((await call(`${campaigns()}/${campaign.id}/stats`, { role: 'workplaceMember' })).status).toBe(403);
    expect((await call(`${campaigns(otherWorkplaceId)}/${campaign.id}/transactions`, { role: 'backOffice' })).status).toBe(404);
  });

  it("a fundraising campaign listing an event matches a member's gift to one of its pages, within the page's entry cap; the page shows it as matched, apart from online", async () => {
    const client = platformClient(platform);
    type PageView = { id: string; eventUrl: string; pageUrl: string; onlineAmount: number; matchedAmount: number; donatedAmount: number };
    const walk = (await call<{ id: string; title: string; pages: PageView[] }>('/fundraising/events/kiwi-coast-walk-2027')).body;
    const dana = walk.pages.find((page) => page.pageUrl === 'dana-walks-for-kiwi')!;
    const readPage = async () => (await call<PageView>(`/fundraising/events/kiwi-coast-walk-2027/pages/dana-walks-for-kiwi`)).body;
    const created = await call<Campaign>(campaigns(), {
      method: 'POST',
      role: 'workplaceAdmin',
      body: input({ name: 'Walk match', givingType: 'Any', recurrenceType: 'Any', matchRatio: 1, memberCap: 0, entryCap: 1_000, campaignCap: 0, moduleType: 'Fundraising', items: [{ id: walk.id, name: walk.title }] }),
    });
    expect(created.status).toBe(201);
    // Spec 2 §7 "get for page": public, what a donor may see; a campaign listing the event applies to each of its pages.
    const forPage = (query: string) => call<PublicCampaignList>(`/matching/campaigns/page/${dana.id}${query}`);
    expect((await forPage(`?eventId=${walk.id}`)).body.items).toEqual([expect.objectContaining({ name: 'Walk match', workplaceName: 'Tasman Engineering', entryCap: 1_000 })]);
    expect((await forPage(`?eventId=${walk.id}`)).body.items[0]).not.toHaveProperty('items');
    expect((await forPage('')).body.items).toEqual([]);
    expect((await forPage('?eventId=not-an-id')).status).toBe(400);
    const before = await readPage();
    const request = withFee({
      pageType: 'FUNDRAISE' as const,
      country: 'nz' as const,
      donationAmount: 1500,
      quantity: 1,
      supportingAmount: 0,
      paymentType: 'CARD' as const,
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Wiremu Parata',
      isMessageAnonymous: false,
      card: await client.cardToken(TEST_CARDS.approve, 'Wiremu Parata'),
    });
    // Donations learns the pages from fundraising's documents: the page may take a moment to be known.
    const accepted = await eventually(
      () => call<{ trackingNumber: string }>(`/fundraising/me/pages/${dana.id}/donate`, { method: 'POST', role: 'workplaceMember', body: request, headers: { 'idempotency-key': `walk-${crypto.randomUUID()}` } }),
      (answer) => answer.status === 202,
    );
    expect((await client.settle(accepted.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
    // $15.00 given, matched dollar for dollar up to the page's $10.00 entry cap.
    const after = await eventually(readPage, (page) => page.matchedAmount === before.matchedAmount + 1_000);
    expect(after.onlineAmount).toBe(before.onlineAmount + 1500);
    expect(after.donatedAmount).toBe(before.donatedAmount + 1500 + 1_000);
    const ledger = await call<{ items: { donationId: string; amount: number }[] }>(`${campaigns()}/${created.body.id}/transactions`, { role: 'workplaceAdmin' });
    expect(ledger.body.items).toEqual([expect.objectContaining({ donationId: accepted.body.trackingNumber, amount: 1_000 })]);
  });

  it('a Voucher campaign matches by giving the member a gift voucher worth the bonus, e-mailed with its code, which they can give with', async () => {
    const client = platformClient(platform);
    const wiremu = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
    const parcel = (await call<Gift>(`/donations/gifts/kiwi-coast-rescue/${(await call<{ items: { id: string; productUrl: string }[] }>('/donations/charities/kiwi-coast-rescue/gifts')).body.items.find((g) => g.id === fillParcelId)!.productUrl}`)).body;
    const created = await call<Campaign>(campaigns(), {
      method: 'POST',
      role: 'workplaceAdmin',
      body: input({ name: 'Give twice', givingType: 'CreditCard', recurrenceType: 'Any', matchRatio: 0.5, memberCap: 0, campaignCap: 0, matchType: 'Voucher', items: [{ id: fillParcelId, name: parcel.title }] }),
    });
    expect(created.status).toBe(201);
    const body: MemberGiftPaymentRequest = withFee({
      pageType: 'GIFT',
      country: 'nz' as const,
      giftId: parcel.id,
      donationAmount: parcel.price.cents,
      quantity: 1,
      supportingAmount: 0,
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Wiremu Parata',
      card: await client.cardToken(TEST_CARDS.approve),
    });
    const answer = await call<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', role: 'workplaceMember', body, headers: { 'idempotency-key': `voucher-match-${crypto.randomUUID()}` } });
    expect((await client.settle(answer.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');

    const bonus = Math.floor(parcel.price.cents / 2);
    const mail = await eventually(
      async () => (await client.receiptsFor(wiremu.email)).find((m) => m.subject === 'Tasman Engineering matched your donation with a Koha gift voucher'),
      (found) => found !== undefined,
    );
    expect(mail!.text).toContain('(Give twice)');
    const code = /Voucher code: ([A-Z0-9]{8})/.exec(mail!.text)?.[1] ?? '';
    const lookup = await call<{ remainingBalance: { cents: number } }>('/donations/vouchers/lookup', { method: 'POST', body: { code } });
    expect(lookup.body.remainingBalance.cents).toBe(bonus);
    const mine = await call<{ items: { voucherBalance: { cents: number } }[] }>('/donations/me/vouchers', { role: 'workplaceMember' });
    expect(mine.body.items.some((v) => v.voucherBalance.cents === bonus)).toBe(true);
    const ledger = await call<{ items: { donationId: string; amount: number; matchType: string }[] }>(`${campaigns()}/${created.body.id}/transactions`, { role: 'workplaceAdmin' });
    expect(ledger.body.items).toEqual([expect.objectContaining({ donationId: answer.body.trackingNumber, amount: bonus, matchType: 'Voucher' })]);
  });
});

describe('the checkout’s preview', () => {
  it('tells a member before paying by whom and by how much; tells anyone else nothing; takes nothing', async () => {
    const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
    const query = (amount: number, extra = '') => `/matching/me/preview?charityId=${gift.charity.id}&giftId=${gift.id}&amount=${amount}&currency=NZD&paymentType=CARD${extra}`;
    type Preview = { items: { name: string; workplaceName: string; matchType: string; bonus: { cents: number; currency: string } }[] };
    const campaign = (await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' })).body.items.find((c) => c.name === DEMO_CAMPAIGN_NAME)!;
    const before = (await call<{ matchedAmount: number }>(`${campaigns()}/${campaign.id}/stats`, { role: 'workplaceAdmin' })).body;
    const wiremu = await call<Preview>(query(gift.price.cents * 2), { role: 'workplaceMember' });
    expect(wiremu.status).toBe(200);
    expect(wiremu.body.items).toEqual([{ campaignId: campaign.id, name: DEMO_CAMPAIGN_NAME, workplaceName: 'Tasman Engineering', matchType: 'Donation', bonus: { cents: gift.price.cents * 2, currency: 'NZD' } }]);
    // A donor outside the workplace reads the banner's rules, but no promise.
    expect((await call<Preview>(query(gift.price.cents), { role: 'donor' })).body.items).toEqual([]);
    // Payroll giving is 'Any' giving type here too; a malformed amount names the field; a visitor is not asked.
    expect((await call<Preview>(query(gift.price.cents).replace('CARD', 'PAYROLL'), { role: 'workplaceMember' })).body.items).toHaveLength(1);
    const bad = await call<{ errors: { field: string }[] }>(query(0), { role: 'workplaceMember' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['query.amount']);
    expect((await call(query(gift.price.cents))).status).toBe(401);
    // Nothing was taken from the caps.
    expect((await call<{ matchedAmount: number }>(`${campaigns()}/${campaign.id}/stats`, { role: 'workplaceAdmin' })).body.matchedAmount).toBe(before.matchedAmount);
  });
});

describe('the donor sees the match', () => {
  it('after paying: the thank-you page’s call names the match, the e-mail tells it, and the PDF receipt keeps it apart from the donation', async () => {
    const client = platformClient(platform);
    const wiremu = DEMO_USERS.find((user) => user.role === 'workplaceMember')!;
    const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
    const body: MemberGiftPaymentRequest = withFee({
      pageType: 'GIFT',
      country: 'nz' as const,
      giftId: gift.id,
      donationAmount: gift.price.cents,
      quantity: 1,
      supportingAmount: 0,
      paymentType: 'CARD',
      isRecurring: false,
      isAnonymous: false,
      receiptName: 'Wiremu Parata',
      card: await client.cardToken(TEST_CARDS.approve),
    });
    const answer = await call<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', role: 'workplaceMember', body, headers: { 'idempotency-key': `seen-${crypto.randomUUID()}` } });
    const donationId = answer.body.trackingNumber;
    expect((await client.settle(donationId)).paymentProcessingStatus).toBe('Completed');

    type Matches = { items: { workplaceName: string; campaignName: string; amount: { cents: number; currency: string }; matchType: string }[] };
    const matches = await eventually(
      () => call<Matches>(`/donations/me/donations/${donationId}/matches`, { role: 'workplaceMember' }),
      (found) => found.body.items?.length > 0,
    );
    expect(matches.body.items).toEqual([
      expect.objectContaining({ workplaceName: 'Tasman Engineering', campaignName: DEMO_CAMPAIGN_NAME, amount: { cents: gift.price.cents, currency: 'NZD' }, matchType: 'Donation' }),
    ]);
    // Only the donor's own: another member's call is the same 404 as no donation at all.
    expect((await call(`/donations/me/donations/${donationId}/matches`, { role: 'donor' })).status).toBe(404);
    expect((await call(`/donations/me/donations/${donationId}/matches`)).status).toBe(401);

    const mail = await eventually(
      async () => (await client.receiptsFor(wiremu.email)).find((m) => m.subject === 'Tasman Engineering matched your donation to Kiwi Coast Rescue' && m.text.includes(donationId)),
      (found) => found !== undefined,
    );
    expect(mail!.text).toContain('matched your donation of $25.00 to Kiwi Coast Rescue with $25.00 (Kiwi chick match). Together you have given $50.00.');
    const receipt = await fetch(`${platform.siteUrl}/api/donations/me/donations/${donationId}/receipt`, { headers: { authorization: `Bearer ${tokens.get('workplaceMember')}` } });
    const text = (await pdfText(new Uint8Array(await receipt.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Matched by Tasman Engineering');
    expect(text).toContain('it is not part of yours and you cannot claim it for tax');
    // What the donor can claim is their own $25.00, never the match.
    expect(text).toMatch(/Eligible for a donation tax credit:?\s*\$25\.00/);
  });
});

describe('who qualifies', () => {
  it('each restriction, giving type, recurrence type, the dates and the on switch decide, through the real flow', async () => {
    const client = platformClient(platform);
    const gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
    const settings = (await call<{ businessUnits: { id: string; name: string }[] }>(`/accounts/workplace/${workplaceId}/settings`, { role: 'workplaceAdmin' })).body;
    const unit = (name: string) => settings.businessUnits.find((u) => u.name === name)!.id;
    const nzDay = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(Date.now() + offsetDays * 86_400_000));
    const open = { givingType: 'Any' as const, recurrenceType: 'Any' as const, matchRatio: 1, memberCap: 0, campaignCap: 0, memberType: 'Any' as const, items: [{ id: kiwiChickId }] };
    // Wiremu is a permanent employee in Wellington.
    const rules: { name: string; input: Partial<CampaignInput>; restrictions?: CampaignRestrictions; oneOff: boolean; monthly: boolean; external: boolean }[] = [
      { name: 'Contractors only', input: open, restrictions: { employmentTypes: ['Contractor'], businessUnitIds: [] }, oneOff: false, monthly: false, external: false },
      { name: 'Permanent only', input: open, restrictions: { employmentTypes: ['Permanent'], businessUnitIds: [] }, oneOff: true, monthly: true, external: false },
      { name: 'Wellington only', input: open, restrictions: { employmentTypes: [], businessUnitIds: [unit('Wellington')] }, oneOff: true, monthly: true, external: false },
      { name: 'Auckland only', input: open, restrictions: { employmentTypes: [], businessUnitIds: [unit('Auckland')] }, oneOff: false, monthly: false, external: false },
      { name: 'Card only', input: { ...open, givingType: 'CreditCard' }, oneOff: true, monthly: true, external: false },
      { name: 'Payroll only', input: { ...open, givingType: 'PayrollGiving' }, oneOff: false, monthly: false, external: false },
      { name: 'External only', input: { ...open, givingType: 'ExternalDonation', items: [] }, oneOff: false, monthly: false, external: true },
      { name: 'Regular only', input: { ...open, recurrenceType: 'Recurring' }, oneOff: false, monthly: true, external: false },
      { name: 'One-off only', input: { ...open, recurrenceType: 'OnceOff' }, oneOff: true, monthly: false, external: false },
      { name: 'Starts tomorrow', input: { ...open, startsOn: nzDay(1) }, oneOff: false, monthly: false, external: false },
      { name: 'Ended yesterday', input: { ...open, startsOn: nzDay(-30), endsOn: nzDay(-1) }, oneOff: false, monthly: false, external: false },
      { name: 'Switched off', input: { ...open, active: false }, oneOff: false, monthly: false, external: false },
    ];
    const ids = new Map<string, string>();
    for (const rule of rules) {
      const created = await call<Campaign>(campaigns(), { method: 'POST', role: 'workplaceAdmin', body: input({ ...rule.input, name: rule.name }) });
      expect(created.status, rule.name).toBe(201);
      ids.set(rule.name, created.body.id);
      if (rule.restrictions) expect((await call(`${campaigns()}/${created.body.id}/restrictions`, { method: 'PUT', role: 'workplaceAdmin', body: rule.restrictions })).status).toBe(200);
    }

    const give = async (isRecurring: boolean) => {
      const body: MemberGiftPaymentRequest = withFee({
        pageType: 'GIFT',
        country: 'nz' as const,
        giftId: gift.id,
        donationAmount: gift.price.cents,
        quantity: 1,
        supportingAmount: 0,
        paymentType: 'CARD',
        isRecurring,
        isAnonymous: false,
        receiptName: 'Wiremu Parata',
        card: await client.cardToken(TEST_CARDS.approve),
      });
      const answer = await call<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', role: 'workplaceMember', body, headers: { 'idempotency-key': `rules-${crypto.randomUUID()}` } });
      expect((await client.settle(answer.body.trackingNumber)).paymentProcessingStatus).toBe('Completed');
      return answer.body.trackingNumber;
    };
    const oneOff = await give(false);
    const monthly = await give(true);
    const today = nzDay(0);
    const pdf = Buffer.from('%PDF-1.4\n% a receipt\n%%EOF\n').toString('base64');
    const external = await call<{ id: string }>('/workplace/me/external-donations', {
      role: 'workplaceMember',
      method: 'POST',
      body: { workplaceId, charityName: 'Coastguard New Zealand', amount: 4000, donatedOn: today, receipt: { fileName: 'coastguard.pdf', contentType: 'application/pdf', data: pdf } },
      headers: { 'idempotency-key': `rules-external-${crypto.randomUUID()}` },
    });
    expect(external.status).toBe(201);
    expect((await call(`/workplace/${workplaceId}/external-donations/${external.body.id}/decision`, { role: 'workplaceAdmin', method: 'POST', body: { decision: 'Approve' } })).status).toBe(200);

    const matchedBy = async (name: string) =>
      (await call<{ items: { donationId: string }[] }>(`${campaigns()}/${ids.get(name)}/transactions`, { role: 'workplaceAdmin' })).body.items.map((item) => item.donationId);
    // Wait for every match that should come; then nothing else has come either (each donation meets every campaign at once).
    for (const rule of rules) {
      const expected = [rule.oneOff && oneOff, rule.monthly && monthly, rule.external && external.body.id].filter(Boolean);
      if (expected.length > 0) await eventually(() => matchedBy(rule.name), (found) => expected.every((id) => found.includes(id as string)));
    }
    for (const rule of rules) {
      const found = await matchedBy(rule.name);
      expect({ rule: rule.name, oneOff: found.includes(oneOff), monthly: found.includes(monthly), external: found.includes(external.body.id) }).toEqual({
        rule: rule.name,
        oneOff: rule.oneOff,
        monthly: rule.monthly,
        external: rule.external,
      });
    }
  }, 90_000);
});

describe('redelivery', () => {
  it('a DonationCompleted delivered again matches nothing twice: the campaign’s figures stay as they were', async () => {
    const client = platformClient(platform);
    const campaign = (await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' })).body.items.find((c) => c.name === DEMO_CAMPAIGN_NAME)!;
    const path = `${campaigns()}/${campaign.id}`;
    const before = await call<{ items: { donationId: string }[] }>(`${path}/transactions`, { role: 'workplaceAdmin' });
    const stats = (await call<{ matchedAmount: number; donationsMatched: number }>(`${path}/stats`, { role: 'workplaceAdmin' })).body;
    const matchedId = before.body.items[0]!.donationId;
    const completed = (await client.eventsOf('DonationCompleted')).find((event) => event.detail.data.donationId === matchedId) as unknown as {
      source: string;
      'detail-type': string;
      detail: unknown;
    };
    const bus = new EventBridgeClient({ endpoint: platform.urls.eventBridge, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await bus.send(new PutEventsCommand({ Entries: [{ EventBusName: EVENT_BUS_NAME, Source: completed.source, DetailType: completed['detail-type'], Detail: JSON.stringify(completed.detail) }] }));
    bus.destroy();
    // The bus delivers before PutEvents answers; matching's queue takes it within a second or two.
    await pause(3_000);
    const after = await call<{ items: { donationId: string }[] }>(`${path}/transactions`, { role: 'workplaceAdmin' });
    expect(after.body.items.filter((item) => item.donationId === matchedId)).toHaveLength(1);
    expect((await call(`${path}/stats`, { role: 'workplaceAdmin' })).body).toMatchObject(stats);
  });
});

describe('matching payments', () => {
  type Period = MatchingPaymentList['items'][number];
  const payments = (role: DemoRole = 'workplaceAdmin') => call<MatchingPaymentList>(`/matching/workplace/${workplaceId}/payments`, { role });
  const record = (body: Record<string, unknown>, key: string, role: DemoRole = 'backOffice') =>
    call<{ payment: { paymentId: string; amount: number; recordedBy: string }; period: Period }>('/matching/backoffice/payments', { method: 'POST', role, body, headers: { 'idempotency-key': key } });

  it('the workplace sees what each campaign matched and owes this month: every bonus, the vouchers too', async () => {
    const list = await payments();
    expect(list.status).toBe(200);
    const all = (await call<CampaignList>(campaigns(), { role: 'workplaceAdmin' })).body.items;
    for (const campaign of all) {
      const ledger = (await call<{ items: { amount: number; matchType: string }[] }>(`${campaigns()}/${campaign.id}/transactions`, { role: 'workplaceAdmin' })).body.items;
      const rows = list.body.items.filter((item) => item.campaignId === campaign.id);
      if (ledger.length === 0) {
        expect(rows).toEqual([]);
        continue;
      }
      // Everything in this run was matched this month.
      expect(rows).toHaveLength(1);
      const matched = ledger.reduce((sum, item) => sum + item.amount, 0);
      expect(rows[0]).toMatchObject({
        workplace: { id: workplaceId, name: 'Tasman Engineering' },
        campaignName: campaign.name,
        period: expect.stringMatching(/^\d{4}-\d{2}$/),
        currency: 'NZD',
        matchedAmount: matched,
        donationsMatched: ledger.length,
        paidAmount: 0,
        owedAmount: matched,
        byMatchType: {
          Donation: ledger.filter((item) => item.matchType === 'Donation').reduce((sum, item) => sum + item.amount, 0),
          Voucher: ledger.filter((item) => item.matchType === 'Voucher').reduce((sum, item) => sum + item.amount, 0),
        },
        payments: [],
      });
    }
    expect(list.body.items.some((item) => item.byMatchType.Voucher > 0)).toBe(true);
    expect(list.body.totals).toEqual([
      expect.objectContaining({ currency: 'NZD', matchedAmount: list.body.items.reduce((sum, item) => sum + item.matchedAmount, 0), owedAmount: list.body.items.reduce((sum, item) => sum + item.owedAmount, 0) }),
    ]);
    // Finance's business, not every employee's; another workplace's admin is a stranger.
    expect((await payments('workplaceMember')).status).toBe(403);
    expect((await call(`/matching/workplace/${otherWorkplaceId}/payments`, { role: 'workplaceAdmin' })).status).toBe(403);
    expect((await call(`/matching/workplace/${workplaceId}/payments`)).status).toBe(401);
  });

  it('the invoice, as PDF and CSV, lists the month’s matches and what is due', async () => {
    const row = (await payments()).body.items.find((item) => item.campaignName === DEMO_CAMPAIGN_NAME)!;
    const report = `${campaigns()}/${row.campaignId}/report`;
    const pdf = await fetch(`${platform.siteUrl}/api${report}/pdf?period=${row.period}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="matching-invoice-${DEMO_CAMPAIGN_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${row.period}.pdf"`);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const nzd = (cents: number) => `$${(cents / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2 })}`;
    expect(text).toContain('Matching invoice');
    expect(text).toContain(`M-${row.campaignId}-${row.period.replace('-', '')}`);
    expect(text).toContain('Tasman Engineering');
    expect(text).toContain('Kiwi Coast Rescue');
    expect(text).toMatch(new RegExp(`Amount due:?\\s*${nzd(row.owedAmount).replace('$', '\\$')}`));

    const csv = await fetch(`${platform.siteUrl}/api${report}/csv?period=${row.period}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Invoice,Month,Matched on,Campaign,Donation,Charity,Giving type,Match paid as,Donation amount,Match amount,Currency');
    expect(lines).toHaveLength(row.donationsMatched + 1);
    const matchTotal = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',')[9]) * 100), 0);
    expect(matchTotal).toBe(row.matchedAmount);
    // The back office reads any workplace's invoice; a member, none; a malformed month names the field.
    const statusAs = async (role: DemoRole) =>
      (await fetch(`${platform.siteUrl}/api${report}/csv?period=${row.period}`, { headers: { authorization: `Bearer ${tokens.get(role)}` } })).status;
    expect(await statusAs('backOffice')).toBe(200);
    expect(await statusAs('workplaceMember')).toBe(403);
    const bad = await call<{ errors: { field: string; message: string }[] }>(`${report}/csv?period=2026-13`, { role: 'workplaceAdmin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'query.period', message: 'Choose a month.' }]);
  });

  it('the back office records a payment once, never more than is owed; the workplace sees it paid', async () => {
    const row = (await payments()).body.items.find((item) => item.campaignName === DEMO_CAMPAIGN_NAME)!;
    const owing = await call<MatchingPaymentList>('/matching/backoffice/payments', { role: 'backOffice' });
    expect(owing.status).toBe(200);
    expect(owing.body.items.find((item) => item.campaignId === row.campaignId)).toMatchObject({ owedAmount: row.owedAmount, workplace: { name: 'Tasman Engineering' } });
    const payment = { workplaceId, campaignId: row.campaignId, period: row.period, amount: row.owedAmount - 100, receivedOn: '2026-11-20', reference: 'TASMAN-MATCH-1' };

    // Checked before anything is written: each field in its words.
    const invalid = await record({ ...payment, amount: 0, reference: ' ', period: 'November' }, crypto.randomUUID());
    expect(invalid.status).toBe(400);
    expect((invalid.body as unknown as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual(['body.amount', 'body.period', 'body.reference']);
    expect((await record(payment, crypto.randomUUID(), 'workplaceAdmin')).status).toBe(403);
    const tooMuch = await record({ ...payment, amount: row.owedAmount + 1 }, crypto.randomUUID());
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain(MORE_THAN_OWED);
    expect((await record({ ...payment, period: '2020-01' }, crypto.randomUUID())).status).toBe(404);

    const key = crypto.randomUUID();
    const first = await record(payment, key);
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({ paymentId: key, amount: row.owedAmount - 100, recordedBy: expect.stringMatching(/\S/) });
    expect(first.body.period).toMatchObject({ paidAmount: row.owedAmount - 100, owedAmount: 100 });
    // A retry of the same request records nothing new.
    const again = await record(payment, key);
    expect(again.status).toBe(200);
    expect(again.body.period.owedAmount).toBe(100);
    // The same key for another payment is not a retry: refused, nothing recorded.
    expect((await record({ ...payment, amount: 100 }, key)).status).toBe(422);
    // Two payments racing for the last $1.00: one is recorded, the other is more than is owed.
    const race = await Promise.all([record({ ...payment, amount: 100 }, crypto.randomUUID()), record({ ...payment, amount: 100 }, crypto.randomUUID())]);
    expect(race.map((answer) => answer.status).sort()).toEqual([201, 409]);

    const paid = (await payments()).body.items.find((item) => item.campaignId === row.campaignId)!;
    expect(paid).toMatchObject({ paidAmount: row.matchedAmount, owedAmount: 0 });
    expect(paid.payments.map((p) => [p.amount, p.reference])).toEqual([
      [row.owedAmount - 100, 'TASMAN-MATCH-1'],
      [100, 'TASMAN-MATCH-1'],
    ]);
    expect((await call<MatchingPaymentList>('/matching/backoffice/payments', { role: 'backOffice' })).body.items.some((item) => item.campaignId === row.campaignId)).toBe(false);
    expect((await call<MatchingPaymentList>('/matching/backoffice/payments?status=paid', { role: 'backOffice' })).body.items.map((item) => item.campaignId)).toContain(row.campaignId);
    const invoice = await fetch(`${platform.siteUrl}/api${campaigns()}/${row.campaignId}/report/pdf?period=${row.period}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    const { text } = await pdfText(new Uint8Array(await invoice.arrayBuffer()));
    expect(text).toContain('Payments received');
    expect(text).toContain('TASMAN-MATCH-1');
    expect(text).toContain('Nothing is due for this period.');
  });
});
