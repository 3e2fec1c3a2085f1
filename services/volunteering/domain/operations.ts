import { VOLUNTEER_CATEGORIES, VOLUNTEER_SKILLS, type RecommendedRoles, type RecommenderModel, type ReindexResult } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import type { EventDefinition } from '@giving/shared/events';
import {
  CharityVolunteerApplicationReindexed,
  UserVolunteerApplicationReindexed,
  VolunteerApplicationInvitationReindexed,
  VolunteeringCatalogueReindexed,
  VolunteeringOpportunityReindexed,
} from '@giving/shared/events/volunteering';
import { isListedFor } from './access';
import type { Actor, ReindexDeps, StoredApplication, StoredOpportunity, VolunteeringDeps } from './ports';
import { applicationCounts, DEFAULT_WEIGHTS, featuresOf, PROXIMITY_SCALE_KM, profileOf, reasonsFor, scoreOf, train } from './recommender';
import { sessionLocation } from '@giving/shared/volunteering-rules';
import { hasEnded, scheduleTypeOf, toCard } from './schedule';

/** The operations: training the recommender, recommending roles, and re-emitting search documents (ReIndex*). */

/** POST /volunteering/modelTraining: trains on every application and opportunity, keeps the model, and answers it as a file. */
export async function trainModel(deps: Pick<VolunteeringDeps, 'opportunities' | 'applications' | 'reference' | 'clock'>): Promise<{ model: RecommenderModel; fileName: string }> {
  const [opportunities, { applications }] = await Promise.all([deps.opportunities.listAll(), deps.applications.listAll()]);
  const model = train(applications, opportunities, deps.clock.now());
  await deps.reference.saveModel(model);
  return { model, fileName: `volunteering-recommender-${model.version}.json` };
}

export const RECOMMENDATIONS = 10;

/** GET /volunteering/recommendRoles: the member's best-scoring open roles they have not applied for, each with why. */
export async function recommendRoles(
  deps: Pick<VolunteeringDeps, 'opportunities' | 'applications' | 'reference' | 'roles' | 'clock'>,
  actor: Actor,
  country: CountryCode,
): Promise<RecommendedRoles> {
  const now = deps.clock.now();
  const [model, listed, mine, workplaces] = await Promise.all([
    deps.reference.getModel(),
    deps.opportunities.listListed(country),
    deps.applications.listByMember(actor.memberId),
    deps.roles.workplacesOf(actor.memberId),
  ]);
  const weights = model?.weights ?? DEFAULT_WEIGHTS;
  const scaleKm = model?.proximityScaleKm ?? PROXIMITY_SCALE_KM;
  const viewer = { actor, workplaceIds: new Set(workplaces.map((w) => w.workplaceId)) };
  const known = new Map(listed.map((o) => [o.id, o]));
  for (const id of new Set(mine.map((a) => a.opportunityId))) {
    if (!known.has(id)) {
      const opportunity = await deps.opportunities.get(id);
      if (opportunity) known.set(id, opportunity);
    }
  }
  const profile = profileOf(mine, known);
  // Popularity from the applications to the listed roles (a query per role would not scale; the feed's counts are enough).
  const counts = applicationCounts((await Promise.all(listed.map((o) => deps.applications.listByOpportunity(o.id)))).flat());
  const maxApplications = Math.max(model?.maxApplications ?? 0, ...counts.values());
  const items = listed
    .filter((o) => isListedFor(o, viewer) && !profile.applied.has(o.id) && o.sessions.some((s) => !hasEnded(s, now)))
    .map((opportunity) => {
      const features = featuresOf(profile, opportunity, counts.get(opportunity.id) ?? 0, maxApplications, scaleKm);
      return {
        opportunity: toCard(opportunity, now),
        score: Math.round(scoreOf(weights, features) * 10000) / 10000,
        reasons: reasonsFor({ weights }, features, profile, opportunity, counts.get(opportunity.id) ?? 0),
      };
    })
    .sort((a, b) => b.score - a.score || a.opportunity.title.localeCompare(b.opportunity.title))
    .slice(0, RECOMMENDATIONS);
  return { modelVersion: model?.version ?? 'default', items };
}

/* ReIndex: one event per document, sent in PutEvents batches. */

export const INDEXES = {
  opportunities: 'volunteeringopportunities-v2',
  userApplications: 'uservolunteerapplications-v1',
  charityApplications: 'charityvolunteerapplications-v1',
  invitations: 'volunteerapplicationinvitations-v1',
  catalogues: 'volunteeringcatalogues-v1',
} as const;

type ReindexAll = Pick<VolunteeringDeps, 'opportunities' | 'applications' | 'newId'> & ReindexDeps;

async function emit<D>(deps: ReindexAll, definition: EventDefinition<string, { reindexId: string; index: string; document: D }>, index: string, documents: D[]): Promise<ReindexResult> {
  const reindexId = deps.newId();
  const { batches } = await deps.events.publishAll(
    definition,
    documents.map((document) => ({ data: { reindexId, index, document } })),
  );
  return { index, eventName: definition.name, documents: documents.length, batches };
}

