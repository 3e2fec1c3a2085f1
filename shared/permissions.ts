/**
 * The permission catalogue of spec 1 §6, the roles that grant them, and the permissions routine.
 * One typed source: the manifests' route policies, the server's checks and the SPA's menus and page guards
 * all name permissions from here.
 */

const manageView = <const P extends string, const N extends readonly string[]>(prefix: P, names: N) =>
  names.flatMap((name) => [`${prefix}_Manage${name}`, `${prefix}_View${name}`]) as `${P}_${'Manage' | 'View'}${N[number]}`[];

const BACK_OFFICE_AREAS = [
  'Billing',
  'BusinessUnits',
  'Charities',
  'CorporateMembers',
  'ExclusivePartner',
  'Members',
  'Admins',
  'Content',
  'MenuLinks',
  'PayCycles',
  'Payments',
  'Profile',
  'Reports',
  'SkillCategories',
  'Vacancies',
  'Vouchers',
  'Transactions',
  'Workplaces',
  'Fundraising',
] as const;
export const BACK_OFFICE_PERMISSIONS = [...manageView('BackOffice', BACK_OFFICE_AREAS), 'BackOffice_ViewDashboard'] as const;

const CHARITY_AREAS = ['Dashboard', 'DollarHandle', 'Fundraising', 'Member', 'Membership', 'Remittance', 'Report', 'Volunteering', 'WishList'] as const;
/** Charity permissions read `Charity_<Area>View` / `Charity_<Area>Manage` (spec: Charity_DashboardView, Charity_MembershipManage). */
export const CHARITY_PERMISSIONS = CHARITY_AREAS.flatMap((area) => [`Charity_${area}View`, `Charity_${area}Manage`]) as (
  | `Charity_${(typeof CHARITY_AREAS)[number]}View`
  | `Charity_${(typeof CHARITY_AREAS)[number]}Manage`
)[];

export const FUNDRAISING_PERMISSIONS = [...manageView('Fundraising', ['Event', 'Page'] as const)];

import { SITE_FEATURES, type SiteFeature } from './site-features';
export { SITE_FEATURES, type SiteFeature } from './site-features';
export const SITE_FEATURE_PERMISSIONS = SITE_FEATURES.map((feature) => `SiteFeature_${feature}` as const);

const WORKPLACE_AREAS = ['Dashboard', 'Charities', 'PayCycles', 'Members', 'Payments', 'Reports', 'Settings'] as const;
export const WORKPLACE_PERMISSIONS = [
  ...manageView('Workplace', WORKPLACE_AREAS),
  'Workplace_Volunteering',
  'Workplace_Volunteering_Fees',
  'Workplace_TeamVolunteering',
  'Workplace_Fundraising',
  'Workplace_Fundraising_Payroll',
  'Workplace_Fundraising_CreditCard',
  'Workplace_Fundraising_Voucher',
  'Workplace_Fundraising.Event.Create',
  'Workplace_Fundraising.Page.Create',
  'Workplace_DollarHandle',
  'Workplace_DollarHandle_Payroll',
  'Workplace_DollarHandle_CreditCard',
  'Workplace_DollarHandle_Voucher',
  'Workplace_Voucher',
  'Workplace_MatchedVoucher',
  'Workplace_CharityNavBar',
] as const;

const USER_AREAS = ['Donations', 'Favourites', 'Fundraising', 'GiftRegistries', 'GiftVouchers', 'Stories', 'TeamVolunteering', 'Volunteering', 'Dashboard'] as const;
export const USER_PERMISSIONS = [...manageView('User', USER_AREAS), 'User_ViewBadges'] as const;

export const PERMISSIONS = [
  ...BACK_OFFICE_PERMISSIONS,
  ...CHARITY_PERMISSIONS,
  ...FUNDRAISING_PERMISSIONS,
  ...SITE_FEATURE_PERMISSIONS,
  ...WORKPLACE_PERMISSIONS,
  ...USER_PERMISSIONS,
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);
export const isPermission = (value: string): value is Permission => PERMISSION_SET.has(value);

