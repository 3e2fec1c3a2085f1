import type { RecommenderModel } from '@giving/shared/contracts/volunteering';
import type { StoredApplication, StoredOpportunity } from './ports';
import { sessionLocation } from '@giving/shared/volunteering-rules';
import { distanceKm } from './schedule';

/**
 * A small, explainable recommender: the chance a member applies for a role is a logistic function of four features,
 * each in [0, 1] and each readable as a reason:
 *   skillOverlap     share of the role's skills found in roles the member applied for
 *   categoryOverlap  share of the role's categories found there
 *   proximity        exp(-km / scale) from the centre of the places the member volunteered (1 for a remote role)
 *   popularity       log(1 + applications) / log(1 + the most applied-for role's)
 * Training (POST /volunteering/modelTraining) fits the weights by logistic regression on the applications: each
 * application is a positive (its features computed from the member's other applications), and roles the member did
 * not apply for are negatives. Pure and deterministic.
 */

export const FEATURES = ['skillOverlap', 'categoryOverlap', 'proximity', 'popularity'] as const;
export type Feature = (typeof FEATURES)[number];
export type Features = Record<Feature, number>;

export const PROXIMITY_SCALE_KM = 30;
const NEGATIVES_PER_POSITIVE = 3;
const ITERATIONS = 400;
const LEARNING_RATE = 0.5;
const L2 = 0.01;

/** Used until a model is trained: skills matter most, then categories, distance and popularity. */
export const DEFAULT_WEIGHTS: RecommenderModel['weights'] = { bias: -2, skillOverlap: 2.5, categoryOverlap: 1.5, proximity: 1.2, popularity: 0.8 };

export interface MemberProfile {
  skills: Map<string, number>;
  categories: Map<string, number>;
  centre?: { lat: number; lon: number };
  applied: Set<string>;
}

const tally = (map: Map<string, number>, keys: readonly string[]) => keys.forEach((k) => map.set(k, (map.get(k) ?? 0) + 1));

/** What the member's applications say about them (leaving one opportunity out, for training). */
export function profileOf(applications: readonly Pick<StoredApplication, 'opportunityId'>[], opportunities: ReadonlyMap<string, StoredOpportunity>, leaveOut?: string): MemberProfile {
  const profile: MemberProfile = { skills: new Map(), categories: new Map(), applied: new Set() };
  const points: { lat: number; lon: number }[] = [];
  for (const application of applications) {
    profile.applied.add(application.opportunityId);
    if (application.opportunityId === leaveOut) continue;
    const opportunity = opportunities.get(application.opportunityId);
    if (!opportunity) continue;
    tally(profile.skills, opportunity.skills);
    tally(profile.categories, opportunity.categories);
    const place = locationOf(opportunity);
    if (place && !opportunity.isRemote) points.push(place);
  }
  if (points.length) profile.centre = { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lon: points.reduce((s, p) => s + p.lon, 0) / points.length };
  return profile;
}

const locationOf = (opportunity: StoredOpportunity) => opportunity.location ?? opportunity.sessions.map((s) => sessionLocation(opportunity, s)).find((l) => l !== undefined);

const overlap = (wanted: readonly string[], known: ReadonlyMap<string, number>) => (wanted.length ? wanted.filter((w) => known.has(w)).length / wanted.length : 0);

