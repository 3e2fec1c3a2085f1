import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import type { EventData, EventPublisher } from '@giving/shared/events';
import type { DonationCompleted } from '@giving/shared/events/donations';
import { PageModified } from '@giving/shared/events/fundraising';
import { newId } from '@giving/shared/ids';
import type { OutgoingMail } from '@giving/shared/mail';
import { ERASED_MEMBER_NAME, type ErasedDataset, type PersonalDataset } from '@giving/shared/personal-data';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { recordPageDonation } from '../domain/donations';
import { publishDocument } from '../domain/documents';
import { collectFundraisingData, eraseFundraisingData } from '../domain/personal-data';
import type { StoredEvent, StoredMembership, StoredPage } from '../domain/ports';
import fundraising from '../service';
import { dynamoMemberDataStore } from './dynamo-member-data';
import { dynamoFundraisingStore } from './dynamo-store';
import { keys } from './keys';

/** Fundraising's part of "Download my data" and "Delete my account" against DynamoDB Local, seeded through the real store. */
const now = '2026-11-26T09:00:00.000Z';
const clock = fixedClock(now);
const charity = { id: 'kiwi', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' };
const ana = { memberId: 'ana-member', email: 'ana@example.com' };
const ben = { memberId: 'ben-member', email: 'ben@example.com' };

let client: DynamoDBDocumentClient;
let table: string;
let store: ReturnType<typeof dynamoFundraisingStore>;
let memberData: ReturnType<typeof dynamoMemberDataStore>;
let names: ReturnType<typeof dynamoMemberNameCopy>;
let roles: ReturnType<typeof dynamoTenantRoleCopy>;
const deps = () => ({ store, memberData, clock });
const mail: OutgoingMail[] = [];
const donationDeps = () => ({ store, clock, mail: { mailer: { send: async (sent: OutgoingMail) => void mail.push(sent) }, siteUrl: 'https://koha.test' } });

beforeAll(async () => {
  const tables = await testTables([fundraising]);
  client = tables.client;
  table = tables.tableName('fundraising');
  store = dynamoFundraisingStore(client, table);
  memberData = dynamoMemberDataStore(client, table);
  names = dynamoMemberNameCopy(client, table);
  roles = dynamoTenantRoleCopy(client, table);
});

const content = (owner: { memberId: string; name: string }, title: string, story: string) => ({
  country: 'nz' as const,
  charity,
  title,
  story,
  imageUrl: '/media/run.jpg',
  targetAmount: 50_000,
  endDate: '2027-01-31',
  isOnline: true,
  owner,
  createdOn: now,
  currency: 'NZD' as const,
  onlineAmount: 0,
  offlineAmount: 0,
  matchedAmount: 0,
  donationsCount: 0,
  version: 1,
});

const membership = (memberId: string, name: string, role: StoredMembership['role'], target: StoredMembership['target']): StoredMembership => ({ memberId, name, role, joinedOn: now, target });
const targetOf = (item: StoredEvent | StoredPage, kind: 'event' | 'page') => ({ kind, id: item.id, title: item.title, eventUrl: item.eventUrl, ...(kind === 'page' ? { pageUrl: (item as StoredPage).pageUrl } : {}), country: 'nz' as const });

async function singlePageEvent(owner: { memberId: string; name: string; email: string }, title: string, story: string) {
  const id = newId();
  const common = { ...content({ memberId: owner.memberId, name: owner.name }, title, story), eventUrl: `e-${id.toLowerCase()}` };
  const event: StoredEvent = { ...common, id, kind: 'SinglePage', pagesCount: 1 };
  const page: StoredPage = { ...common, id: newId(), pageUrl: common.eventUrl, eventId: id, eventTitle: title, eventKind: 'SinglePage', eventOnline: true, ownerEmail: owner.email };
  expect(
    await store.createSinglePageEvent(event, page, {
      event: membership(owner.memberId, owner.name, 'Owner', targetOf(event, 'event')),
      page: membership(owner.memberId, owner.name, 'Owner', targetOf(page, 'page')),
    }),
  ).toBe('created');
  return { event, page };
}

async function multiPageEvent(owner: { memberId: string; name: string }, title: string, story: string) {
  const id = newId();
  const event: StoredEvent = { ...content(owner, title, story), eventUrl: `e-${id.toLowerCase()}`, id, kind: 'MultiPage', pagesCount: 0 };
  expect(await store.createEvent(event, membership(owner.memberId, owner.name, 'Owner', targetOf(event, 'event')))).toBe('created');
  return event;
}

async function pageIn(event: StoredEvent, owner: { memberId: string; name: string; email: string }, title: string, story: string) {
  const page: StoredPage = {
    ...content({ memberId: owner.memberId, name: owner.name }, title, story),
    id: newId(),
    eventUrl: event.eventUrl,
    pageUrl: `p-${newId().toLowerCase()}`,
    eventId: event.id,
    eventTitle: event.title,
    eventKind: 'MultiPage',
    eventOnline: true,
    ownerEmail: owner.email,
  };
  expect(await store.createPage(page, membership(owner.memberId, owner.name, 'Owner', targetOf(page, 'page')))).toBe('created');
  await store.addMember(membership(owner.memberId, owner.name, 'Member', targetOf(event, 'event')));
  return page;
}

function donation(page: StoredPage, cents: number, donor: { donorMemberId?: string; donorEmail?: string; donorName: string; donorMessage?: string }): EventData<typeof DonationCompleted> {
  return {
    donationId: newId(),
    trackingNumber: 'T1',
    pageType: 'FUNDRAISE',
    country: 'nz',
    charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl },
    quantity: 1,
    amount: { cents, currency: 'NZD' },
    tip: { cents: 0, currency: 'NZD' },
    total: { cents, currency: 'NZD' },
    paymentType: 'CARD',
    isAnonymous: false,
    receiptName: donor.donorName,
    page: { id: page.id, title: page.title, pageUrl: page.pageUrl, eventUrl: page.eventUrl, eventId: page.eventId },
    completedAt: now,
    ...donor,
  };
}

