import { GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@giving/shared/clock';
import type { EventData } from '@giving/shared/events';
import type { DonationCompleted } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import type { Mailer, OutgoingMail } from '@giving/shared/mail';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import { recordDonationActivity, type DonationActivityDeps } from '../domain/donation-activity';
import { getRecentActivity, getSiteStats } from '../domain/site';
import { dynamoBadgeStore, dynamoEmailTemplateStore } from './dynamo-back-office-content';
import { dynamoDonationActivityStore } from './dynamo-donation-activity';
import { dynamoSiteStore } from './dynamo-site';
import { indexKeys, keys } from './keys';

type Donation = EventData<typeof DonationCompleted>;

const donation = (overrides: Partial<Donation> = {}): Donation => ({
  donationId: newId(),
  trackingNumber: newId(),
  pageType: 'GIFT',
  country: 'nz',
  charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
  gift: { id: 'g1', title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' },
  quantity: 2,
  amount: { cents: 5000, currency: 'NZD' },
  tip: { cents: 500, currency: 'NZD' },
  total: { cents: 5500, currency: 'NZD' },
  paymentType: 'CARD',
  isAnonymous: false,
  receiptName: 'Jane Donor',
  completedAt: new Date().toISOString(),
  ...overrides,
});

function outbox(failures = 0): Mailer & { sent: OutgoingMail[] } {
  let toFail = failures;
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (toFail > 0) {
        toFail--;
        throw new Error('SES is down');
      }
      sent.push(mail);
    },
  };
}

async function setup() {
  const tables = await testTables([accounts]);
  const tableName = tables.tableName('accounts');
  const client = tables.client;
  const badges = dynamoBadgeStore(client, tableName);
  const deps = (mailer: Mailer = outbox()): DonationActivityDeps => ({
    activity: dynamoDonationActivityStore(client, tableName),
    badges,
    templates: dynamoEmailTemplateStore(client, tableName),
    mailer,
    clock: systemClock,
    siteUrl: 'https://koha.test',
  });
  const site = dynamoSiteStore(client, tableName);
  return { client, tableName, badges, deps, site };
}

async function addMember(client: DynamoDBDocumentClient, tableName: string, email: string) {
  const id = newId();
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.memberProfile(id), ...indexKeys.memberByEmail(email), id, email, firstName: 'Aroha', lastName: 'Ngata', adminRoles: [] },
    }),
  );
  return id;
}

const scanAll = async (client: DynamoDBDocumentClient, tableName: string) => {
  const items = (await client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }))).Items ?? [];
  return items.sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
};

describe('recording DonationCompleted (DynamoDB Local)', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup();
  });

  it("adds the event's amount (the gift x quantity, never the tip) to the country's stats and puts an anonymous-safe ticker item", async () => {
    const before = await getSiteStats({ site: ctx.site }, 'nz');
    const event = donation({ isAnonymous: true, receiptName: 'Secret Donor', donorEmail: 'nobody@example.com' });
    await recordDonationActivity(ctx.deps(), event);

    const after = await getSiteStats({ site: ctx.site }, 'nz');
    expect(after.overallDonations).toEqual({ cents: before.overallDonations.cents + 5000, currency: 'NZD' });
    const ticker = await ctx.client.send(
      new GetCommand({ TableName: ctx.tableName, Key: keys.recentActivity('nz', new Date(event.completedAt).toISOString(), event.donationId) }),
    );
    expect(ticker.Item).toMatchObject({
      kind: 'donation',
      id: event.donationId,
      charityName: 'Kiwi Coast Rescue',
      charityUrl: 'kiwi-coast-rescue',
      donationAmount: { cents: 5000, currency: 'NZD' },
      donationDate: new Date(event.completedAt).toISOString(),
    });
    expect(JSON.stringify(ticker.Item)).not.toMatch(/Secret Donor|nobody@example.com/);
    const dayOf = (seconds: number) => Math.round((seconds * 1000 - Date.parse(event.completedAt)) / 86_400_000);
    expect(dayOf(Number(ticker.Item?.expiresAt))).toBe(30);
    const seen = await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.donationSeen(event.donationId) }));
    expect(dayOf(Number(seen.Item?.expiresAt))).toBe(90);
  });

  it('changes nothing when the same event is delivered again, even many times at once', async () => {
    const member = await addMember(ctx.client, ctx.tableName, `again-${newId().toLowerCase()}@example.com`);
    const email = (await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.memberProfile(member) }))).Item?.email as string;
    await ctx.badges.create({ id: newId(), name: 'Starter', description: 'First one.', icon: '⭐', donationCount: 1 }, new Date().toISOString());
    const event = donation({ donorEmail: email });
    const mailer = outbox();
    await recordDonationActivity(ctx.deps(mailer), event);
    const snapshot = await scanAll(ctx.client, ctx.tableName);
    const mails = mailer.sent.length;

    await recordDonationActivity(ctx.deps(mailer), event);
    await Promise.all(Array.from({ length: 5 }, () => recordDonationActivity(ctx.deps(mailer), event)));

    expect(await scanAll(ctx.client, ctx.tableName)).toEqual(snapshot);
    expect(mailer.sent).toHaveLength(mails);
  });

  it('sums 20 concurrent distinct donations exactly', async () => {
    const before = (await getSiteStats({ site: ctx.site }, 'au')).overallDonations.cents;
    const events = Array.from({ length: 20 }, (_, i) =>
      donation({ country: 'au', quantity: 1 + (i % 3), amount: { cents: 1000 + i, currency: 'AUD' }, tip: { cents: 200, currency: 'AUD' } }),
    );
    await Promise.all(events.map((event) => recordDonationActivity(ctx.deps(), event)));
    const expected = events.reduce((sum, e) => sum + e.amount.cents, 0);
    expect((await getSiteStats({ site: ctx.site }, 'au')).overallDonations).toEqual({ cents: before + expected, currency: 'AUD' });
  });

  it('still counts a donation from someone who is not a member, and refuses an unknown country', async () => {
    const before = (await getSiteStats({ site: ctx.site }, 'nz')).overallDonations.cents;
    await recordDonationActivity(ctx.deps(), donation({ donorEmail: 'guest@example.com' }));
    await recordDonationActivity(ctx.deps(), donation({ donorEmail: undefined }));
    expect((await getSiteStats({ site: ctx.site }, 'nz')).overallDonations.cents).toBe(before + 10000);
    await expect(recordDonationActivity(ctx.deps(), donation({ country: 'uk' }))).rejects.toThrow(/unknown country/);
  });
});

