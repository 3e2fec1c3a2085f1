import { DomainError } from '@giving/shared/errors';
import {
  DEFAULT_RUN_DAYS,
  FUNDRAISING_MESSAGES,
  type EventInput,
  type EventList,
  type EventUpdate,
  type FundraisingEvent,
  type FundraisingSort,
  type Page,
  type PageInput,
  type PageList,
  type PageUpdate,
} from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { eventOr404, pageOr404, requireManager } from './access';
import { RESERVED_ADDRESSES, addressTaken, checkEndDate, checkWorkplace, fundraisingCharity, suggestAddresses, zeroTotals } from './content';
import type { Actor, FundraisingDeps, StoredEvent, StoredMembership, StoredPage } from './ports';
import { eventSummary, pageSummary, todayIn } from './views';

export { DEFAULT_RUN_DAYS };

const ownerOf = (actor: Actor) => ({ memberId: actor.memberId, name: actor.name });

function newEvent(deps: FundraisingDeps, actor: Actor, input: EventInput, charity: StoredEvent['charity'], kind: StoredEvent['kind']): StoredEvent {
  const now = deps.clock.now();
  return {
    id: deps.newId(),
    eventUrl: input.eventUrl,
    kind,
    country: input.country,
    charity,
    title: input.title,
    story: input.story,
    imageUrl: input.imageUrl ?? charity.logoImageUrl,
    targetAmount: input.targetAmount,
    endDate: checkEndDate(input.endDate, input.country, now),
    isOnline: true,
    owner: ownerOf(actor),
    ...(input.workplaceId ? { workplaceId: input.workplaceId } : {}),
    createdOn: now.toISOString(),
    version: 1,
    pagesCount: kind === 'SinglePage' ? 1 : 0,
    ...zeroTotals(input.country),
  };
}

const ownership = (actor: Actor, target: StoredMembership['target'], at: string): StoredMembership => ({ memberId: actor.memberId, name: actor.name, role: 'Owner', joinedOn: at, target });

async function refuseReservedOrTaken(deps: FundraisingDeps, eventUrl: string): Promise<void> {
  if (RESERVED_ADDRESSES.has(eventUrl) || (await deps.store.isEventUrlTaken([eventUrl])).size > 0) throw addressTaken('body.eventUrl');
}

/** POST /fundraising/events: a multi-page event; the caller is its Owner. */
export async function createEvent(deps: FundraisingDeps, actor: Actor, input: EventInput): Promise<FundraisingEvent> {
  const charity = await fundraisingCharity(deps, input.charityId, input.country);
  await checkWorkplace(deps, actor, input.workplaceId, 'Workplace_Fundraising.Event.Create');
  const event = newEvent(deps, actor, input, charity, 'MultiPage');
  await refuseReservedOrTaken(deps, event.eventUrl);
  const owner = ownership(actor, { kind: 'event', id: event.id, title: event.title, eventUrl: event.eventUrl, country: event.country }, event.createdOn);
  if ((await deps.store.createEvent(event, owner)) === 'addressTaken') throw addressTaken('body.eventUrl');
  return eventView(deps, event, []);
}

