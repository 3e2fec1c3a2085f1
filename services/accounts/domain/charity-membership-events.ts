import type { EventPublisher } from '@giving/shared/events';
import { CharityMembershipChanged } from '@giving/shared/events/accounts';
import { profileVersion } from './charity-events';

/** A charity membership item's stored state, as the table stream hands it over (keys always; image unless removed). */
export interface CharityMembershipRecord {
  keys: Record<string, unknown>;
  newImage?: { roles?: unknown };
  sequenceNumber: string;
}

/** CHARITY#<charityId> / MEMBER#<memberId> (adapters/keys.ts), or undefined for any other item. */
export function charityMembershipIds(keys: Record<string, unknown>): { charityId: string; memberId: string } | undefined {
  const [pk, sk] = [String(keys.pk ?? ''), String(keys.sk ?? '')];
  if (!pk.startsWith('CHARITY#') || !sk.startsWith('MEMBER#')) return undefined;
  const charityId = pk.slice('CHARITY#'.length);
  const memberId = sk.slice('MEMBER#'.length);
  return charityId && memberId ? { charityId, memberId } : undefined;
}

/**
 * Tells other services (donations checks its charity console routes on it) a member's roles in a charity, for each
 * stored state of the membership in order: a removed membership (no image) is published with no roles.
 */
export async function publishCharityMembership(events: EventPublisher, record: CharityMembershipRecord, publishedAt: string): Promise<'published' | 'ignored'> {
  const ids = charityMembershipIds(record.keys);
  if (!ids) return 'ignored';
  const roles = Array.isArray(record.newImage?.roles) ? record.newImage.roles.filter((role): role is string => typeof role === 'string') : [];
  await events.publish(CharityMembershipChanged, { ...ids, roles, version: profileVersion(record.sequenceNumber), publishedAt }, { correlationId: ids.charityId });
  return 'published';
}
