import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@giving/shared/clock';
import { NO_RESTRICTIONS } from '@giving/shared/contracts/matching';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import type { PersonalDataset } from '@giving/shared/personal-data';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import matching from '../service';
import { applyMatch, campaignStats, campaignTransactions, fromExternalDonation } from '../domain/ledger';
import type { MatchableDonation } from '../domain/matching-rules';
import { collectPersonalData, erasePersonalData, type PersonalDataDeps } from '../domain/personal-data';
import type { StoredCampaign } from '../domain/ports';
import { dynamoCampaignStore } from './dynamo-campaigns';
import { dynamoMatchLedger } from './dynamo-ledger';
import { dynamoMemberMatches } from './dynamo-member-matches';
import { dynamoPaymentBook } from './dynamo-matching-payments';

/**
 * "Download my data" and "Delete my account" for matching (issue 17 item 7), against DynamoDB Local: Aroha's matched
 * donations are gathered and erased; her colleague Tama's are never touched, and the campaign's totals and what the
 * workplace owes stay as they were.
 */
let client: DynamoDBDocumentClient;
let table: string;
let ledger: ReturnType<typeof dynamoMatchLedger>;
let book: ReturnType<typeof dynamoPaymentBook>;
let deps: PersonalDataDeps;
let campaign: StoredCampaign;

const W = newId();
const AROHA = newId();
const TAMA = newId();

const donation = (memberId: string, cents: number): MatchableDonation => ({
  donationId: newId(),
  memberId,
  amount: { cents, currency: 'NZD' },
  paymentType: 'CARD',
  isRecurring: false,
  charity: { id: 'CH', name: 'Kiwi Coast Rescue' },
  completedAt: new Date().toISOString(),
});