/** POST /fundraising/events/single-page: an event and its one page (the same address), both the caller's. */
export async function createSinglePageEvent(deps: FundraisingDeps, actor: Actor, input: EventInput): Promise<{ event: FundraisingEvent; page: Page }> {
  const charity = await fundraisingCharity(deps, input.charityId, input.country);
  await checkWorkplace(deps, actor, input.workplaceId, 'Workplace_Fundraising.Page.Create');
  const event = newEvent(deps, actor, input, charity, 'SinglePage');
  await refuseReservedOrTaken(deps, event.eventUrl);
  const page: StoredPage = {
    ...event,
    id: deps.newId(),
    pageUrl: event.eventUrl,
    eventId: event.id,
    eventTitle: event.title,
    eventKind: 'SinglePage',
    eventOnline: true,
    ...(actor.email ? { ownerEmail: actor.email } : {}),
  };
  delete (page as Partial<StoredEvent>).kind;
  delete (page as Partial<StoredEvent>).pagesCount;
  const at = event.createdOn;
  const outcome = await deps.store.createSinglePageEvent(event, page, {
    event: ownership(actor, { kind: 'event', id: event.id, title: event.title, eventUrl: event.eventUrl, country: event.country }, at),
    page: ownership(actor, { kind: 'page', id: page.id, title: page.title, eventUrl: page.eventUrl, pageUrl: page.pageUrl, country: page.country }, at),
  });
  if (outcome === 'addressTaken') throw addressTaken('body.eventUrl');
  const now = deps.clock.now();
  return { event: { ...eventSummary(event, now), story: event.story, ...wp(event), pages: [pageSummary(page, now)], version: event.version }, page: await pageView(deps, page) };
}

/** POST /fundraising/pages: a page within an online multi-page event; the caller is its Owner and joins the event. */
export async function createPage(deps: FundraisingDeps, actor: Actor, input: PageInput): Promise<Page> {
  const event = await deps.store.getEvent(input.eventId);
  if (!event) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.eventNotFound, [{ field: 'body.eventId', message: FUNDRAISING_MESSAGES.eventNotFound }]);
  if (event.kind !== 'MultiPage') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.eventNotJoinable, [{ field: 'body.eventId', message: FUNDRAISING_MESSAGES.eventNotJoinable }]);
  if (!event.isOnline) throw new DomainError('Conflict', FUNDRAISING_MESSAGES.eventOffline, [{ field: 'body.eventId', message: FUNDRAISING_MESSAGES.eventOffline }]);
  await checkWorkplace(deps, actor, input.workplaceId, 'Workplace_Fundraising.Page.Create');
  const now = deps.clock.now();
  if ((await deps.store.isPageUrlTaken(event.id, [input.pageUrl])).size > 0) throw addressTaken('body.pageUrl');
  const page: StoredPage = {
    id: deps.newId(),
    pageUrl: input.pageUrl,
    eventId: event.id,
    eventUrl: event.eventUrl,
    eventTitle: event.title,
    eventKind: event.kind,
    eventOnline: event.isOnline,
    country: event.country,
    charity: event.charity,
    title: input.title,
    story: input.story,
    imageUrl: input.imageUrl ?? event.imageUrl,
    targetAmount: input.targetAmount,
    endDate: checkEndDate(input.endDate, event.country, now),
    isOnline: true,
    owner: ownerOf(actor),
    ...(actor.email ? { ownerEmail: actor.email } : {}),
    ...(input.workplaceId ? { workplaceId: input.workplaceId } : {}),
    createdOn: now.toISOString(),
    version: 1,
    ...zeroTotals(event.country),
  };
  const owner = ownership(actor, { kind: 'page', id: page.id, title: page.title, eventUrl: page.eventUrl, pageUrl: page.pageUrl, country: page.country }, page.createdOn);
  const outcome = await deps.store.createPage(page, owner);
  if (outcome === 'addressTaken') throw addressTaken('body.pageUrl');
  if (outcome === 'eventClosed') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.eventOffline, [{ field: 'body.eventId', message: FUNDRAISING_MESSAGES.eventOffline }]);
  // The page's owner is on the event's team too (listed under "my events"); one already there keeps their role.
  await deps.store.addMember({ memberId: actor.memberId, name: actor.name, role: 'Member', joinedOn: page.createdOn, target: { kind: 'event', id: event.id, title: event.title, eventUrl: event.eventUrl, country: event.country } });
  return pageView(deps, page);
}

const wp = (item: { workplaceId?: string }) => (item.workplaceId ? { workplaceId: item.workplaceId } : {});

