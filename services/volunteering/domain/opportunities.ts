import {
  OPPORTUNITY_SORT_OPTIONS,
  VOLUNTEERING_CLIENT_MESSAGES,
  VOLUNTEERING_MESSAGES as M,
  type BackOfficeOpportunityUpdate,
  type BulkUpdateSdgs,
  type Comment,
  type ContentStatus,
  type Opportunity,
  type OpportunityCardPage,
  type OpportunityEdit,
  type OpportunityInput,
  type OpportunityList,
  type OpportunityListQuery,
  type OpportunitySortOption,
  type OpportunityTemplate,
  type Session,
  type SessionsSummary,
  type VolunteeringBackOfficeDashboard,
} from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { DomainError, invalid, notFound } from '@giving/shared/errors';
import { isAdministrator } from '@giving/shared/permissions';
import { COUNTRY_TIME_ZONES } from '@giving/shared/local-time';
import { rosterSpan } from '@giving/shared/recurring-schedule';
import { isListedFor, requireCharityPermission, requireManaged, requireVisible, type Viewer } from './access';
import type { Actor, SessionChanges, SessionPlan, StoredOpportunity, StoredSession, VolunteeringDeps } from './ports';
import { sessionLocation } from '@giving/shared/volunteering-rules';
import { distanceKm, nextStartsAt, opportunityMatchesDateFilter, sessionsSummary, toCard, toOpportunity, toOpportunityEdit, toSession } from './schedule';

/**
 * Opportunities and their sessions: charities create, edit, delete and take them on- and offline; the back office
 * approves (Live), denies or edits them; visitors and members list and read the Live, online ones they may see.
 *
 * Content status: an opportunity a charity creates is Proposed until the back office makes it Live (an
 * administrator's is Live at once); a Denied one goes back to Proposed when its charity edits it; a charity's edits to
 * a Live one keep it Live (the back office can deny it at any time). Only Live and online opportunities are listed.
 */

export const DEFAULT_RADIUS_KM = 25;
export const DEFAULT_PAGE_SIZE = 24;
export const OPPORTUNITY_CHANGED_MESSAGE = 'This opportunity was changed by someone else meanwhile. Reload it and try again.';
const CHANGED_ATTEMPTS = 5;

type Deps = Pick<VolunteeringDeps, 'opportunities' | 'charities' | 'roles' | 'clock' | 'newId'>;

const urlTaken = () => new DomainError('Conflict', M.opportunityUrlTaken, [{ field: 'body.opportunityUrl', message: M.opportunityUrlTaken }]);

/**
 * The sessions an input describes, keeping the ids of existing ones it names. A recurring role's one session (its
 * roster) spans its schedule, worked out here from the schedule in the charity's time zone: the times a client sends
 * for it are not trusted to agree with the schedule.
 */
function plansFrom(input: OpportunityInput, newId: () => string, existing: ReadonlySet<string>, country: CountryCode): SessionPlan[] {
  const roster = input.hasSpecificDates || !input.recurringSchedule ? undefined : rosterSpan(input.recurringSchedule, COUNTRY_TIME_ZONES[country]);
  if (!input.hasSpecificDates && input.recurringSchedule && !roster) throw invalid([{ field: 'body.recurringSchedule.daysOfWeek', message: M.scheduleNeverMeets }]);
  return input.sessions.map((session, i) => {
    if (session.id !== undefined && !existing.has(session.id)) {
      throw invalid([{ field: `body.sessions.${i}.id`, message: 'This session is not part of the opportunity.' }]);
    }
    return {
      id: session.id ?? newId(),
      startsAt: roster ? roster.startsAt : new Date(session.startsAt).toISOString(),
      ...(roster ? (roster.endsAt ? { endsAt: roster.endsAt } : {}) : { endsAt: new Date(session.endsAt).toISOString() }),
      ...(input.hasSpecificDates && session.sessionTotalHours !== undefined ? { sessionTotalHours: session.sessionTotalHours } : {}),
      requiredPeople: session.requiredPeople,
      ...(session.location ? { location: session.location } : {}),
    };
  });
}

