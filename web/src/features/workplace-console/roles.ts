import { WORKPLACE_ROLES, type WorkplaceRole } from '@giving/shared/permissions';

export const EMPLOYEE_ROLE: WorkplaceRole = 'WorkplaceGiver.Employee';
/** The roles that make a member a corporate member (spec: workplace admins and content admins). */
export const CORPORATE_ROLES: readonly WorkplaceRole[] = ['WorkplaceGiver.Admin', 'WorkplaceGiver.ContentAdmin'];

const LABELS: Record<WorkplaceRole, string> = {
  'WorkplaceGiver.Employee': 'Employee',
  'WorkplaceGiver.Admin': 'Admin',
  'WorkplaceGiver.ContentAdmin': 'Content admin',
};

export const workplaceRoleLabel = (role: string): string => LABELS[role as WorkplaceRole] ?? role;

export const WORKPLACE_ROLE_OPTIONS = WORKPLACE_ROLES.map((role) => ({ value: role, label: LABELS[role] }));
export const CORPORATE_ROLE_OPTIONS = CORPORATE_ROLES.map((role) => ({ value: role, label: LABELS[role] }));

export const isCorporateRole = (role: string): boolean => (CORPORATE_ROLES as readonly string[]).includes(role);

/** A member's roles with one corporate role taken away; the employee role stays (and is all that is left at least). */
export function withoutRole(roles: readonly string[], role: string): WorkplaceRole[] {
  const next = roles.filter((held): held is WorkplaceRole => held !== role && (WORKPLACE_ROLES as readonly string[]).includes(held));
  return next.length > 0 ? next : [EMPLOYEE_ROLE];
}

/** A member's roles with a corporate role added, keeping the ones held. */
export function withRole(roles: readonly string[], role: WorkplaceRole): WorkplaceRole[] {
  const held = roles.filter((r): r is WorkplaceRole => (WORKPLACE_ROLES as readonly string[]).includes(r));
  return held.includes(role) ? held : [...held, role];
}
