import type { BadgeReport } from '@giving/shared/contracts/workplace-reports';
import type { TenantRoleCopy } from '@giving/shared/copies';
import { toCsv } from '@giving/shared/csv';
import type { EventData } from '@giving/shared/events';
import type { BadgeAwarded } from '@giving/shared/events/accounts';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { monthRange } from './giving-reports';
import type { EmployeeStore, WorkplaceProfileStore } from './ports';

/**
 * The workplace's badges (issue 15 item 11, reports/badge-reports): each badge a member earns (accounts' BadgeAwarded)
 * is kept against every workplace they belong to (`BADGE#<awarded at>#<member id>#<badge id>`), with the business unit
 * they were in at the time and the workplace's local month, so the report can count badges by badge and by unit.
 */

export interface WorkplaceBadge {
  workplaceId: string;
  memberId: string;
  badgeId: string;
  name: string;
  icon: string;
  donationCount: number;
  businessUnitId?: string;
  /** The local month (YYYY-MM) in the workplace's country. */
  month: string;
  awardedAt: string;
}

export interface BadgeStore {
  save(badge: WorkplaceBadge): Promise<void>;
  /** The workplace's badges awarded in [from, to), oldest first, a page at a time. */
  between(workplaceId: string, fromIso: string, toIso: string): AsyncIterable<WorkplaceBadge>;
}

type RecordDeps = { badges: BadgeStore; roles: Pick<TenantRoleCopy, 'workplacesOf'>; employees: Pick<EmployeeStore, 'get'>; workplaces: Pick<WorkplaceProfileStore, 'get'> };

/** BadgeAwarded -> the badge, in each workplace the member belongs to. A repeat writes the same items again. */
export async function recordMemberBadge(deps: RecordDeps, award: EventData<typeof BadgeAwarded>): Promise<number> {
  const workplaces = await deps.roles.workplacesOf(award.memberId);
  for (const { workplaceId } of workplaces) {
    const [employee, profile] = await Promise.all([deps.employees.get(workplaceId, award.memberId), deps.workplaces.get(workplaceId)]);
    await deps.badges.save({
      workplaceId,
      memberId: award.memberId,
      badgeId: award.badgeId,
      name: award.name,
      icon: award.icon,
      donationCount: award.donationCount,
      ...(employee?.businessUnitId ? { businessUnitId: employee.businessUnitId } : {}),
      month: localMonth(award.awardedAt, COUNTRY_TIME_ZONES[profile?.country ?? 'nz']),
      awardedAt: award.awardedAt,
    });
  }
  return workplaces.length;
}

type BadgeReportBadge = BadgeReport['badges'][number];
type BadgeReportUnit = BadgeReport['byBusinessUnit'][number];

/**
 * Badges earned by the workplace's members between two months: by badge, and by business unit with how many of the
 * unit's members earned one. Members are counted in the unit they are in now, badges in the unit of their earner then.
 */
export async function badgeReport(
  deps: { badges: BadgeStore; employees: Pick<EmployeeStore, 'forWorkplace'>; workplaces: Pick<WorkplaceProfileStore, 'get'> },
  workplaceId: string,
  range: { from: string; to: string },
): Promise<BadgeReport> {
  const { fromIso, toIso } = monthRange(range);
  const workplace = await deps.workplaces.get(workplaceId);
  const unitNames = new Map((workplace?.businessUnits ?? []).map((unit) => [unit.id, unit.name]));
  const badges = new Map<string, BadgeReportBadge>();
  const blank = () => ({ members: new Set<string>(), earners: new Set<string>(), awarded: 0, byBadge: new Map<string, number>() });
  const units = new Map<string, ReturnType<typeof blank>>();
  const unitOf = (id: string) => {
    let unit = units.get(id);
    if (!unit) units.set(id, (unit = blank()));
    return unit;
  };
  for (const employee of (await deps.employees.forWorkplace(workplaceId)).values()) {
    if (employee.roles.length > 0) unitOf(employee.businessUnitId ?? '').members.add(employee.memberId);
  }
  for await (const award of deps.badges.between(workplaceId, fromIso, toIso)) {
    if (award.month < range.from || award.month > range.to) continue;
    const badge = badges.get(award.badgeId) ?? { badgeId: award.badgeId, name: award.name, icon: award.icon, donationCount: award.donationCount, awarded: 0 };
    badge.awarded += 1;
    badges.set(award.badgeId, badge);
    const unit = unitOf(award.businessUnitId ?? '');
    unit.earners.add(award.memberId);
    unit.awarded += 1;
    unit.byBadge.set(award.badgeId, (unit.byBadge.get(award.badgeId) ?? 0) + 1);
  }
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
  const byBusinessUnit = [...units]
    .map(([id, unit]): BadgeReportUnit => ({
      businessUnitId: id,
      name: id ? (unitNames.get(id) ?? 'A business unit since removed') : 'No business unit',
      members: unit.members.size,
      earners: unit.earners.size,
      awarded: unit.awarded,
      participation: percent([...unit.earners].filter((member) => unit.members.has(member)).length, unit.members.size),
      byBadge: Object.fromEntries(unit.byBadge),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const allMembers = new Set([...units.values()].flatMap((unit) => [...unit.members]));
  const allEarners = new Set([...units.values()].flatMap((unit) => [...unit.earners]));
  const byBadge: Record<string, number> = {};
  for (const badge of badges.values()) byBadge[badge.badgeId] = badge.awarded;
  return {
    from: range.from,
    to: range.to,
    // The badges in the order they are earned (fewest donations first).
    badges: [...badges.values()].sort((a, b) => a.donationCount - b.donationCount || a.name.localeCompare(b.name)),
    byBusinessUnit,
    totals: {
      members: allMembers.size,
      earners: allEarners.size,
      awarded: byBusinessUnit.reduce((sum, unit) => sum + unit.awarded, 0),
      participation: percent([...allEarners].filter((member) => allMembers.has(member)).length, allMembers.size),
      byBadge,
    },
  };
}

/** The same as CSV: a row per business unit and badge, then each unit's figures, then the workplace's. Never people. */
export async function badgeReportCsv(deps: Parameters<typeof badgeReport>[0], workplaceId: string, range: { from: string; to: string }) {
  const report = await badgeReport(deps, workplaceId, range);
  const units = [...report.byBusinessUnit, { name: 'All business units', ...report.totals }];
  const rows = units.flatMap((unit) => [
    ...report.badges.map((badge) => [unit.name, badge.name, unit.byBadge[badge.badgeId] ?? 0, '', '', '']),
    [unit.name, 'All badges', unit.awarded, unit.members, unit.earners, unit.participation],
  ]);
  const text = toCsv(['Business unit', 'Badge', 'Badges earned', 'Members', 'Members who earned a badge', 'Participation (%)'], rows);
  return { fileName: `badges_${range.from}_${range.to}.csv`, text };
}