export async function eventView(deps: Pick<FundraisingDeps, 'store' | 'clock'>, event: StoredEvent, pages?: StoredPage[]): Promise<FundraisingEvent> {
  const now = deps.clock.now();
  const listed = pages ?? (await deps.store.pagesOfEvent(event.id, { limit: 100 }));
  // The leaderboard: most raised first (the index's order follows the totals within a second; this is exact now).
  const ranked = listed.map((page) => pageSummary(page, now)).sort((a, b) => b.donatedAmount - a.donatedAmount || a.createdOn.localeCompare(b.createdOn));
  return { ...eventSummary(event, now), story: event.story, ...wp(event), pages: ranked, version: event.version };
}

export async function pageView(deps: Pick<FundraisingDeps, 'store' | 'clock'>, page: StoredPage): Promise<Page> {
  const members = await deps.store.members({ kind: 'page', id: page.id });
  const order = { Owner: 0, Admin: 1, Member: 2 } as const;
  return {
    ...pageSummary(page, deps.clock.now()),
    story: page.story,
    eventTitle: page.eventTitle,
    eventKind: page.eventKind,
    ...wp(page),
    members: members
      .sort((a, b) => order[a.role] - order[b.role] || a.joinedOn.localeCompare(b.joinedOn))
      .map((member) => ({ memberId: member.memberId, name: member.name, role: member.role })),
    version: page.version,
  };
}

/** GET /fundraising/events/{eventUrl}: readable when offline or ended too (its status says so); unknown is 404. */
export async function getEvent(deps: FundraisingDeps, eventUrl: string): Promise<FundraisingEvent> {
  const event = await deps.store.getEventByUrl(eventUrl);
  if (!event) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.eventNotFound);
  return eventView(deps, event);
}

/** GET /fundraising/events/{eventUrl}/pages/{pageUrl}. */
export async function getPage(deps: FundraisingDeps, eventUrl: string, pageUrl: string): Promise<Page> {
  const event = await deps.store.getEventByUrl(eventUrl);
  const page = event ? await deps.store.getPageByUrl(event.id, pageUrl) : undefined;
  if (!page) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.pageNotFound);
  return pageView(deps, page);
}

export async function listEvents(deps: FundraisingDeps, query: { country: CountryCode; sort?: FundraisingSort; cursor?: string }): Promise<EventList> {
  const found = await deps.store.listEvents(query.country, query);
  const now = deps.clock.now();
  return { items: found.items.map((event) => eventSummary(event, now)), ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}) };
}

export async function listPages(deps: FundraisingDeps, query: { country: CountryCode; sort?: FundraisingSort; cursor?: string }): Promise<PageList> {
  const found = await deps.store.listPages(query.country, query);
  const now = deps.clock.now();
  return { items: found.items.map((page) => pageSummary(page, now)), ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}) };
}

/** GET /fundraising/recent: the newest online pages, as the home page and ticker name them. */
export async function recentFundraisers(deps: FundraisingDeps, country: CountryCode) {
  const found = await deps.store.listPages(country, { limit: 10 });
  return {
    items: found.items.map((page) => ({
      title: page.title,
      fundraisingUrl: `/${page.country}/fundraising/${page.eventUrl}/${page.pageUrl}`,
      createdOn: page.createdOn,
      ownerName: page.owner.name,
      charityName: page.charity.name,
    })),
  };
}

/** GET /fundraising/address: an event address (?eventUrl=) or a page address in an event (?eventId=&pageUrl=). */
export async function addressAvailability(deps: FundraisingDeps, query: { eventUrl?: string; pageUrl?: string; eventId?: string }) {
  const year = Number(todayIn('nz', deps.clock.now()).slice(0, 4));
  if (query.eventUrl !== undefined) {
    const taken = RESERVED_ADDRESSES.has(query.eventUrl) || (await deps.store.isEventUrlTaken([query.eventUrl])).size > 0;
    return { available: !taken, suggestions: taken ? await suggestAddresses(query.eventUrl, year, (candidates) => deps.store.isEventUrlTaken(candidates)) : [] };
  }
  const eventId = query.eventId!;
  const pageUrl = query.pageUrl!;
  const taken = (await deps.store.isPageUrlTaken(eventId, [pageUrl])).size > 0;
  return { available: !taken, suggestions: taken ? await suggestAddresses(pageUrl, year, (candidates) => deps.store.isPageUrlTaken(eventId, candidates)) : [] };
}

