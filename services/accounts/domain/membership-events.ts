import type { EventPublisher } from '@giving/shared/events';
import { BadgeAwarded, CharityMembershipChanged, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { profileVersion } from './charity-events';

/**
 * A member's roles in a charity or workplace, told to other services for each stored state of the membership item,
 * in order (donations checks its charity console routes, and gates payment methods and payroll pledges, on them).
 * A removed membership (no new image) is published with no roles. The version is the stream's sequence number.
 */
export interface MembershipRecord {
  keys: Record<string, unknown>;
  newImage?: { workplaceName?: unknown; roles?: unknown; firstName?: unknown; lastName?: unknown; email?: unknown; employmentType?: unknown; businessUnitId?: unknown; employeeNumber?: unknown; employmentStartDate?: unknown; employmentEndDate?: unknown };
  sequenceNumber: string;
}

/** CHARITY#<id> or WORKPLACE#<id> / MEMBER#<memberId> (adapters/keys.ts), or undefined for any other item. */
export function membershipIds(keys: Record<string, unknown>): { kind: 'charity' | 'workplace'; tenantId: string; memberId: string } | undefined {
  const [pk, sk] = [String(keys.pk ?? ''), String(keys.sk ?? '')];
  const kind = pk.startsWith('CHARITY#') ? 'charity' : pk.startsWith('WORKPLACE#') ? 'workplace' : undefined;
  if (!kind || !sk.startsWith('MEMBER#')) return undefined;
  const tenantId = pk.slice(pk.indexOf('#') + 1);
  const memberId = sk.slice('MEMBER#'.length);
  return tenantId && memberId ? { kind, tenantId, memberId } : undefined;
}

export async function publishMembership(events: EventPublisher, record: MembershipRecord, publishedAt: string): Promise<'published' | 'ignored'> {
  const ids = membershipIds(record.keys);
  if (!ids) return 'ignored';
  const roles = Array.isArray(record.newImage?.roles) ? record.newImage.roles.filter((role): role is string => typeof role === 'string') : [];
  const version = profileVersion(record.sequenceNumber);
  const { memberId, tenantId } = ids;
  if (ids.kind === 'charity') {
    await events.publish(CharityMembershipChanged, { charityId: tenantId, memberId, roles, version, publishedAt }, { correlationId: tenantId });
  } else {
    const image = record.newImage ?? {};
    const workplaceName = typeof image.workplaceName === 'string' ? image.workplaceName : '';
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    const employmentType = ['Permanent', 'Contractor', 'Casual'].find((type) => type === image.employmentType) as 'Permanent' | 'Contractor' | 'Casual' | undefined;
    // What payroll knows of the member (workplace's payroll files): only the fields the item has.
    const employee = Object.fromEntries(
      Object.entries({
        firstName: text(image.firstName),
        lastName: text(image.lastName),
        email: text(image.email),
        employmentType,
        businessUnitId: text(image.businessUnitId),
        employeeNumber: text(image.employeeNumber),
        employmentStartDate: text(image.employmentStartDate),
        employmentEndDate: text(image.employmentEndDate),
      }).filter(([, value]) => value !== undefined),
    );
    await events.publish(WorkplaceMembershipChanged, { workplaceId: tenantId, memberId, workplaceName, roles, ...employee, version, publishedAt }, { correlationId: tenantId });
  }
  return 'published';
}

/**
 * A member record's names, told to other services for each stored state (volunteering names applicants and team
 * leaders from them). Only MEMBER#<id> / PROFILE items; the version is the stream's sequence number.
 */
export async function publishMemberNames(
  events: EventPublisher,
  record: { keys: Record<string, unknown>; newImage?: { firstName?: unknown; lastName?: unknown }; sequenceNumber: string },
  publishedAt: string,
): Promise<'published' | 'ignored'> {
  const [pk, sk] = [String(record.keys.pk ?? ''), String(record.keys.sk ?? '')];
  const memberId = pk.startsWith('MEMBER#') && sk === 'PROFILE' ? pk.slice('MEMBER#'.length) : '';
  if (!memberId || !record.newImage) return 'ignored';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  await events.publish(
    MemberNamesChanged,
    { memberId, firstName: text(record.newImage.firstName), lastName: text(record.newImage.lastName), version: profileVersion(record.sequenceNumber), publishedAt },
    { correlationId: memberId },
  );
  return 'published';
}

/**
 * A member's badge item, first stored (MEMBER#<id> / BADGE#<badge id>): BadgeAwarded, its id the member's and the
 * badge's, so a redelivered record announces nothing new.
 */
export async function publishBadgeAwarded(
  events: EventPublisher,
  record: { keys: Record<string, unknown>; newImage?: { name?: unknown; icon?: unknown; donationCount?: unknown; awardedAt?: unknown } },
): Promise<'published' | 'ignored'> {
  const [pk, sk] = [String(record.keys.pk ?? ''), String(record.keys.sk ?? '')];
  const memberId = pk.startsWith('MEMBER#') ? pk.slice('MEMBER#'.length) : '';
  const badgeId = sk.startsWith('BADGE#') ? sk.slice('BADGE#'.length) : '';
  const image = record.newImage;
  if (!memberId || !badgeId || !image || typeof image.awardedAt !== 'string') return 'ignored';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  await events.publish(
    BadgeAwarded,
    { memberId, badgeId, name: text(image.name), icon: text(image.icon), donationCount: typeof image.donationCount === 'number' ? image.donationCount : 0, awardedAt: image.awardedAt },
    { id: `badge-${memberId}-${badgeId}`, correlationId: memberId },
  );
  return 'published';
}