/** The forms the menus check (spec §6 "menu forms"). */
export const MENU_PERMISSIONS = {
  backOffice: [
    'BackOffice_ViewDashboard',
    'BackOffice_ViewCharities',
    'BackOffice_ManageContent',
    'BackOffice_ViewMembers',
    'BackOffice_ViewAdmins',
    'BackOffice_ViewVacancies',
    'BackOffice_ViewCorporateMembers',
    'BackOffice_ViewPayments',
    'BackOffice_ViewVouchers',
    'BackOffice_ViewFundraising',
    'BackOffice_ViewReports',
    'BackOffice_ViewBusinessUnits',
  ],
  charity: [
    'Charity_DashboardView',
    'Charity_MemberView',
    'Charity_DollarHandleView',
    'Charity_FundraisingView',
    'Charity_VolunteeringView',
    'Charity_ReportView',
    'Charity_RemittanceView',
    'Charity_MembershipManage',
  ],
} as const satisfies Record<string, readonly Permission[]>;

/** Role names as the accounts service stores them. */
export const ADMINISTRATOR = 'Administrator';
export const CHARITY_ROLES = ['Charity.Admin', 'Charity.Member'] as const;
export type CharityRole = (typeof CHARITY_ROLES)[number];
export const WORKPLACE_ROLES = ['WorkplaceGiver.Employee', 'WorkplaceGiver.Admin', 'WorkplaceGiver.ContentAdmin'] as const;
export type WorkplaceRole = (typeof WORKPLACE_ROLES)[number];
export const CONTENT_ADMIN_ROLE: WorkplaceRole = 'WorkplaceGiver.ContentAdmin';

const EMPLOYEE_PERMISSIONS = [
  'Workplace_Volunteering',
  'Workplace_TeamVolunteering',
  'Workplace_Fundraising',
  'Workplace_Fundraising_Payroll',
  'Workplace_Fundraising_CreditCard',
  'Workplace_Fundraising_Voucher',
  'Workplace_Fundraising.Page.Create',
  'Workplace_DollarHandle',
  'Workplace_DollarHandle_Payroll',
  'Workplace_DollarHandle_CreditCard',
  'Workplace_DollarHandle_Voucher',
  'Workplace_Voucher',
  'Workplace_MatchedVoucher',
  'Workplace_CharityNavBar',
] as const satisfies readonly Permission[];

/** What each tenant role grants inside its own charity or workplace. */
export const ROLE_PERMISSIONS: Readonly<Record<CharityRole | WorkplaceRole, readonly Permission[]>> = {
  'Charity.Admin': CHARITY_PERMISSIONS,
  'Charity.Member': ['Charity_DashboardView', 'Charity_MemberView'],
  'WorkplaceGiver.Employee': EMPLOYEE_PERMISSIONS,
  'WorkplaceGiver.Admin': [...EMPLOYEE_PERMISSIONS, ...WORKPLACE_PERMISSIONS],
  // A content admin edits the site's menu links (the CMS) for the workplace it belongs to.
  'WorkplaceGiver.ContentAdmin': [...EMPLOYEE_PERMISSIONS, 'Workplace_ViewDashboard'],
};

/** Every signed-in member manages their own giving (the user area). */
export const SIGNED_IN_PERMISSIONS: readonly Permission[] = USER_PERMISSIONS;
/** Administrators hold the back office, and act in any charity or workplace console (support). */
export const ADMINISTRATOR_PERMISSIONS: readonly Permission[] = [...BACK_OFFICE_PERMISSIONS, ...FUNDRAISING_PERMISSIONS];

export type TenantKind = 'charity' | 'workplace';
export interface TenantRef {
  kind: TenantKind;
  id: string;
}

/** A permission requirement: 'any of' or 'all of' (spec §6). An empty requirement always passes. */
export interface PermissionCheck {
  readonly anyOf?: readonly Permission[];
  readonly allOf?: readonly Permission[];
}

export function satisfies(granted: ReadonlySet<string> | readonly string[], check: PermissionCheck): boolean {
  const has = (p: string) => (Array.isArray(granted) ? granted.includes(p) : (granted as ReadonlySet<string>).has(p));
  if (check.allOf && !check.allOf.every(has)) return false;
  if (check.anyOf && check.anyOf.length > 0 && !check.anyOf.some(has)) return false;
  return true;
}

export const isAdministrator = (adminRoles: readonly string[]) => adminRoles.includes(ADMINISTRATOR);

