import type { CharityProfile, ContentItem, ContentStatus } from '@giving/shared/contracts/accounts';
import { conflict, notFound } from '@giving/shared/errors';

/** The charity profile fields a proposal may change (what the charity console's settings form edits). */
export type ProfileChanges = Partial<Pick<CharityProfile, 'description' | 'website' | 'location' | 'causes'>>;

export type Decision =
  | { status: 'Live'; decidedBy: string; decidedByName: string; decidedAt: string; apply: ProfileChanges }
  | { status: 'Denied'; decidedBy: string; decidedByName: string; decidedAt: string; reason: string };

/** The administrator deciding: their member id, and their name as the back office shows it. */
export interface Decider {
  memberId: string;
  name: string;
}

export interface ContentStore {
  get(contentId: string): Promise<ContentItem | undefined>;
  /** Newest first. */
  listByStatus(status: ContentStatus, limit: number): Promise<ContentItem[]>;
  /**
   * In one transaction, only while the item is still Proposed: records the decision, applies approved changes to the
   * charity profile, and clears the charity's pending-change pointer if it still points at this item (a denial then
   * stays on the charity's settings, with its reason, until the charity sends another proposal).
   */
  decide(item: ContentItem, decision: Decision): Promise<'decided' | 'alreadyDecided' | 'charityMissing'>;
}

type Clock = { now(): Date };

export const CONTENT_LIST_LIMIT = 100;
export const ALREADY_DECIDED = 'This content has already been decided.';

export async function listContent(deps: { content: ContentStore }, status: ContentStatus = 'Proposed'): Promise<{ items: ContentItem[] }> {
  return { items: await deps.content.listByStatus(status, CONTENT_LIST_LIMIT) };
}

/** Only the fields a charity may propose, with the types the profile needs; anything else in a proposal is ignored. */
export function profileChanges(changes: Readonly<Record<string, unknown>>): ProfileChanges {
  const picked: ProfileChanges = {};
  if (typeof changes.description === 'string') picked.description = changes.description;
  if (typeof changes.website === 'string') picked.website = changes.website;
  if (typeof changes.location === 'string') picked.location = changes.location;
  if (Array.isArray(changes.causes) && changes.causes.every((c) => typeof c === 'string')) picked.causes = changes.causes as string[];
  return picked;
}

async function decide(deps: { content: ContentStore }, contentId: string, decisionFor: (item: ContentItem) => Decision): Promise<ContentItem> {
  const item = await deps.content.get(contentId);
  if (!item) throw notFound('Content');
  if (item.status !== 'Proposed') throw conflict(ALREADY_DECIDED);
  const decision = decisionFor(item);
  // The store writes only while the item is still Proposed, so of two concurrent decisions exactly one lands.
  const outcome = await deps.content.decide(item, decision);
  if (outcome === 'alreadyDecided') throw conflict(ALREADY_DECIDED);
  if (outcome === 'charityMissing') throw notFound('Charity');
  const { status, decidedBy, decidedByName, decidedAt } = decision;
  return { ...item, status, decidedBy, decidedByName, decidedAt, ...(decision.status === 'Denied' ? { reason: decision.reason } : {}) };
}

/** Approves a proposed change: it goes live on the charity's profile. Exactly one of two concurrent decisions wins. */
export function approveContent(deps: { content: ContentStore; clock: Clock }, contentId: string, by: Decider): Promise<ContentItem> {
  return decide(deps, contentId, (item) => ({
    status: 'Live',
    decidedBy: by.memberId,
    decidedByName: by.name,
    decidedAt: deps.clock.now().toISOString(),
    apply: profileChanges(item.changes),
  }));
}

/**
 * Denies a proposed change with a reason; the profile stays as it was. The charity sees the reason on its settings
 * and is e-mailed it (notifyContentDenied, from the table stream once the denial is stored).
 */
export function denyContent(deps: { content: ContentStore; clock: Clock }, contentId: string, by: Decider, reason: string): Promise<ContentItem> {
  return decide(deps, contentId, () => ({ status: 'Denied', decidedBy: by.memberId, decidedByName: by.name, decidedAt: deps.clock.now().toISOString(), reason }));
}
