import type { EventPublisher } from '@giving/shared/events';
import { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { profileVersion } from './charity-events';

/** A workplace membership item's stored state, as the table stream hands it over (keys always; image unless removed). */
export interface WorkplaceMembershipRecord {
  keys: Record<string, unknown>;
  newImage?: { workplaceName?: unknown; roles?: unknown };
  sequenceNumber: string;
}

/** WORKPLACE#<workplaceId> / MEMBER#<memberId> (adapters/keys.ts), or undefined for any other item. */
export function membershipIds(keys: Record<string, unknown>): { workplaceId: string; memberId: string } | undefined {
  const [pk, sk] = [String(keys.pk ?? ''), String(keys.sk ?? '')];
  if (!pk.startsWith('WORKPLACE#') || !sk.startsWith('MEMBER#')) return undefined;
  const workplaceId = pk.slice('WORKPLACE#'.length);
  const memberId = sk.slice('MEMBER#'.length);
  return workplaceId && memberId ? { workplaceId, memberId } : undefined;
}

/**
 * Tells other services (donations gates payment methods and payroll pledges on it) a member's roles in a workplace,
 * for each stored state of the membership in order: a removed membership (no image) is published with no roles.
 */
export async function publishWorkplaceMembership(events: EventPublisher, record: WorkplaceMembershipRecord, publishedAt: string): Promise<'published' | 'ignored'> {
  const ids = membershipIds(record.keys);
  if (!ids) return 'ignored';
  const roles = Array.isArray(record.newImage?.roles) ? record.newImage.roles.filter((role): role is string => typeof role === 'string') : [];
  const workplaceName = record.newImage && typeof record.newImage.workplaceName === 'string' ? record.newImage.workplaceName : '';
  await events.publish(
    WorkplaceMembershipChanged,
    { ...ids, workplaceName, roles, version: profileVersion(record.sequenceNumber), publishedAt },
    { correlationId: ids.workplaceId },
  );
  return 'published';
}