/** Content admin = administrator, or a corporate user with role WorkplaceGiver.ContentAdmin (spec §6). */
export const isContentAdmin = (adminRoles: readonly string[], corporateRoles: readonly string[]) =>
  isAdministrator(adminRoles) || corporateRoles.includes(CONTENT_ADMIN_ROLE);

/** Where the permissions routine reads from: the site's features and the caller's roles in a tenant. */
export interface PermissionSource {
  siteFeatures(): Promise<readonly SiteFeature[]>;
  tenantRoles(memberId: string, tenant: TenantRef): Promise<readonly string[]>;
  /** The member's roles across every workplace (a content admin's CMS access does not depend on a tenant). */
  corporateRoles(memberId: string): Promise<readonly string[]>;
}

/** What a content admin who is not an administrator may do: edit the site's menu links (the CMS). */
export const CONTENT_ADMIN_PERMISSIONS: readonly Permission[] = ['BackOffice_ViewMenuLinks', 'BackOffice_ManageMenuLinks'];

export interface PermissionSubject {
  memberId: string;
  adminRoles: readonly string[];
}

export const WORKPLACE_PERMISSIONS_ERROR = 'Error fetching workplace permissions';

/**
 * The permissions routine (spec §6): the site's features; for a signed-in member their own area's permissions,
 * the back office for administrators, and the roles' permissions in the requested charity or workplace when the
 * member belongs to it. A failed workplace-permission fetch is logged and counts as none.
 */
export async function resolvePermissions(
  source: PermissionSource,
  subject: PermissionSubject | undefined,
  requested: TenantRef | undefined,
  log: { error(message: string, context?: Record<string, unknown>): void },
): Promise<Set<Permission>> {
  const granted = new Set<Permission>(
    (await source.siteFeatures()).map((feature) => `SiteFeature_${feature}` as const),
  );
  if (!subject) return granted;
  SIGNED_IN_PERMISSIONS.forEach((p) => granted.add(p));
  const administrator = isAdministrator(subject.adminRoles);
  if (administrator) ADMINISTRATOR_PERMISSIONS.forEach((p) => granted.add(p));
  if (!requested) {
    if (!administrator && isContentAdmin(subject.adminRoles, await source.corporateRoles(subject.memberId))) {
      CONTENT_ADMIN_PERMISSIONS.forEach((p) => granted.add(p));
    }
    return granted;
  }
  if (administrator) {
    (requested.kind === 'charity' ? CHARITY_PERMISSIONS : WORKPLACE_PERMISSIONS).forEach((p) => granted.add(p));
    return granted;
  }
  let roles: readonly string[] = [];
  try {
    roles = await source.tenantRoles(subject.memberId, requested);
  } catch (error) {
    if (requested.kind !== 'workplace') throw error;
    log.error(WORKPLACE_PERMISSIONS_ERROR, { error, workplaceId: requested.id });
  }
  tenantRolePermissions(requested.kind, roles).forEach((p) => granted.add(p));
  return granted;
}

/** What roles grant inside their own charity or workplace (roles of the other kind grant nothing there). */
export function tenantRolePermissions(kind: TenantKind, roles: readonly string[]): Set<Permission> {
  const allowed: readonly string[] = kind === 'charity' ? CHARITY_ROLES : WORKPLACE_ROLES;
  const granted = new Set<Permission>();
  for (const role of roles) {
    if (allowed.includes(role)) ROLE_PERMISSIONS[role as CharityRole | WorkplaceRole].forEach((p) => granted.add(p));
  }
  return granted;
}

/**
 * What opening a charity or workplace console needs: its home screen, the dashboard. The consoles' dashboards are
 * guarded by exactly this, and 'Switch accounts' offers a console only when the member's roles there satisfy it, so
 * the menu never offers a console that would answer 403.
 */
export const CONSOLE_HOME_PERMISSIONS = {
  charity: { anyOf: ['Charity_DashboardView'] },
  workplace: { anyOf: ['Workplace_ViewDashboard'] },
} as const satisfies Record<TenantKind, PermissionCheck>;

/** Whether a member can open the console of a charity or workplace they hold these roles in (administrators open any). */
export function canOpenConsole(kind: TenantKind, roles: readonly string[], adminRoles: readonly string[] = []): boolean {
  if (isAdministrator(adminRoles)) return true;
  return satisfies(tenantRolePermissions(kind, roles), CONSOLE_HOME_PERMISSIONS[kind]);
}
