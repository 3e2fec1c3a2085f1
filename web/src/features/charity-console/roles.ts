import { CHARITY_ROLES, type CharityRole } from '@giving/shared/permissions';

const LABELS: Record<CharityRole, string> = { 'Charity.Admin': 'Admin', 'Charity.Member': 'Member' };

export const charityRoleLabel = (role: string): string => LABELS[role as CharityRole] ?? role;

export const CHARITY_ROLE_OPTIONS = CHARITY_ROLES.map((role) => ({ value: role, label: LABELS[role] }));
