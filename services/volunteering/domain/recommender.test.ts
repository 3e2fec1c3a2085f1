import { describe, expect, it } from 'vitest';
import type { StoredApplication, StoredOpportunity } from './ports';
import { DEFAULT_WEIGHTS, featuresOf, profileOf, reasonsFor, scoreOf, train } from './recommender';

const place = (lat: number, lon: number) => ({ suburb: 'Somewhere', lat, lon });
const opportunity = (id: string, skills: string[], categories: string[], location = place(-36.85, 174.76), isRemote = false) =>
  ({ id, skills, categories, location, isRemote, sessions: [] }) as unknown as StoredOpportunity;
const application = (memberId: string, opportunityId: string) => ({ opportunityId, applicant: { memberId } }) as unknown as StoredApplication;

const gardening = opportunity('garden', ['Gardening'], ['Environment']);
const planting = opportunity('plant', ['Gardening'], ['Environment'], place(-36.9, 174.8));
const coding = opportunity('code', ['Software development'], ['Education'], place(-41.29, 174.78));
const remote = opportunity('remote', ['Writing'], ['Community'], undefined, true);

describe('the recommender', () => {
  it('computes explainable features from the member’s other applications', () => {
    const profile = profileOf([application('m', 'garden')], new Map([['garden', gardening]]));
    const near = featuresOf(profile, planting, 4, 10);
    expect(near.skillOverlap).toBe(1);
    expect(near.categoryOverlap).toBe(1);
    expect(near.proximity).toBeGreaterThan(0.7);
    expect(near.popularity).toBeCloseTo(Math.log1p(4) / Math.log1p(10));
    const far = featuresOf(profile, coding, 0, 10);
    expect(far).toMatchObject({ skillOverlap: 0, categoryOverlap: 0, popularity: 0 });
    expect(far.proximity).toBeLessThan(0.01);
    expect(featuresOf(profile, remote, 0, 10).proximity).toBe(1);
  });

  it('learns that members apply for roles like their others, and scores those higher', () => {
    const opportunities = [gardening, planting, coding, remote];
    const applications = ['a', 'b', 'c', 'd'].flatMap((m) => [application(m, 'garden'), application(m, 'plant')]);
    const model = train(applications, opportunities, new Date('2026-11-21T09:00:00Z'));
    expect(model.positives).toBe(8);
    expect(model.trainingExamples).toBeGreaterThan(model.positives);
    expect(model.weights.skillOverlap).toBeGreaterThan(0);
    const profile = profileOf([application('e', 'garden')], new Map(opportunities.map((o) => [o.id, o])));
    expect(scoreOf(model.weights, featuresOf(profile, planting, 4, 4))).toBeGreaterThan(scoreOf(model.weights, featuresOf(profile, coding, 0, 4)));
    // Deterministic: the same data trains the same model.
    expect(train(applications, opportunities, new Date('2026-11-21T09:00:00Z')).weights).toEqual(model.weights);
  });

  it('keeps the default weights with too little to learn from, and always gives a reason', () => {
    expect(train([], [gardening], new Date()).weights).toEqual(DEFAULT_WEIGHTS);
    const profile = profileOf([application('m', 'garden')], new Map([['garden', gardening]]));
    const reasons = reasonsFor({ weights: DEFAULT_WEIGHTS }, featuresOf(profile, planting, 3, 10), profile, planting, 3);
    expect(reasons[0]).toBe('Matches your skills: Gardening');
    expect(reasons).toContain('Popular: 3 people have applied');
    const empty = profileOf([], new Map());
    expect(reasonsFor({ weights: DEFAULT_WEIGHTS }, featuresOf(empty, coding, 0, 0), empty, coding, 0).length).toBe(1);
  });
});
