import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { dynamoCharityCopy, dynamoMemberNameCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { newId } from '@giving/shared/ids';
import { dynamoFundraisingStore } from '../../../../services/fundraising/adapters/dynamo-store';
import type { CharityRef, StoredEvent, StoredMembership, StoredPage, TeamTarget } from '../../../../services/fundraising/domain/ports';

/**
 * Seeds fundraising through its own store (as its use cases would write): in each country a multi-page event with
 * pages by different members and a single-page event, gifts counted on them (offline gifts the charity confirmed),
 * comments, and a pending invitation for Dana to join a page's team. Fundraising's copies of the charities, member
 * names and roles are written at the lowest version, so accounts' events replace them.
 */
export interface FundraisingSeedMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  workplaceRoles: string[];
  charityRoles: { charityId: string; roles: string[] }[];
}

export interface FundraisingSeed {
  charities: (CharityRef & { country: CountryCode })[];
  workplace: { id: string; name: string };
  /** By demo role: donor (Dana), workplaceMember (Wiremu), workplaceAdmin (Grace), charityAdmin (Sam), contentAdmin (Casey), backOffice (Alex). */
  members: Map<string, FundraisingSeedMember>;
  now: Date;
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedFundraising(client: DynamoDBDocumentClient, tableName: string, seed: FundraisingSeed) {
  const version = '0'.repeat(40);
  const store = dynamoFundraisingStore(client, tableName);
  const charityCopy = dynamoCharityCopy(client, tableName);
  const names = dynamoMemberNameCopy(client, tableName);
  const roles = dynamoTenantRoleCopy(client, tableName);
  for (const charity of seed.charities) {
    await charityCopy.save({ ...charity, isActive: true, version });
    await store.saveCharityListing({ ...charity, isActive: true, version });
  }
  for (const member of seed.members.values()) {
    await names.save({ memberId: member.id, firstName: member.firstName, lastName: member.lastName, version });
    if (member.workplaceRoles.length) {
      await roles.saveWorkplaceMembership({ memberId: member.id, workplaceId: seed.workplace.id, workplaceName: seed.workplace.name, roles: member.workplaceRoles, version });
    }
    for (const { charityId, roles: charityRoles } of member.charityRoles) await roles.saveCharityMembership({ memberId: member.id, charityId, roles: charityRoles, version });
  }

  const member = (role: string) => {
    const found = seed.members.get(role);
    if (!found) throw new Error(`no seeded member ${role}`);
    return { memberId: found.id, name: `${found.firstName} ${found.lastName}`, email: found.email };
  };
  const charity = (charityUrl: string) => {
    const found = seed.charities.find((c) => c.charityUrl === charityUrl);
    if (!found) throw new Error(`no seeded charity ${charityUrl}`);
    return found;
  };
  // Created some days ago (in order), ending some weeks ahead in the country's calendar.
  let minutes = 0;
  const createdOn = (daysAgo: number) => new Date(seed.now.getTime() - daysAgo * DAY + minutes++ * 60_000).toISOString();
  const endDate = (country: CountryCode, days: number) => localDay(new Date(seed.now.getTime() + days * DAY), COUNTRY_TIME_ZONES[country]);
  const zero = (country: CountryCode) => ({ currency: COUNTRIES[country].currency, onlineAmount: 0, offlineAmount: 0, matchedAmount: 0, donationsCount: 0 });
  const membership = (who: { memberId: string; name: string }, role: StoredMembership['role'], target: TeamTarget, at: string): StoredMembership => ({ memberId: who.memberId, name: who.name, role, joinedOn: at, target });

  const event = (fields: { charityUrl: string; eventUrl: string; title: string; story: string; target: number; days: number; ownerRole: string; kind: StoredEvent['kind']; daysAgo: number }): StoredEvent => {
    const owner = member(fields.ownerRole);
    const cause = charity(fields.charityUrl);
    return {
      id: newId(),
      eventUrl: fields.eventUrl,
      kind: fields.kind,
      country: cause.country,
      charity: { id: cause.id, name: cause.name, charityUrl: cause.charityUrl, logoImageUrl: cause.logoImageUrl },
      title: fields.title,
      story: fields.story,
      imageUrl: cause.logoImageUrl,
      targetAmount: fields.target,
      endDate: endDate(cause.country, fields.days),
      isOnline: true,
      owner: { memberId: owner.memberId, name: owner.name },
      createdOn: createdOn(fields.daysAgo),
      version: 1,
      pagesCount: fields.kind === 'SinglePage' ? 1 : 0,
      ...zero(cause.country),
    };
  };
  const pageIn = (parent: StoredEvent, fields: { pageUrl: string; title: string; story: string; target: number; days: number; ownerRole: string; daysAgo: number }): StoredPage => {
    const owner = member(fields.ownerRole);
    return {
      id: newId(),
      pageUrl: fields.pageUrl,
      eventId: parent.id,
      eventUrl: parent.eventUrl,
      eventTitle: parent.title,
      eventKind: parent.kind,
      eventOnline: true,
      country: parent.country,
      charity: parent.charity,
      title: fields.title,
      story: fields.story,
      imageUrl: parent.imageUrl,
      targetAmount: fields.target,
      endDate: endDate(parent.country, fields.days),
      isOnline: true,
      owner: { memberId: owner.memberId, name: owner.name },
      ownerEmail: owner.email,
      createdOn: createdOn(fields.daysAgo),
      version: 1,
      ...zero(parent.country),
    };
  };
  const eventTarget = (e: StoredEvent): TeamTarget => ({ kind: 'event', id: e.id, title: e.title, eventUrl: e.eventUrl, country: e.country });
  const pageTarget = (p: StoredPage): TeamTarget => ({ kind: 'page', id: p.id, title: p.title, eventUrl: p.eventUrl, pageUrl: p.pageUrl, country: p.country });

  async function multiPageEvent(e: StoredEvent, pages: { page: StoredPage; ownerRole: string }[]) {
    if ((await store.createEvent(e, membership({ memberId: e.owner.memberId, name: e.owner.name }, 'Owner', eventTarget(e), e.createdOn))) !== 'created') {
      throw new Error(`seeding event ${e.eventUrl}: address taken`);
    }
    for (const { page, ownerRole } of pages) {
      const who = member(ownerRole);
      const outcome = await store.createPage(page, membership(who, 'Owner', pageTarget(page), page.createdOn));
      if (outcome !== 'created') throw new Error(`seeding page ${page.pageUrl}: ${outcome}`);
      await store.addMember(membership(who, 'Member', eventTarget(e), page.createdOn));
    }
  }
  async function singlePageEvent(e: StoredEvent, ownerRole: string) {
    const page: StoredPage = { ...pageIn(e, { pageUrl: e.eventUrl, title: e.title, story: e.story, target: e.targetAmount, days: 0, ownerRole, daysAgo: 0 }), endDate: e.endDate, createdOn: e.createdOn };
    const owner = { memberId: e.owner.memberId, name: e.owner.name };
    const outcome = await store.createSinglePageEvent(e, page, { event: membership(owner, 'Owner', eventTarget(e), e.createdOn), page: membership(owner, 'Owner', pageTarget(page), e.createdOn) });
    if (outcome !== 'created') throw new Error(`seeding event ${e.eventUrl}: ${outcome}`);
    return page;
  }
  /** A gift received offline, entered by the page's owner and confirmed by the charity (counted once, as the use case does). */
  async function gift(page: StoredPage, amount: number, donorName: string | undefined, note: string | undefined, daysAgo: number) {
    const id = newId();
    const receivedOn = localDay(new Date(seed.now.getTime() - daysAgo * DAY), COUNTRY_TIME_ZONES[page.country]);
    const donation = {
      id,
      pageId: page.id,
      pageTitle: page.title,
      eventId: page.eventId,
      charityId: page.charity.id,
      amount,
      currency: page.currency,
      ...(donorName ? { donorName } : {}),
      ...(note ? { note } : {}),
      receivedOn,
      enteredBy: page.owner,
      status: 'Pending' as const,
      createdOn: createdOn(daysAgo),
    };
    await store.addOfflineDonation(donation);
    await store.confirmOfflineDonation(donation, { id, pageId: page.id, name: donorName ?? 'Anonymous', amount, currency: page.currency, ...(note ? { message: note } : {}), donatedOn: `${receivedOn}T00:00:00.000Z`, kind: 'Offline' });
  }
  async function comment(page: StoredPage, authorRole: string, text: string, daysAgo: number) {
    const author = member(authorRole);
    await store.addComment({ id: newId(), pageId: page.id, author: { memberId: author.memberId, name: author.name }, text, createdOn: createdOn(daysAgo) });
  }

  // New Zealand: Kiwi Coast Rescue's coastal walk, with pages by Dana, Wiremu and Grace; a single-page harbour swim.
  const walk = event({
    charityUrl: 'kiwi-coast-rescue',
    eventUrl: 'kiwi-coast-walk-2027',
    title: 'Kiwi Coast Walk 2027',
    story:
      'Walk 20 km of Northland coastline with us in March. Every dollar raised buys and services traps that keep stoats and ferrets away from kiwi nesting sites between Ngunguru and Tutukaka. Make a page, set your target, and bring your friends.',
    target: 2_000_000,
    days: 110,
    ownerRole: 'charityAdmin',
    kind: 'MultiPage',
    daysAgo: 20,
  });
  const danaWalks = pageIn(walk, { pageUrl: 'dana-walks-for-kiwi', title: 'Dana walks for kiwi', story: 'I am walking the whole 20 km for the chicks I met at the crèche last summer. Help me fund ten new traps.', target: 100_000, days: 110, ownerRole: 'donor', daysAgo: 18 });
  const wiremuWalks = pageIn(walk, { pageUrl: 'wiremu-and-the-tasman-crew', title: 'Wiremu and the Tasman crew', story: 'The Tasman Engineering crew is walking together. Every kilometre we walk, the company matches our gifts.', target: 250_000, days: 110, ownerRole: 'workplaceMember', daysAgo: 15 });
  const graceWalks = pageIn(walk, { pageUrl: 'grace-goes-the-distance', title: 'Grace goes the distance', story: 'First long walk since my knee surgery. Sponsor me and keep me honest!', target: 50_000, days: 110, ownerRole: 'workplaceAdmin', daysAgo: 12 });
  await multiPageEvent(walk, [
    { page: danaWalks, ownerRole: 'donor' },
    { page: wiremuWalks, ownerRole: 'workplaceMember' },
    { page: graceWalks, ownerRole: 'workplaceAdmin' },
  ]);
  const swim = event({
    charityUrl: 'harbour-city-food-bank',
    eventUrl: 'grace-swims-the-harbour',
    title: 'Grace swims the harbour',
    story: 'I am swimming across Wellington Harbour in February to stock the Harbour City Food Bank shelves for winter. $50 fills a family food parcel.',
    target: 300_000,
    days: 75,
    ownerRole: 'workplaceAdmin',
    kind: 'SinglePage',
    daysAgo: 9,
  });
  const swimPage = await singlePageEvent(swim, 'workplaceAdmin');

  // Australia: Reef Guardians' reef clean-up with pages by Alex, Casey and Dana; a single-page bushfire carers ride.
  const reef = event({
    charityUrl: 'reef-guardians-australia',
    eventUrl: 'great-reef-clean-up-2027',
    title: 'Great Reef Clean-up 2027',
    story: 'Dive, snorkel or beach-comb with us along the Great Barrier Reef. Funds pay for boats, gear and the marine debris research that follows.',
    target: 1_500_000,
    days: 100,
    ownerRole: 'backOffice',
    kind: 'MultiPage',
    daysAgo: 16,
  });
  const alexReef = pageIn(reef, { pageUrl: 'alex-dives-for-the-reef', title: 'Alex dives for the reef', story: 'Three dives, one weekend, as much plastic as we can carry.', target: 80_000, days: 100, ownerRole: 'backOffice', daysAgo: 14 });
  const caseyReef = pageIn(reef, { pageUrl: 'casey-beach-combs', title: 'Casey beach-combs Cairns', story: 'Not a diver, but I can walk a beach. Sponsor my kilometres.', target: 40_000, days: 100, ownerRole: 'contentAdmin', daysAgo: 11 });
  const danaReef = pageIn(reef, { pageUrl: 'dana-snorkels', title: 'Dana snorkels the reef', story: 'Visiting family in Queensland and helping clean up while I am there.', target: 60_000, days: 100, ownerRole: 'donor', daysAgo: 7 });
  await multiPageEvent(reef, [
    { page: alexReef, ownerRole: 'backOffice' },
    { page: caseyReef, ownerRole: 'contentAdmin' },
    { page: danaReef, ownerRole: 'donor' },
  ]);
  const ride = event({
    charityUrl: 'bushfire-wildlife-carers',
    eventUrl: 'ride-for-wildlife-carers',
    title: 'Ride for wildlife carers',
    story: 'Casey is riding 300 km through the Blue Mountains to fund food, vet visits and enclosures for wildlife carers after the fires.',
    target: 200_000,
    days: 60,
    ownerRole: 'contentAdmin',
    kind: 'SinglePage',
    daysAgo: 5,
  });
  const ridePage = await singlePageEvent(ride, 'contentAdmin');

  // Gifts (entered offline and confirmed by the charity) and comments.
  await gift(danaWalks, 5_000, 'Aunty Mere', 'Go Dana! Love from the whānau.', 10);
  await gift(danaWalks, 2_500, undefined, undefined, 6);
  await gift(wiremuWalks, 20_000, 'Tasman Engineering social club', 'Raffle at the Christmas party', 8);
  await gift(wiremuWalks, 7_500, 'Hemi Parata', undefined, 4);
  await gift(graceWalks, 3_000, 'Pilates Thursday group', 'Good luck with the knee!', 3);
  await gift(swimPage, 15_000, 'Cuba Street book club', undefined, 5);
  await gift(alexReef, 10_000, 'Dive shop Cairns', 'Tanks are on us too', 9);
  await gift(caseyReef, 2_000, undefined, undefined, 6);
  await gift(danaReef, 4_000, 'Uncle Bruce', 'Watch out for the jellies', 2);
  await gift(ridePage, 12_500, 'Katoomba cycling club', undefined, 1);
  await comment(danaWalks, 'workplaceMember', 'See you at the start line, Dana!', 9);
  await comment(wiremuWalks, 'workplaceAdmin', 'Proud of this crew. Tasman will match every dollar.', 7);
  await comment(wiremuWalks, 'donor', 'Kia kaha, Wiremu!', 2);
  await comment(swimPage, 'donor', 'The water will be cold, Grace, you legend.', 4);
  await comment(alexReef, 'contentAdmin', 'Bring back a turtle photo!', 3);

  // A pending invitation for Dana: Wiremu asks her to join the Tasman crew's page.
  const wiremu = member('workplaceMember');
  await store.addInvitations([
    {
      id: newId(),
      email: member('donor').email,
      role: 'Member',
      invitedBy: { memberId: wiremu.memberId, name: wiremu.name },
      invitedOn: createdOn(1),
      lastSentOn: createdOn(1),
      target: pageTarget(wiremuWalks),
    },
  ]);
  return { events: 4, pages: 8 };
}