/** The stored fields an input sets (everything but identity, status and bookkeeping). */
function fieldsFrom(input: OpportunityInput, sessions: SessionPlan[]) {
  return {
    title: input.title,
    description: input.description,
    opportunityUrl: input.opportunityUrl,
    opportunityType: input.opportunityType,
    imageUrl: input.imageUrl,
    skills: [...new Set(input.skills)],
    categories: [...new Set(input.categories)],
    isRemote: input.isRemote,
    location: input.location,
    hasSpecificDates: input.hasSpecificDates,
    recurringSchedule: input.hasSpecificDates ? undefined : input.recurringSchedule,
    exclusiveCorporateId: input.exclusiveCorporateId || undefined,
    fee: input.fee,
    allowTeams: input.allowTeams ?? false,
    maxTeamSize: input.allowTeams ? input.maxTeamSize : undefined,
    contactEmail: input.contactEmail,
    sessions,
  };
}

const sessionItem = (opportunity: StoredOpportunity, plan: SessionPlan): StoredSession => ({
  ...plan,
  opportunityId: opportunity.id,
  charityId: opportunity.charity.id,
  placesTaken: 0,
  remaining: plan.requiredPeople,
});

/** POST /volunteering/opportunity — a charity's new opportunity (Proposed; an administrator's is Live). */
export async function createOpportunity(deps: Deps, actor: Actor, input: OpportunityInput): Promise<Opportunity> {
  const charity = await deps.charities.getById(input.charityId);
  if (!charity) throw invalid([{ field: 'body.charityId', message: 'This charity was not found.' }]);
  await requireCharityPermission(deps.roles, actor, charity.id, 'Charity_VolunteeringManage');
  const now = deps.clock.now();
  const existing = await deps.opportunities.getByUrl(charity.id, input.opportunityUrl);
  if (existing) throw urlTaken();
  const sessions = plansFrom(input, deps.newId, new Set(), charity.country);
  const opportunity: StoredOpportunity = {
    id: deps.newId(),
    charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
    country: charity.country,
    ...fieldsFrom(input, sessions),
    sdgs: input.sdgs ?? [],
    contentStatus: isAdministrator(actor.groups) ? 'Live' : 'Proposed',
    isOnline: input.isOnline ?? true,
    createdBy: actor.memberId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    revision: 1,
  };
  const items = sessions.map((plan) => sessionItem(opportunity, plan));
  if ((await deps.opportunities.create(opportunity, items)) === 'urlTaken') throw urlTaken();
  return toOpportunity(opportunity, items, now);
}

/**
 * PATCH /volunteering/opportunity/{opportunityId} — the whole edit form again. Sessions named by id are changed
 * (never below the places already taken), new ones added, missing ones removed (only when nobody holds a place).
 */