/**
 * An opportunity's search document (index volunteeringopportunities-v2), the same whether ReIndexVolunteeringOpportunity
 * re-emits it or the table's stream publishes a change (domain/opportunity-events.ts); `revision` orders its states.
 */
export function opportunityDocument(o: StoredOpportunity) {
  const place = (l?: { lat: number; lon: number }) => (l ? { lat: l.lat, lon: l.lon } : undefined);
  const location = o.location ?? o.sessions.map((s) => s.location).find((l) => l !== undefined);
  return {
    id: o.id,
    type: 'volunteeringopportunities' as const,
    title: o.title,
    image: o.imageUrl,
    slug: `${o.charity.charityUrl}/${o.opportunityUrl}`,
    description: o.description,
    country: o.country,
    charities: [
      {
        id: o.charity.id,
        name: o.charity.name,
        image: o.charity.logoImageUrl,
        slug: o.charity.charityUrl,
        ...(location ? { suburb: location.suburb, location: place(location) } : {}),
      },
    ],
    sessions: o.sessions.map((s) => {
      const at = sessionLocation(o, s);
      return { id: s.id, requiredpeople: s.requiredPeople, startTime: s.startsAt, ...(s.endsAt ? { endTime: s.endsAt } : {}), ...(at ? { location: place(at) } : {}) };
    }),
    scheduleType: scheduleTypeOf(o),
    isexclusive: o.exclusiveCorporateId !== undefined,
    ...(o.exclusiveCorporateId ? { exclusiveCorporateId: o.exclusiveCorporateId } : {}),
    isremote: o.isRemote,
    ...(o.recurringSchedule ? { frequency: o.recurringSchedule.frequency } : {}),
    opportunityType: o.opportunityType,
    skills: o.skills,
    categories: o.categories,
    sdgs: o.sdgs,
    contentStatus: o.contentStatus,
    isOnline: o.isOnline,
    createdAt: o.createdAt,
    revision: o.revision,
  };
}

const applicationFields = (a: StoredApplication) => ({
  id: a.id,
  applicationType: a.applicationType,
  status: a.status,
  opportunityId: a.opportunityId,
  opportunityTitle: a.opportunityTitle,
  charityId: a.charity.id,
  charityName: a.charity.name,
  sessionId: a.sessionId,
  sessionStartsAt: a.session.startsAt,
  seats: a.seats,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

export const reindexOpportunities = async (deps: ReindexAll) =>
  emit(deps, VolunteeringOpportunityReindexed, INDEXES.opportunities, (await deps.opportunities.listAll()).map(opportunityDocument));

export const reindexUserApplications = async (deps: ReindexAll) =>
  emit(deps, UserVolunteerApplicationReindexed, INDEXES.userApplications, (await deps.applications.listAll()).applications.map((a) => ({ ...applicationFields(a), memberId: a.applicant.memberId })));

export const reindexCharityApplications = async (deps: ReindexAll) =>
  emit(
    deps,
    CharityVolunteerApplicationReindexed,
    INDEXES.charityApplications,
    (await deps.applications.listAll()).applications.map((a) => ({
      ...applicationFields(a),
      applicant: { memberId: a.applicant.memberId, name: `${a.applicant.firstName} ${a.applicant.lastName}`.trim(), email: a.applicant.email },
      ...(a.teamName ? { teamName: a.teamName } : {}),
    })),
  );

export async function reindexInvitations(deps: ReindexAll): Promise<ReindexResult> {
  const { applications, invites } = await deps.applications.listAll();
  const byId = new Map(applications.map((a) => [a.id, a]));
  const documents = invites.flatMap((invite) => {
    const a = byId.get(invite.applicationId);
    if (!a) return [];
    return [
      {
        id: `${invite.applicationId}#${invite.email}`,
        applicationId: invite.applicationId,
        email: invite.email,
        responseStatus: invite.responseStatus,
        teamName: a.teamName ?? '',
        opportunityId: a.opportunityId,
        opportunityTitle: a.opportunityTitle,
        charityName: a.charity.name,
        sessionStartsAt: a.session.startsAt,
        invitedAt: invite.invitedAt,
      },
    ];
  });
  return emit(deps, VolunteerApplicationInvitationReindexed, INDEXES.invitations, documents);
}

/** The skill and category catalogues, each entry with how many Live opportunities use it. */
export async function reindexCatalogues(deps: ReindexAll): Promise<ReindexResult> {
  const live = (await deps.opportunities.listAll()).filter((o) => o.contentStatus === 'Live');
  const count = (pick: (o: StoredOpportunity) => string[], name: string) => live.filter((o) => pick(o).includes(name)).length;
  const documents = [
    ...VOLUNTEER_SKILLS.map((name) => ({ id: `skill#${name}`, kind: 'skill' as const, name, opportunityCount: count((o) => o.skills, name) })),
    ...VOLUNTEER_CATEGORIES.map((name) => ({ id: `category#${name}`, kind: 'category' as const, name, opportunityCount: count((o) => o.categories, name) })),
  ];
  return emit(deps, VolunteeringCatalogueReindexed, INDEXES.catalogues, documents);
}