/** GET /fundraising/events/{eventId}/edit: its Owner and Admins (and administrators). */
export async function getEventForUpdate(deps: FundraisingDeps, actor: Actor, eventId: string): Promise<FundraisingEvent> {
  const event = await eventOr404(deps, eventId);
  await requireManager(deps, 'event', eventId, actor);
  return eventView(deps, event, await deps.store.pagesOfEvent(eventId, { all: true }));
}

export async function updateEvent(deps: FundraisingDeps, actor: Actor | 'backOffice', eventId: string, change: EventUpdate): Promise<FundraisingEvent> {
  const event = await eventOr404(deps, eventId);
  if (actor !== 'backOffice') await requireManager(deps, 'event', eventId, actor);
  const endDate = checkEndDate(change.endDate, event.country, deps.clock.now(), { unchangedFrom: event.endDate });
  const updated = await deps.store.updateEventContent(eventId, { ...change, endDate });
  if (!updated) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.eventNotFound);
  return eventView(deps, updated, await deps.store.pagesOfEvent(eventId, { all: true }));
}

export async function getPageForUpdate(deps: FundraisingDeps, actor: Actor, pageId: string): Promise<Page> {
  const page = await pageOr404(deps, pageId);
  await requireManager(deps, 'page', pageId, actor);
  return pageView(deps, page);
}

export async function updatePage(deps: FundraisingDeps, actor: Actor | 'backOffice', pageId: string, change: PageUpdate): Promise<Page> {
  const page = await pageOr404(deps, pageId);
  if (actor !== 'backOffice') await requireManager(deps, 'page', pageId, actor);
  const endDate = checkEndDate(change.endDate, page.country, deps.clock.now(), { unchangedFrom: page.endDate });
  const updated = await deps.store.updatePageContent(pageId, { ...change, endDate });
  if (!updated) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.pageNotFound);
  return pageView(deps, updated);
}

/** Toggle status: `isOnline` sets it, none flips it. Who may is the route's business (managers, the charity, the back office). */
export async function toggleEvent(deps: FundraisingDeps, eventId: string, isOnline: boolean | undefined, check?: (event: StoredEvent) => Promise<void>) {
  const event = await eventOr404(deps, eventId);
  await check?.(event);
  const updated = await deps.store.setEventOnline(eventId, isOnline ?? !event.isOnline);
  if (!updated) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.eventNotFound);
  return { eventId, isOnline: updated.isOnline };
}

export async function togglePage(deps: FundraisingDeps, pageId: string, isOnline: boolean | undefined, check?: (page: StoredPage) => Promise<void>) {
  const page = await pageOr404(deps, pageId);
  await check?.(page);
  const updated = await deps.store.setPageOnline(pageId, isOnline ?? !page.isOnline);
  if (!updated) throw new DomainError('NotFound', FUNDRAISING_MESSAGES.pageNotFound);
  return { pageId, isOnline: updated.isOnline };
}

/** GET /fundraising/events/{eventId}/pages: every page, offline too, for the event's managers. */
export async function pagesOfEvent(deps: FundraisingDeps, actor: Actor, eventId: string) {
  await eventOr404(deps, eventId);
  await requireManager(deps, 'event', eventId, actor);
  const now = deps.clock.now();
  return { items: (await deps.store.pagesOfEvent(eventId, { all: true })).map((page) => pageSummary(page, now)) };
}