export async function updateOpportunity(deps: Deps, actor: Actor, opportunityId: string, input: OpportunityInput): Promise<Opportunity> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const current = await requireManaged(deps.roles, await deps.opportunities.get(opportunityId), actor);
    if (input.charityId !== current.charity.id) throw invalid([{ field: 'body.charityId', message: 'An opportunity cannot move to another charity.' }]);
    const now = deps.clock.now();
    const existingIds = new Set(current.sessions.map((s) => s.id));
    const sessions = plansFrom(input, deps.newId, existingIds, current.country);
    const next: StoredOpportunity = {
      ...current,
      ...fieldsFrom(input, sessions),
      sdgs: input.sdgs ?? current.sdgs,
      isOnline: input.isOnline ?? current.isOnline,
      contentStatus: current.contentStatus === 'Denied' ? 'Proposed' : current.contentStatus,
      deniedReason: current.contentStatus === 'Denied' ? undefined : current.deniedReason,
      deniedAt: current.contentStatus === 'Denied' ? undefined : current.deniedAt,
      updatedAt: now.toISOString(),
      revision: current.revision + 1,
    };
    const kept = new Set(sessions.map((s) => s.id));
    const changes: SessionChanges = {
      added: sessions.filter((s) => !existingIds.has(s.id)).map((plan) => sessionItem(next, plan)),
      updated: sessions.filter((s) => existingIds.has(s.id)),
      removed: current.sessions.filter((s) => !kept.has(s.id)).map((s) => s.id),
    };
    const outcome = await deps.opportunities.replace(current, next, changes);
    if (outcome === 'changed') continue;
    if (outcome === 'urlTaken') throw urlTaken();
    if (typeof outcome === 'object' && 'capacityBelowTaken' in outcome) {
      const index = sessions.findIndex((s) => s.id === outcome.capacityBelowTaken);
      const session = await deps.opportunities.getSession(outcome.capacityBelowTaken);
      const message = M.capacityBelowTaken(session?.placesTaken ?? 0);
      throw new DomainError('Conflict', message, [{ field: `body.sessions.${index}.requiredPeople`, message }]);
    }
    if (typeof outcome === 'object' && 'sessionInUse' in outcome) throw new DomainError('Conflict', M.sessionHasApplications);
    return toOpportunity(next, await deps.opportunities.listSessions(opportunityId), now);
  }
  throw new DomainError('Conflict', OPPORTUNITY_CHANGED_MESSAGE);
}

/** DELETE /volunteering/opportunity/{opportunityId} (and the back office's) — only while nobody holds a place. */
export async function deleteOpportunity(deps: Deps, opportunity: StoredOpportunity): Promise<void> {
  const outcome = await deps.opportunities.delete(opportunity);
  if (outcome === 'inUse') throw new DomainError('Conflict', M.opportunityHasApplications);
  if (outcome === 'changed') throw new DomainError('Conflict', OPPORTUNITY_CHANGED_MESSAGE);
}

export async function deleteManagedOpportunity(deps: Deps, actor: Actor, opportunityId: string): Promise<void> {
  await deleteOpportunity(deps, await requireManaged(deps.roles, await deps.opportunities.get(opportunityId), actor));
}

/** GET /volunteering/opportunity/{opportunityId}/edit — the edit form's data (its charity's volunteering staff). */
export async function getOpportunityEdit(deps: Deps, actor: Actor, opportunityId: string): Promise<OpportunityEdit> {
  const opportunity = await requireManaged(deps.roles, await deps.opportunities.get(opportunityId), actor, 'Charity_VolunteeringView');
  return toOpportunityEdit(opportunity, await deps.opportunities.listSessions(opportunityId), deps.clock.now());
}

/** The back office's edit view: any opportunity. */
export async function getOpportunityEditForBackOffice(deps: Deps, opportunityId: string): Promise<OpportunityEdit> {
  const opportunity = await deps.opportunities.get(opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  return toOpportunityEdit(opportunity, await deps.opportunities.listSessions(opportunityId), deps.clock.now());
}

const csv = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** Decodes the list's cursor: an offset into the filtered list (it is re-filtered on each page). */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(offset) || offset < 0) throw invalid([{ field: 'query.cursor', message: 'Invalid Input!' }]);
  return offset;
}

/**
 * One charity's opportunities in the country, from its own index partition rather than the country's whole list
 * (the listing rules are applied by the caller, as for the country's); an unknown charity has none.
 */
async function listedOfCharity(deps: Deps, charityUrl: string, country: CountryCode): Promise<StoredOpportunity[]> {
  const charity = await deps.charities.getByUrl(charityUrl);
  if (!charity) return [];
  return (await deps.opportunities.listByCharity(charity.id)).filter((opportunity) => opportunity.country === country);
}

/** The list's order: the sort option asked for, else nearest with a lat/lon filter, else soonest. */
function sortOption(id: string | undefined, hasCentre: boolean): OpportunitySortOption {
  if (id === undefined || id === '') return hasCentre ? 'nearest' : 'soonest';
  const known = OPPORTUNITY_SORT_OPTIONS.find((option) => option === id);
  if (!known) throw invalid([{ field: 'query.sort', message: VOLUNTEERING_CLIENT_MESSAGES.unknownSort(id) }]);
  return known;
}

