import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import { recordVolunteerHours, recordVolunteerSignUp } from '../domain/volunteer-activity';
import { getRecentActivity } from '../domain/site';
import { recordVoucherPurchase, tickerIdOf } from '../domain/voucher-activity';
import { dynamoSiteStore } from './dynamo-site';
import { dynamoVolunteerActivityStore, dynamoVoucherActivityStore } from './dynamo-volunteer-activity';
import { keys } from './keys';

let tables: Awaited<ReturnType<typeof testTables>>;
let activity: ReturnType<typeof dynamoVolunteerActivityStore>;

beforeAll(async () => {
  tables = await testTables([accounts]);
  activity = dynamoVolunteerActivityStore(tables.client, tables.tableName('accounts'));
});

const event = (applicationId: string, hours: number, country: 'nz' | 'au' = 'au') => ({
  applicationId,
  opportunityId: 'opp',
  charityId: 'charity',
  charityName: 'Kiwi Coast Rescue',
  country,
  memberId: 'member',
  hoursPerPerson: hours,
  volunteers: 1,
  hours,
  completedAt: '2026-11-21T09:00:00.000Z',
});

const hoursIn = async (country: string) =>
  Number((await tables.client.send(new GetCommand({ TableName: tables.tableName('accounts'), Key: keys.countryStats(country), ConsistentRead: true }))).Item?.volunteeredHours ?? 0);

describe('volunteered hours in the site stats (DynamoDB Local)', () => {
  it('adds each completed application’s hours once, however often its event arrives', async () => {
    const deps = { activity, clock: fixedClock('2026-11-21T09:00:00Z') };
    const before = await hoursIn('au');
    const id = newId();
    expect(await recordVolunteerHours(deps, event(id, 6))).toBe('recorded');
    expect(await recordVolunteerHours(deps, event(id, 6))).toBe('duplicate');
    expect(await recordVolunteerHours(deps, event(newId(), 2.5))).toBe('recorded');
    expect(await hoursIn('au')).toBe(before + 8.5);
  });

  it('refuses an event it cannot count (no write)', async () => {
    await expect(recordVolunteerHours({ activity, clock: fixedClock('2026-11-21T09:00:00Z') }, { ...event(newId(), 1), country: 'xx' as 'nz' })).rejects.toThrow('unknown country');
  });
});

describe('volunteering sign-ups in the ticker (DynamoDB Local)', () => {
  const signUp = (applicationId: string, createdOn: string) => ({
    applicationId,
    opportunityId: 'opp',
    charityId: 'charity',
    charityName: 'Kiwi Coast Rescue',
    charityUrl: 'kiwi-coast-rescue',
    country: 'nz' as const,
    createdOn,
  });
  const deps = () => ({ activity, clock: fixedClock('2026-11-21T09:00:00Z') });

  it('shows each sign-up once among the recent activity (charity and when, never who), however often it arrives', async () => {
    const id = newId();
    expect(await recordVolunteerSignUp(deps(), signUp(id, '2026-11-21T08:00:00.000Z'))).toBe('recorded');
    expect(await recordVolunteerSignUp(deps(), signUp(id, '2026-11-21T08:00:00.000Z'))).toBe('recorded');
    const { items } = await getRecentActivity({ site: dynamoSiteStore(tables.client, tables.tableName('accounts')) }, 'nz');
    expect(items.filter((item) => item.id === id)).toEqual([{ kind: 'volunteering', id, charityName: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', createdOn: '2026-11-21T08:00:00.000Z' }]);
  });

  it('leaves out a sign-up older than the ticker keeps, and refuses one it cannot place', async () => {
    expect(await recordVolunteerSignUp(deps(), signUp(newId(), '2026-10-01T08:00:00.000Z'))).toBe('tooOld');
    await expect(recordVolunteerSignUp(deps(), { ...signUp(newId(), '2026-11-21T08:00:00.000Z'), country: 'xx' as 'nz' })).rejects.toThrow('unknown country');
  });
});


describe('gift voucher purchases in the ticker (DynamoDB Local)', () => {
  const purchase = (voucherId: string, purchasedAt: string) => ({
    voucherId,
    trackingNumber: voucherId,
    country: 'au',
    value: { cents: 5000, currency: 'AUD' as const },
    expiresAt: '2029-11-21T00:00:00.000Z',
    codeVariant: 0,
    buyer: { email: 'buyer@example.org', firstName: 'Bea', name: 'Bea Buyer', memberId: 'member-1' },
    recipient: { name: 'Rua Recipient', email: 'rua@example.org' },
    message: 'Happy birthday!',
    purchasedAt,
  });
  const deps = () => ({ activity: dynamoVoucherActivityStore(tables.client, tables.tableName('accounts')), clock: fixedClock('2026-11-21T09:00:00Z') });
  const recentIn = async (country: 'nz' | 'au') => (await getRecentActivity({ site: dynamoSiteStore(tables.client, tables.tableName('accounts')) }, country)).items;

  it('shows each purchase once, with its balance and when: never the buyer, the recipient, the code or the voucher’s id', async () => {
    const voucherId = newId();
    expect(await recordVoucherPurchase(deps(), purchase(voucherId, '2026-11-21T08:30:00.000Z'))).toBe('recorded');
    expect(await recordVoucherPurchase(deps(), purchase(voucherId, '2026-11-21T08:30:00.000Z'))).toBe('recorded');
    const mine = (await recentIn('au')).filter((item) => item.kind === 'voucher' && item.createdOn === '2026-11-21T08:30:00.000Z');
    expect(mine).toEqual([{ kind: 'voucher', id: tickerIdOf(voucherId), voucherBalance: { cents: 5000, currency: 'AUD' }, createdOn: '2026-11-21T08:30:00.000Z' }]);
    const stored = JSON.stringify(mine);
    for (const secret of [voucherId, 'buyer@example.org', 'Bea', 'Rua', 'rua@example.org', 'Happy birthday']) expect(stored).not.toContain(secret);
    expect(await recentIn('nz')).not.toContainEqual(expect.objectContaining({ id: tickerIdOf(voucherId) }));
  });

  it('leaves out a purchase older than the ticker keeps, and refuses one it cannot place', async () => {
    expect(await recordVoucherPurchase(deps(), purchase(newId(), '2026-10-01T08:00:00.000Z'))).toBe('tooOld');
    await expect(recordVoucherPurchase(deps(), { ...purchase(newId(), '2026-11-21T08:00:00.000Z'), country: 'xx' })).rejects.toThrow('unknown country');
  });
});