export function featuresOf(profile: MemberProfile, opportunity: StoredOpportunity, applications: number, maxApplications: number, scaleKm = PROXIMITY_SCALE_KM): Features {
  const place = locationOf(opportunity);
  const proximity = opportunity.isRemote ? 1 : profile.centre && place ? Math.exp(-distanceKm(profile.centre, place) / scaleKm) : 0;
  return {
    skillOverlap: overlap(opportunity.skills, profile.skills),
    categoryOverlap: overlap(opportunity.categories, profile.categories),
    proximity,
    popularity: maxApplications > 0 ? Math.log1p(Math.max(0, applications)) / Math.log1p(maxApplications) : 0,
  };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
export const scoreOf = (weights: RecommenderModel['weights'], f: Features) =>
  sigmoid(weights.bias + FEATURES.reduce((sum, feature) => sum + weights[feature] * f[feature], 0));

/** Fits the weights on the applications (logistic regression, batch gradient descent with a little L2). */
export function train(
  applications: readonly StoredApplication[],
  opportunities: readonly StoredOpportunity[],
  at: Date,
): RecommenderModel {
  const byId = new Map(opportunities.map((o) => [o.id, o]));
  const counts = applicationCounts(applications);
  const maxApplications = Math.max(0, ...counts.values());
  const byMember = new Map<string, StoredApplication[]>();
  // Applications kept without their applicant (account deleted) belong to no one to learn from.
  for (const application of applications.filter((a) => a.applicant.memberId !== '')) byMember.set(application.applicant.memberId, [...(byMember.get(application.applicant.memberId) ?? []), application]);

  const examples: { x: Features; y: 0 | 1 }[] = [];
  const ids = opportunities.map((o) => o.id).sort();
  for (const [memberId, mine] of [...byMember.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const applied = new Set(mine.map((a) => a.opportunityId));
    const others = ids.filter((id) => !applied.has(id));
    mine.forEach((application, i) => {
      const opportunity = byId.get(application.opportunityId);
      if (!opportunity) return;
      const profile = profileOf(mine, byId, opportunity.id);
      examples.push({ x: featuresOf(profile, opportunity, (counts.get(opportunity.id) ?? 1) - 1, maxApplications), y: 1 });
      for (let k = 0; k < Math.min(NEGATIVES_PER_POSITIVE, others.length); k++) {
        const negative = byId.get(others[(hash(memberId) + i * NEGATIVES_PER_POSITIVE + k) % others.length] as string);
        if (negative) examples.push({ x: featuresOf(profile, negative, counts.get(negative.id) ?? 0, maxApplications), y: 0 });
      }
    });
  }

  const weights = examples.length >= 4 && examples.some((e) => e.y === 0) ? fit(examples) : { ...DEFAULT_WEIGHTS };
  return {
    kind: 'volunteering-recommender',
    version: `${at.toISOString().slice(0, 19).replace(/[-:T]/g, '')}-${examples.length}`,
    trainedAt: at.toISOString(),
    features: [...FEATURES],
    weights,
    proximityScaleKm: PROXIMITY_SCALE_KM,
    maxApplications,
    trainingExamples: examples.length,
    positives: examples.filter((e) => e.y === 1).length,
  };
}

function fit(examples: readonly { x: Features; y: 0 | 1 }[]): RecommenderModel['weights'] {
  const w: RecommenderModel['weights'] = { bias: 0, skillOverlap: 0, categoryOverlap: 0, proximity: 0, popularity: 0 };
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const gradient = { bias: 0, skillOverlap: 0, categoryOverlap: 0, proximity: 0, popularity: 0 };
    for (const { x, y } of examples) {
      const error = scoreOf(w, x) - y;
      gradient.bias += error;
      for (const feature of FEATURES) gradient[feature] += error * x[feature];
    }
    w.bias -= (LEARNING_RATE * gradient.bias) / examples.length;
    for (const feature of FEATURES) w[feature] -= LEARNING_RATE * (gradient[feature] / examples.length + L2 * w[feature]);
  }
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return { bias: round(w.bias), skillOverlap: round(w.skillOverlap), categoryOverlap: round(w.categoryOverlap), proximity: round(w.proximity), popularity: round(w.popularity) };
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}

export function applicationCounts(applications: readonly Pick<StoredApplication, 'opportunityId'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of applications) counts.set(a.opportunityId, (counts.get(a.opportunityId) ?? 0) + 1);
  return counts;
}

/** Why a role was recommended: each feature that added to its score, in words (at least one reason). */
export function reasonsFor(model: Pick<RecommenderModel, 'weights'>, f: Features, profile: MemberProfile, opportunity: StoredOpportunity, applications: number): string[] {
  const contributions = FEATURES.map((feature) => ({ feature, value: model.weights[feature] * f[feature] }))
    .filter((c) => c.value > 0.05)
    .sort((a, b) => b.value - a.value);
  const reasons = contributions.map(({ feature }) => {
    switch (feature) {
      case 'skillOverlap':
        return `Matches your skills: ${opportunity.skills.filter((s) => profile.skills.has(s)).join(', ')}`;
      case 'categoryOverlap':
        return `Like roles you chose before: ${opportunity.categories.filter((c) => profile.categories.has(c)).join(', ')}`;
      case 'proximity': {
        const place = locationOf(opportunity);
        if (opportunity.isRemote) return 'Remote: volunteer from anywhere';
        return profile.centre && place ? `About ${Math.round(distanceKm(profile.centre, place))} km from where you have volunteered` : 'Near where you have volunteered';
      }
      case 'popularity':
        return `Popular: ${applications} ${applications === 1 ? 'person has' : 'people have'} applied`;
    }
  });
  if (reasons.length === 0) reasons.push(opportunity.skills.length ? `A chance to use new skills: ${opportunity.skills.slice(0, 3).join(', ')}` : `Open to everyone: no experience needed`);
  return reasons;
}