/**
 * GET /volunteering/opportunity — Live, online opportunities of a country the viewer may see (exclusive ones only
 * for their workplace's members), filtered (remote, location, dates, skills, categories, type, words), nearest
 * first with a lat/lon filter, else soonest next session first.
 */
export async function listOpportunities(deps: Deps, viewer: Viewer, query: OpportunityListQuery): Promise<OpportunityList> {
  const now = deps.clock.now();
  const country = query.country ?? 'nz';
  const sort = sortOption(query.sort, query.lat !== undefined);
  const all = query.charityUrl ? await listedOfCharity(deps, query.charityUrl, country) : await deps.opportunities.listListed(country);
  const skills = csv(query.skills);
  const categories = csv(query.categories);
  const words = csv(query.q?.replace(/\s+/g, ','));
  const place = query.location?.trim().toLowerCase();
  const centre = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : undefined;
  const radius = query.radiusKm ?? DEFAULT_RADIUS_KM;
  const matches: { opportunity: StoredOpportunity; distance?: number }[] = [];
  for (const opportunity of all) {
    if (!isListedFor(opportunity, viewer)) continue;
    if (query.isRemote !== undefined && opportunity.isRemote !== (query.isRemote === 'true')) continue;
    if (query.opportunityType && opportunity.opportunityType !== query.opportunityType) continue;
    if (skills.length && !opportunity.skills.some((s) => skills.includes(s.toLowerCase()))) continue;
    if (categories.length && !opportunity.categories.some((c) => categories.includes(c.toLowerCase()))) continue;
    if (query.dateFilter && !opportunityMatchesDateFilter(opportunity, query.dateFilter, now, query.date)) continue;
    const text = `${opportunity.title} ${opportunity.description} ${opportunity.charity.name}`.toLowerCase();
    if (words.length && !words.every((word) => text.includes(word))) continue;
    const locations = opportunity.sessions.map((s) => sessionLocation(opportunity, s)).filter((l) => l !== undefined);
    if (place && (opportunity.isRemote || !locations.some((l) => l.suburb.toLowerCase().includes(place) || l.address?.toLowerCase().includes(place)))) continue;
    let distance: number | undefined;
    if (centre) {
      if (opportunity.isRemote) continue;
      distance = Math.min(...locations.map((l) => distanceKm(centre, l)));
      if (!(distance <= radius)) continue;
    }
    matches.push({ opportunity, distance });
  }
  const nextStart = (o: StoredOpportunity) => nextStartsAt(o, now) ?? '9999';
  const newest = (a: StoredOpportunity, b: StoredOpportunity) => b.createdAt.localeCompare(a.createdAt);
  matches.sort((a, b) =>
    sort === 'nearest' && centre
      ? (a.distance ?? 0) - (b.distance ?? 0)
      : sort === 'newest'
        ? newest(a.opportunity, b.opportunity)
        : nextStart(a.opportunity).localeCompare(nextStart(b.opportunity)) || newest(a.opportunity, b.opportunity),
  );
  const offset = offsetOf(query.cursor);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = matches.slice(offset, offset + limit);
  return {
    items: page.map((m) => toCard(m.opportunity, now, m.distance)),
    total: matches.length,
    ...(offset + limit < matches.length ? { nextCursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}),
  };
}

/** GET /volunteering/charity/{charityId}/opportunity — every opportunity of the charity, whatever its status (the console). */
export async function listCharityOpportunities(deps: Deps, charityId: string): Promise<OpportunityCardPage> {
  const now = deps.clock.now();
  return { items: (await deps.opportunities.listByCharity(charityId)).map((o) => toCard(o, now)) };
}