beforeAll(async () => {
  const tables = await testTables([matching]);
  client = tables.client;
  table = tables.tableName('matching');
  ledger = dynamoMatchLedger(client, table);
  book = dynamoPaymentBook(client, table);
  const campaigns = dynamoCampaignStore(client, table);
  deps = { campaigns, matches: dynamoMemberMatches(client, table), newId: () => newId() };
  campaign = {
    id: newId(),
    workplace: { id: W, name: 'Tasman Engineering' },
    name: 'Summer match',
    description: '',
    givingType: 'Any',
    recurrenceType: 'Any',
    matchRatio: 1,
    memberCap: 10_000,
    entryCap: 0,
    campaignCap: 100_000,
    currency: 'NZD',
    matchType: 'Donation',
    memberType: 'Any',
    moduleType: 'DollarHandle',
    items: [],
    startsOn: '2026-01-01',
    endsOn: '2099-12-31',
    active: true,
    restrictions: { ...NO_RESTRICTIONS },
    country: 'nz',
    createdAt: '',
    updatedAt: '',
    version: 1,
  };
  await campaigns.create(campaign);
  const roles = dynamoTenantRoleCopy(client, table);
  for (const [memberId, firstName] of [
    [AROHA, 'Aroha'],
    [TAMA, 'Tama'],
  ] as const) {
    await roles.saveWorkplaceMembership({ memberId, workplaceId: W, workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'], version: '1', employmentType: 'Permanent', businessUnitId: 'bu-eng', firstName, email: `${firstName.toLowerCase()}@tasman-engineering.co.nz` } as Parameters<typeof roles.saveWorkplaceMembership>[0]);
    const who = { email: `${firstName.toLowerCase()}@tasman-engineering.co.nz`, firstName };
    await applyMatch({ ledger, clock: systemClock }, campaign, donation(memberId, 2_000), who);
    await applyMatch({ ledger, clock: systemClock }, campaign, donation(memberId, 3_000), who);
  }
  const external = fromExternalDonation({ externalDonationId: newId(), workplaceId: W, memberId: AROHA, charityName: 'Forest & Bird', amount: { cents: 1_500, currency: 'NZD' }, donatedOn: '2026-10-05', approvedAt: new Date().toISOString() });
  await applyMatch({ ledger, clock: systemClock }, campaign, external, { email: 'aroha@tasman-engineering.co.nz', firstName: 'Aroha' });
});

const rows = (datasets: readonly PersonalDataset[], name: string) => datasets.find((d) => d.name === name)?.rows ?? [];
const memberTotal = async (memberId: string) => (await client.send(new GetCommand({ TableName: table, Key: { pk: `LEDGER#${campaign.id}`, sk: `MEMBER#${memberId}` } }))).Item;

describe("a member's matching data", () => {
  it('gathers their matches, their totals and their membership copy, and nothing of a colleague', async () => {
    const datasets = await collectPersonalData(deps, { memberId: AROHA, email: 'aroha@tasman-engineering.co.nz' });
    expect(datasets.map((d) => d.name)).toEqual(['workplace-memberships', 'matched-donations', 'matched-external-donations', 'campaign-totals']);
    for (const d of datasets) expect(d.description).toMatch(/^[A-Z].+\.$/);
    expect(rows(datasets, 'matched-donations').map((row) => row.matchedAmountCents).sort()).toEqual([2_000, 3_000]);
    expect(rows(datasets, 'matched-external-donations')).toEqual([expect.objectContaining({ charityName: 'Forest & Bird', matchedAmountCents: 1_500, givingType: 'ExternalDonation' })]);
    expect(rows(datasets, 'campaign-totals')).toEqual([{ workplaceName: 'Tasman Engineering', campaignName: 'Summer match', matchedCents: 6_500, memberCapCents: 10_000, currency: 'NZD' }]);
    expect(rows(datasets, 'workplace-memberships')).toEqual([expect.objectContaining({ employmentType: 'Permanent', businessUnitId: 'bu-eng', firstName: 'Aroha', email: 'aroha@tasman-engineering.co.nz' })]);
    const text = JSON.stringify(datasets);
    for (const his of [TAMA, 'Tama', 'tama@']) expect(text).not.toContain(his);
  });

  it("erases them twice over: copies and running totals gone, what was matched kept without her, the campaign's totals and the colleague untouched", async () => {
    const statsBefore = await campaignStats({ campaigns: deps.campaigns, ledger }, W, campaign.id);
    const periodsBefore = await book.periodsOf(campaign.id);
    const tamaBefore = await collectPersonalData(deps, { memberId: TAMA, email: 'tama@tasman-engineering.co.nz' });

    const first = await erasePersonalData(deps, { memberId: AROHA, email: 'aroha@tasman-engineering.co.nz' });
    expect(first).toEqual([
      { name: 'workplace-memberships', erased: 1, anonymised: 0 },
      { name: 'matched-donations', erased: 0, anonymised: 2 },
      { name: 'matched-external-donations', erased: 0, anonymised: 1 },
      { name: 'campaign-totals', erased: 1, anonymised: 0 },
    ]);
    const second = await erasePersonalData(deps, { memberId: AROHA, email: 'aroha@tasman-engineering.co.nz' });
    expect(second.every((d) => d.erased === 0 && d.anonymised === 0)).toBe(true);

    expect(await collectPersonalData(deps, { memberId: AROHA, email: 'aroha@tasman-engineering.co.nz' })).toEqual([]);
    expect(await memberTotal(AROHA)).toBeUndefined();
    expect(await campaignStats({ campaigns: deps.campaigns, ledger }, W, campaign.id)).toEqual(statsBefore);
    expect(await book.periodsOf(campaign.id)).toEqual(periodsBefore);

    // Her three bonuses are still in the transactions, under one pseudonym, with no name or e-mail.
    const entries = await ledger.entries(campaign.id);
    const hers = entries.filter((entry) => entry.memberId !== TAMA);
    expect(hers).toHaveLength(3);
    expect(new Set(hers.map((entry) => entry.memberId)).size).toBe(1);
    expect(hers[0]!.memberId).toMatch(/^deleted-/);
    expect(hers.every((entry) => entry.member === undefined)).toBe(true);
    expect(JSON.stringify(await campaignTransactions({ campaigns: deps.campaigns, ledger }, W, campaign.id))).not.toContain(AROHA);

    // A refund of one of her donations later gives the bonus back from the campaign and leaves no running total behind.
    const refunded = hers.find((entry) => entry.amount === 2_000)!;
    expect(await ledger.giveBack(refunded, 'refund-1', 0, false)).toBe('given');
    expect((await campaignStats({ campaigns: deps.campaigns, ledger }, W, campaign.id)).matchedAmount).toBe(statsBefore.matchedAmount - 2_000);
    expect(await memberTotal(refunded.memberId)).toBeUndefined();

    expect(await collectPersonalData(deps, { memberId: TAMA, email: 'tama@tasman-engineering.co.nz' })).toEqual(tamaBefore);
    expect(await memberTotal(TAMA)).toMatchObject({ matchedCents: 5_000 });
  });
});