describe('badges (DynamoDB Local)', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  const ids = { first: newId(), third: newId(), fifth: newId() };
  beforeAll(async () => {
    ctx = await setup();
    const at = new Date().toISOString();
    await ctx.badges.create({ id: ids.first, name: 'First gift', description: 'Your first donation.', icon: '🌱', donationCount: 1 }, at);
    await ctx.badges.create({ id: ids.third, name: 'Third gift', description: 'Three donations.', icon: '🌿', donationCount: 3 }, at);
    await ctx.badges.create({ id: ids.fifth, name: 'Fifth gift', description: 'Five donations.', icon: '🌳', donationCount: 5 }, at);
  });

  const memberBadges = async (memberId: string) =>
    (await ctx.client.send(new ScanCommand({ TableName: ctx.tableName, ConsistentRead: true }))).Items?.filter(
      (item) => item.pk === `MEMBER#${memberId}` && String(item.sk).startsWith('BADGE#'),
    ) ?? [];

  it('awards each badge once, at its threshold, and e-mails the member once per badge', async () => {
    const email = `aroha-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    const mailer = outbox();
    // The donor's e-mail is matched case-insensitively.
    const give = () => recordDonationActivity(ctx.deps(mailer), donation({ donorEmail: email.toUpperCase() }));

    await give();
    expect((await memberBadges(memberId)).map((b) => b.badgeId)).toEqual([ids.first]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: email, subject: 'You earned the First gift badge' });
    expect(mailer.sent[0]?.text).toContain('Kia ora Aroha');
    expect(mailer.sent[0]?.text).toContain('https://koha.test/admin/user/badges');

    await give();
    expect(await memberBadges(memberId)).toHaveLength(1);
    await give();
    expect((await memberBadges(memberId)).map((b) => b.badgeId).sort()).toEqual([ids.first, ids.third].sort());
    expect(mailer.sent.map((m) => m.subject)).toEqual(['You earned the First gift badge', 'You earned the Third gift badge']);
    const tally = await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.memberTally(memberId) }));
    expect(tally.Item?.donationCount).toBe(3);
    const [stored] = (await memberBadges(memberId)).filter((b) => b.badgeId === ids.first);
    expect(stored).toMatchObject({ badgeId: ids.first, name: 'First gift', icon: '🌱', awardedAt: expect.any(String) });
    expect(stored?.mailPending).toBeUndefined();
  });

  it('a signed-in donation counts for the member it names, whatever its e-mail says', async () => {
    const email = `signed-in-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    const other = `other-${newId().toLowerCase()}@example.com`;
    const otherId = await addMember(ctx.client, ctx.tableName, other);
    const mailer = outbox();
    // The event's e-mail is another member's, in another case: the member id wins.
    await recordDonationActivity(ctx.deps(mailer), donation({ donorMemberId: memberId, donorEmail: other.toUpperCase() }));

    const tally = async (id: string) => (await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.memberTally(id) }))).Item?.donationCount;
    expect(await tally(memberId)).toBe(1);
    expect(await tally(otherId)).toBeUndefined();
    expect((await memberBadges(memberId)).map((b) => b.badgeId)).toEqual([ids.first]);
    expect(mailer.sent.map((m) => m.to)).toEqual([email]);
  });

  it('a member id without a member record falls back to the e-mail, as for a guest', async () => {
    const email = `fallback-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    await recordDonationActivity(ctx.deps(), donation({ donorMemberId: `unknown-${newId()}`, donorEmail: email }));
    expect((await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.memberTally(memberId) }))).Item?.donationCount).toBe(1);
  });

  it('awards each badge exactly once when several donations complete at the same time', async () => {
    const email = `rush-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    const mailer = outbox();
    await Promise.all(Array.from({ length: 6 }, () => recordDonationActivity(ctx.deps(mailer), donation({ donorEmail: email }))));
    expect((await memberBadges(memberId)).map((b) => b.badgeId).sort()).toEqual([ids.first, ids.third, ids.fifth].sort());
    expect(mailer.sent.map((m) => m.subject).sort()).toEqual(
      ['You earned the Fifth gift badge', 'You earned the First gift badge', 'You earned the Third gift badge'].sort(),
    );
  });

  it('sends a badge e-mail that failed when the event is delivered again, and only then', async () => {
    const email = `retry-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    const mailer = outbox(1);
    const event = donation({ donorEmail: email });
    await expect(recordDonationActivity(ctx.deps(mailer), event)).rejects.toThrow('SES is down');
    expect(await memberBadges(memberId)).toHaveLength(1);

    await recordDonationActivity(ctx.deps(mailer), event); // the queue's redelivery
    await recordDonationActivity(ctx.deps(mailer), event);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['You earned the First gift badge']);
    const tally = await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.memberTally(memberId) }));
    expect(tally.Item?.donationCount).toBe(1);
  });

  it("uses the back office's edited template, and keeps awarded badges when a definition is retired", async () => {
    await dynamoEmailTemplateStore(ctx.client, ctx.tableName).put({
      id: 'badge-awarded',
      subject: 'Ka pai, {{firstName}}: {{badgeName}}',
      body: 'Well done. {{badgesUrl}}',
      updatedAt: new Date().toISOString(),
    });
    const email = `edited-${newId().toLowerCase()}@example.com`;
    const memberId = await addMember(ctx.client, ctx.tableName, email);
    const mailer = outbox();
    await recordDonationActivity(ctx.deps(mailer), donation({ donorEmail: email }));
    expect(mailer.sent[0]?.subject).toBe('Ka pai, Aroha: First gift');

    const retired = newId();
    await ctx.badges.create({ id: retired, name: 'Retired', description: 'Gone soon.', icon: '🍂', donationCount: 2 }, new Date().toISOString());
    await recordDonationActivity(ctx.deps(mailer), donation({ donorEmail: email }));
    await ctx.badges.delete(retired);
    expect((await ctx.badges.list()).map((b) => b.id)).not.toContain(retired);
    expect((await memberBadges(memberId)).map((b) => b.badgeId)).toContain(retired);
  });
});

describe('the ticker (DynamoDB Local)', () => {
  it('lists at most 20 recent donations, newest first', async () => {
    const ctx = await setup();
    const base = Date.parse('2026-03-01T00:00:00.000Z');
    const order = Array.from({ length: 25 }, (_, i) => i).sort(() => Math.random() - 0.5);
    const events = order.map((i) => donation({ completedAt: new Date(base + i * 60_000).toISOString() }));
    await Promise.all(events.map((event) => recordDonationActivity(ctx.deps(), event)));

    const { items } = await getRecentActivity({ site: ctx.site }, 'nz');
    expect(items).toHaveLength(20);
    const expected = [...events].sort((a, b) => b.completedAt.localeCompare(a.completedAt)).slice(0, 20);
    expect(items.map((item) => item.id)).toEqual(expected.map((e) => e.donationId));
    expect(items[0]).toEqual({
      kind: 'donation',
      id: expected[0]?.donationId,
      charityName: 'Kiwi Coast Rescue',
      charityUrl: 'kiwi-coast-rescue',
      donationAmount: { cents: 5000, currency: 'NZD' },
      donationDate: expected[0]?.completedAt,
    });
    expect((await getRecentActivity({ site: ctx.site }, 'au')).items).toEqual([]);
  });
});