/** GET /volunteering/charity/{charityUrl}/vacancy/{opportunityUrl} — the vacancy page: the opportunity with its sessions' capacity. */
export async function getVacancy(deps: Deps, viewer: Viewer, charityUrl: string, opportunityUrl: string, backOffice = false): Promise<Opportunity> {
  const charity = await deps.charities.getByUrl(charityUrl);
  if (!charity) throw notFound('Opportunity');
  const found = await deps.opportunities.getByUrl(charity.id, opportunityUrl);
  const opportunity = backOffice ? found : await requireVisible(deps.roles, found, viewer);
  if (!opportunity) throw notFound('Opportunity');
  return toOpportunity(opportunity, await deps.opportunities.listSessions(opportunity.id), deps.clock.now());
}

/** The opportunity the viewer may see, with its sessions. */
export async function visibleOpportunity(deps: Deps, viewer: Viewer, opportunityId: string) {
  const opportunity = await requireVisible(deps.roles, await deps.opportunities.get(opportunityId), viewer);
  return { opportunity, sessions: await deps.opportunities.listSessions(opportunityId) };
}

export async function getSessionsSummary(deps: Deps, viewer: Viewer | 'backOffice', opportunityId: string): Promise<SessionsSummary> {
  const { opportunity, sessions } = await readable(deps, viewer, opportunityId);
  return sessionsSummary(opportunity, sessions, deps.clock.now());
}

export async function listSessions(deps: Deps, viewer: Viewer | 'backOffice', opportunityId: string): Promise<{ items: Session[] }> {
  const { opportunity, sessions } = await readable(deps, viewer, opportunityId);
  return { items: toOpportunity(opportunity, sessions, deps.clock.now()).sessions };
}

export async function getSession(deps: Deps, viewer: Viewer | 'backOffice', opportunityId: string, sessionId: string): Promise<Session> {
  const { opportunity, sessions } = await readable(deps, viewer, opportunityId);
  const session = sessions.find((s) => s.id === sessionId);
  if (!session) throw notFound('Session');
  return toSession(opportunity, session, deps.clock.now());
}

async function readable(deps: Deps, viewer: Viewer | 'backOffice', opportunityId: string) {
  if (viewer !== 'backOffice') return visibleOpportunity(deps, viewer, opportunityId);
  const opportunity = await deps.opportunities.get(opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  return { opportunity, sessions: await deps.opportunities.listSessions(opportunityId) };
}

/** Takes an opportunity on- or offline (`isOnline` given sets it; absent flips it). */
export async function setOnline(deps: Deps, opportunity: StoredOpportunity, isOnline: boolean | undefined): Promise<{ opportunityId: string; isOnline: boolean }> {
  let current = opportunity;
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const next = { ...current, isOnline: isOnline ?? !current.isOnline, updatedAt: deps.clock.now().toISOString(), revision: current.revision + 1 };
    const outcome = await deps.opportunities.replace(current, next, { added: [], updated: [], removed: [] });
    if (outcome === 'saved') return { opportunityId: next.id, isOnline: next.isOnline };
    const reread = await deps.opportunities.get(opportunity.id);
    if (!reread) throw notFound('Opportunity');
    current = reread;
  }
  throw new DomainError('Conflict', OPPORTUNITY_CHANGED_MESSAGE);
}

export async function toggleOnlineStatus(deps: Deps, actor: Actor, opportunityId: string, isOnline: boolean | undefined) {
  return setOnline(deps, await requireManaged(deps.roles, await deps.opportunities.get(opportunityId), actor), isOnline);
}