const rowsOf = (datasets: readonly PersonalDataset[]) => Object.fromEntries(datasets.map((dataset) => [dataset.name, dataset.rows]));
const countsOf = (datasets: readonly ErasedDataset[]) => Object.fromEntries(datasets.map((d) => [d.name, { erased: d.erased, anonymised: d.anonymised }]));
const rawItem = async (key: { pk: string; sk: string }) => (await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item!;

describe("fundraising's part of a member's data (DynamoDB Local)", () => {
  it('gathers only the member’s records, then erases them twice: pages close without them and keep their totals, donor entries go anonymous, nobody else is touched', async () => {
    const anaPerson = { ...ana, name: 'Ana Tester' };
    const benPerson = { ...ben, name: 'Ben Tester' };

    // Ana's single-page event, given to by Ben (signed in) and a guest; an offline gift she entered; Carl invited by her.
    const mine = await singlePageEvent(anaPerson, 'Swim for the kiwi', 'My nana loved the kiwi, so I swim.');
    expect(await recordPageDonation(donationDeps(), donation(mine.page, 5_000, { donorMemberId: ben.memberId, donorEmail: ben.email, donorName: 'Ben Tester', donorMessage: 'Kia kaha Ana' }))).toBe('recorded');
    expect(await recordPageDonation(donationDeps(), donation(mine.page, 2_500, { donorEmail: 'gus@example.com', donorName: 'Gus Guest' }))).toBe('recorded');
    await store.addOfflineDonation({ id: newId(), pageId: mine.page.id, pageTitle: mine.page.title, eventId: mine.event.id, charityId: charity.id, amount: 4_000, currency: 'NZD', donorName: 'Aunty Mere', note: 'Cash from Aunty Mere', receivedOn: '2026-11-20', enteredBy: { memberId: ana.memberId, name: 'Ana Tester' }, status: 'Pending', createdOn: now });
    const carlInvite = { id: newId(), email: 'carl@example.com', role: 'Member' as const, invitedBy: { memberId: ana.memberId, name: 'Ana Tester' }, invitedOn: now, lastSentOn: now, target: targetOf(mine.page, 'page') };
    expect(await store.addInvitations([carlInvite])).toEqual({ ok: true });

    // Ben's relay: his page, given to by Ana (signed in, and once more as a guest with her e-mail), and Ana's own page in it.
    const relay = await multiPageEvent(benPerson, 'Kiwi relay', 'Relay along the coast.');
    const benPage = await pageIn(relay, benPerson, 'Coast run', 'Running the coast.');
    const anaPage = await pageIn(relay, anaPerson, 'Ana runs the relay', 'My first relay.');
    expect(await recordPageDonation(donationDeps(), donation(benPage, 3_000, { donorMemberId: ana.memberId, donorEmail: ana.email, donorName: 'Ana Tester', donorMessage: 'Go go go, from Ana' }))).toBe('recorded');
    expect(await recordPageDonation(donationDeps(), donation(benPage, 1_000, { donorEmail: 'ANA@example.com', donorName: 'A. Tester' }))).toBe('recorded');
    expect(await store.addInvitations([{ id: newId(), email: ana.email, role: 'Admin', invitedBy: { memberId: ben.memberId, name: 'Ben Tester' }, invitedOn: now, lastSentOn: now, target: targetOf(benPage, 'page') }])).toEqual({ ok: true });

    await store.addComment({ id: newId(), pageId: benPage.id, author: { memberId: ana.memberId, name: 'Ana Tester' }, text: 'Great cause', createdOn: now });
    await store.addComment({ id: newId(), pageId: mine.page.id, author: { memberId: ben.memberId, name: 'Ben Tester' }, text: 'Thanks all', createdOn: now });
    await names.save({ memberId: ana.memberId, firstName: 'Ana', lastName: 'Tester', version: '0001' });
    await names.save({ memberId: ben.memberId, firstName: 'Ben', lastName: 'Tester', version: '0001' });
    await roles.saveWorkplaceMembership({ memberId: ana.memberId, workplaceId: 'tasman', workplaceName: 'Tasman Engineering', roles: ['Employee'], version: '0001' });

    const pageBefore = (await store.getPage(mine.page.id, { consistent: true }))!;
    const benPageBefore = (await store.getPage(benPage.id, { consistent: true }))!;
    const benBefore = await collectFundraisingData(deps(), ben);

    // Collect: every kind of record of Ana's, and nothing of Ben's, Carl's, the guest's or the offline donor's.
    const gathered = await collectFundraisingData(deps(), ana);
    const rows = rowsOf(gathered);
    expect(Object.keys(rows).sort()).toEqual(
      ['comments', 'donation-notifications', 'donations-to-pages', 'events', 'invitations', 'names', 'offline-donations-entered', 'pages', 'roles', 'team-memberships'].sort(),
    );
    for (const dataset of gathered) expect(dataset.description).toMatch(/^[A-Z][^\n]+\.$/);
    expect(rows.pages!.map((row) => row.title).sort()).toEqual(['Ana runs the relay', 'Swim for the kiwi']);
    expect(rows.pages!.find((row) => row.id === mine.page.id)).toMatchObject({ story: 'My nana loved the kiwi, so I swim.', targetAmount: 50_000, raisedAmount: 7_500, donationsCount: 2, status: 'Open' });
    expect(rows.events).toEqual([expect.objectContaining({ id: mine.event.id, kind: 'SinglePage', raisedAmount: 7_500 })]);
    expect(rows['team-memberships']!.map((row) => `${row.kind}:${row.title}:${row.role}`).sort()).toEqual(
      ['event:Kiwi relay:Member', 'event:Swim for the kiwi:Owner', 'page:Ana runs the relay:Owner', 'page:Swim for the kiwi:Owner'].sort(),
    );
    expect(rows.invitations!.map((row) => `${row.direction}:${row.title}:${row.role}`).sort()).toEqual(['Sent by you:Swim for the kiwi:Member', 'To you:Coast run:Admin']);
    expect(rows['donations-to-pages']!.map((row) => `${row.page}:${row.nameShown}:${row.amount}:${row.message}`).sort()).toEqual(['Coast run:A. Tester:1000:null', 'Coast run:Ana Tester:3000:Go go go, from Ana']);
    expect(rows.comments!.map((row) => row.text)).toEqual(['Great cause']);
    expect(rows['offline-donations-entered']).toEqual([expect.objectContaining({ page: 'Swim for the kiwi', amount: 4_000, status: 'Pending' })]);
    expect(rows['donation-notifications']!.find((row) => row.pageId === mine.page.id)).toMatchObject({ email: ana.email, pendingDonationNotices: 2 });
    expect(rows.names).toEqual([{ firstName: 'Ana', lastName: 'Tester' }]);
    expect(rows.roles).toEqual([{ kind: 'workplace', id: 'tasman', workplace: 'Tasman Engineering', roles: ['Employee'] }]);
    const text = JSON.stringify(gathered);
    for (const other of ['Ben', ben.memberId, ben.email, 'Kia kaha', 'Gus', 'gus@', 'carl', 'Aunty', 'Thanks all']) expect(text).not.toContain(other);

    // Erase: the counts say what went and what stayed without her.
    const firstRun = await eraseFundraisingData(deps(), ana);
    expect(countsOf(firstRun)).toEqual({
      pages: { erased: 0, anonymised: 2 },
      events: { erased: 0, anonymised: 1 },
      'team-memberships': { erased: 4, anonymised: 0 },
      invitations: { erased: 1, anonymised: 1 },
      'donations-to-pages': { erased: 0, anonymised: 2 },
      comments: { erased: 1, anonymised: 0 },
      'offline-donations-entered': { erased: 0, anonymised: 1 },
      'donation-notifications': { erased: 3, anonymised: 0 },
      names: { erased: 1, anonymised: 0 },
      roles: { erased: 1, anonymised: 0 },
    });
    const secondRun = await eraseFundraisingData(deps(), ana);
    expect(secondRun.map((d) => d.name)).toEqual(firstRun.map((d) => d.name));
    expect(secondRun.every((d) => d.erased === 0 && d.anonymised === 0)).toBe(true);
    expect(await collectFundraisingData(deps(), ana)).toEqual([]);

    // Her page is closed without her name, story or e-mail; its totals are what the donations made them.
    const closed = (await store.getPage(mine.page.id, { consistent: true }))!;
    expect(closed).toMatchObject({ owner: { memberId: '', name: ERASED_MEMBER_NAME }, story: '', isOnline: false, title: 'Swim for the kiwi', version: pageBefore.version + 2 });
    expect(closed.ownerEmail).toBeUndefined();
    for (const total of ['onlineAmount', 'offlineAmount', 'matchedAmount', 'donationsCount', 'targetAmount'] as const) expect(closed[total]).toBe(pageBefore[total]);
    expect((await store.listPages('nz', {})).items.map((page) => page.id)).not.toContain(mine.page.id);
    const closedEvent = (await store.getEvent(mine.event.id))!;
    expect(closedEvent).toMatchObject({ owner: { memberId: '', name: ERASED_MEMBER_NAME }, story: '', isOnline: false, onlineAmount: 7_500, donationsCount: 2 });
    expect(await store.getPage(anaPage.id, { consistent: true })).toMatchObject({ owner: { memberId: '', name: ERASED_MEMBER_NAME }, story: '', isOnline: false });

    // Search hears of it as of any stored change: the page's new version as a document without her.
    const published: { data: unknown; id?: string }[] = [];
    const events = { publish: async (_definition: unknown, data: unknown, options?: { id?: string }) => (published.push({ data, id: options?.id }), {}) } as unknown as EventPublisher;
    expect(await publishDocument(events, await rawItem(keys.page(mine.page.id)), new Date(now))).toBe('page');
    expect(published[0]!.id).toBe(`page-${mine.page.id}-${closed.version}`);
    const document = PageModified.schema.parse(published[0]!.data).page;
    expect(document).toMatchObject({ ownerMemberId: '', ownerName: ERASED_MEMBER_NAME, story: '', isOnline: false, status: 'Offline', donatedAmount: 7_500 });

    // Donations to her page stay as given; her own donor entries on Ben's page are "Deleted member" without a message.
    const mineDonors = (await store.donors(mine.page.id, {})).items;
    expect(mineDonors.map((d) => `${d.name}:${d.amount}:${d.message ?? ''}`).sort()).toEqual(['Ben Tester:5000:Kia kaha Ana', 'Gus Guest:2500:']);
    const benDonors = (await store.donors(benPage.id, {})).items;
    expect(benDonors.map((d) => `${d.name}:${d.amount}:${d.message ?? ''}`).sort()).toEqual([`${ERASED_MEMBER_NAME}:1000:`, `${ERASED_MEMBER_NAME}:3000:`]);
    for (const donor of benDonors) expect(await rawItem(keys.donor(benPage.id, donor.donatedOn, donor.id))).not.toHaveProperty('gsi2pk');
    const benPageAfter = (await store.getPage(benPage.id, { consistent: true }))!;
    expect(benPageAfter).toEqual(benPageBefore);
    // Ben's pending donation e-mail names her no more; her page's pending e-mail is gone.
    expect(Object.values((await memberData.digestOf(benPage.id))!.entries).map((entry) => `${entry.name}:${entry.message ?? ''}`).sort()).toEqual([`${ERASED_MEMBER_NAME}:`, `${ERASED_MEMBER_NAME}:`]);
    expect(await memberData.digestOf(mine.page.id)).toBeUndefined();

    // Ben's relay stays open under Ben; Carl's invitation stays, from "Deleted member"; Ben's comment stays.
    expect(await store.getEvent(relay.id)).toMatchObject({ owner: { memberId: ben.memberId }, isOnline: true, story: 'Relay along the coast.' });
    expect(await store.invitations(targetOf(mine.page, 'page'))).toEqual([expect.objectContaining({ email: 'carl@example.com', invitedBy: { memberId: '', name: ERASED_MEMBER_NAME } })]);
    expect(await store.invitationsFor(ana.email)).toEqual([]);
    expect((await store.comments(mine.page.id)).map((c) => c.text)).toEqual(['Thanks all']);
    expect(await store.comments(benPage.id)).toEqual([]);
    expect((await store.offlineDonationsOfPage(mine.page.id))[0]).toMatchObject({ donorName: 'Aunty Mere', amount: 4_000, enteredBy: { memberId: '', name: ERASED_MEMBER_NAME } });
    expect(await store.membershipsOf(ana.memberId)).toEqual([]);
    expect((await store.members(targetOf(relay, 'event'))).map((m) => m.memberId)).toEqual([ben.memberId]);
    expect(await names.namesOf(ana.memberId)).toBeUndefined();

    // Ben's own data reads as before, but for the invitation he sent Ana, which went with her.
    const benAfter = await collectFundraisingData(deps(), ben);
    const withoutInvitations = (datasets: PersonalDataset[]) => datasets.filter((d) => d.name !== 'invitations');
    expect(withoutInvitations(benAfter)).toEqual(withoutInvitations(benBefore));
  }, 60_000);
});