/** PATCH /volunteering/backOffice/opportunity/{opportunityId} — approve (Live), deny (with its reason), or edit its content. */
export async function updateByBackOffice(deps: Deps, opportunityId: string, change: BackOfficeOpportunityUpdate): Promise<void> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const current = await deps.opportunities.get(opportunityId);
    if (!current) throw notFound('Opportunity');
    const status: ContentStatus = change.contentStatus ?? current.contentStatus;
    const next: StoredOpportunity = {
      ...current,
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.imageUrl !== undefined ? { imageUrl: change.imageUrl } : {}),
      ...(change.skills !== undefined ? { skills: [...new Set(change.skills)] } : {}),
      ...(change.categories !== undefined ? { categories: [...new Set(change.categories)] } : {}),
      ...(change.sdgs !== undefined ? { sdgs: [...new Set(change.sdgs)].sort((a, b) => a - b) } : {}),
      ...(change.isOnline !== undefined ? { isOnline: change.isOnline } : {}),
      contentStatus: status,
      deniedReason: status === 'Denied' ? (change.deniedReason ?? current.deniedReason) : undefined,
      // A new denial (or a new reason) is news for the charity; an edit of a role that stays denied is not.
      deniedAt:
        status !== 'Denied' ? undefined : current.contentStatus !== 'Denied' || (change.deniedReason !== undefined && change.deniedReason !== current.deniedReason) ? deps.clock.now().toISOString() : current.deniedAt,
      updatedAt: deps.clock.now().toISOString(),
      revision: current.revision + 1,
    };
    const outcome = await deps.opportunities.replace(current, next, { added: [], updated: [], removed: [] });
    if (outcome === 'saved') return;
  }
  throw new DomainError('Conflict', OPPORTUNITY_CHANGED_MESSAGE);
}

/** POST /volunteering/backOffice/bulkUpdateOpportunitySdgs — every listed opportunity must exist (else 400 naming it, nothing written). */
export async function bulkUpdateSdgs(deps: Deps, request: BulkUpdateSdgs): Promise<void> {
  const found = await Promise.all(request.items.map((item) => deps.opportunities.get(item.opportunityId)));
  const missing = found.flatMap((o, i) => (o ? [] : [{ field: `body.items.${i}.opportunityId`, message: 'This opportunity was not found.' }]));
  if (missing.length) throw invalid(missing);
  for (const item of request.items) await updateByBackOffice(deps, item.opportunityId, { sdgs: item.sdgs });
}

/** The back office's moderation list (Proposed first by default). */
export async function listForBackOffice(deps: Deps, query: { contentStatus?: ContentStatus; q?: string; cursor?: string }): Promise<OpportunityCardPage> {
  const now = deps.clock.now();
  const page = await deps.opportunities.listByContentStatus(query.contentStatus ?? 'Proposed', query.cursor);
  const q = query.q?.trim().toLowerCase();
  const items = page.items.filter((o) => !q || `${o.title} ${o.charity.name}`.toLowerCase().includes(q));
  return { items: items.map((o) => toCard(o, now)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** GET /volunteering/backOffice/dashboard — how many roles wait for the back office's approval. */
export async function backOfficeDashboard(deps: Pick<Deps, 'opportunities'>): Promise<VolunteeringBackOfficeDashboard> {
  return { opportunitiesWaitingForApproval: await deps.opportunities.countByContentStatus('Proposed') };
}

/* Comments. */

export async function listComments(deps: Deps, viewer: Viewer | 'backOffice', opportunityId: string): Promise<{ items: Comment[] }> {
  await readable(deps, viewer, opportunityId);
  return { items: await deps.opportunities.listComments(opportunityId) };
}

export async function addComment(deps: Deps, viewer: Viewer & { actor: Actor }, opportunityId: string, text: string): Promise<Comment> {
  await requireVisible(deps.roles, await deps.opportunities.get(opportunityId), viewer);
  const name = `${viewer.actor.firstName} ${viewer.actor.lastName}`.trim() || 'A member';
  const comment = { id: deps.newId(), opportunityId, author: { memberId: viewer.actor.memberId, name }, text, createdAt: deps.clock.now().toISOString() };
  await deps.opportunities.addComment(comment);
  return comment;
}

/* Templates. */

export async function listTemplates(deps: Pick<VolunteeringDeps, 'reference'>) {
  const items = await deps.reference.listTemplates();
  const counts = new Map<string, number>();
  for (const template of items) for (const category of template.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
  return {
    items,
    categories: [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([category, count]) => ({ category, count })),
  };
}

export async function getTemplate(deps: Pick<VolunteeringDeps, 'reference'>, templateId: string): Promise<OpportunityTemplate> {
  const template = await deps.reference.getTemplate(templateId);
  if (!template) throw notFound('Template');
  return template;
}
