import { describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_HOME_PERMISSIONS,
  CONTENT_ADMIN_PERMISSIONS,
  canOpenConsole,
  MENU_PERMISSIONS,
  PERMISSIONS,
  WORKPLACE_PERMISSIONS_ERROR,
  isContentAdmin,
  resolvePermissions,
  satisfies,
  type PermissionSource,
  type TenantRef,
} from './permissions';

const source = (over: Partial<PermissionSource> = {}): PermissionSource => ({
  siteFeatures: async () => ['Donations', 'GiftVouchers'],
  tenantRoles: async (_member: string, tenant: TenantRef) =>
    (({ 'charity:c1': ['Charity.Admin'], 'workplace:w1': ['WorkplaceGiver.Employee'], 'workplace:w2': ['WorkplaceGiver.Admin'] }) as Record<string, string[]>)[`${tenant.kind}:${tenant.id}`] ?? [],
  corporateRoles: async () => [],
  ...over,
});
const log = { error: vi.fn() };
const member = { memberId: 'm1', adminRoles: [] as string[] };

describe('the permission catalogue (spec §6)', () => {
  it('names every area of the spec once, with the menu forms inside it', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const name of [
      'BackOffice_ViewDashboard',
      'BackOffice_ManageBilling',
      'BackOffice_ViewSkillCategories',
      'Charity_DashboardView',
      'Charity_MembershipManage',
      'Charity_WishListView',
      'Fundraising_ManageEvent',
      'Fundraising_ViewPage',
      'SiteFeature_FriendAndFamilyDonations',
      'SiteFeature_SSO',
      'Workplace_DollarHandle_Payroll',
      'Workplace_Fundraising_CreditCard',
      'Workplace_Fundraising.Event.Create',
      'Workplace_Fundraising.Page.Create',
      'Workplace_MatchedVoucher',
      'Workplace_CharityNavBar',
      'Workplace_Volunteering_Fees',
      'User_ViewBadges',
      'User_ManageGiftRegistries',
    ]) {
      expect(PERMISSIONS).toContain(name);
    }
    for (const form of [...MENU_PERMISSIONS.backOffice, ...MENU_PERMISSIONS.charity]) expect(PERMISSIONS).toContain(form);
  });
});

describe('satisfies: any of / all of', () => {
  const granted = new Set(['A', 'B']);
  it.each([
    [{}, true],
    [{ anyOf: [] }, true],
    [{ anyOf: ['A', 'Z'] }, true],
    [{ anyOf: ['Y', 'Z'] }, false],
    [{ allOf: ['A', 'B'] }, true],
    [{ allOf: ['A', 'Z'] }, false],
    [{ anyOf: ['A'], allOf: ['Z'] }, false],
  ])('%j -> %s', (check, expected) => {
    expect(satisfies(granted, check as never)).toBe(expected);
  });
});

describe('resolvePermissions', () => {
  it('gives visitors only the site features', async () => {
    expect([...(await resolvePermissions(source(), undefined, undefined, log))].sort()).toEqual(['SiteFeature_Donations', 'SiteFeature_GiftVouchers']);
  });

  it('gives a signed-in member their own area, and no back office', async () => {
    const granted = await resolvePermissions(source(), member, undefined, log);
    expect(granted.has('User_ViewBadges')).toBe(true);
    expect(granted.has('SiteFeature_Donations')).toBe(true);
    expect([...granted].some((p) => p.startsWith('BackOffice_'))).toBe(false);
  });

  it('adds workplace permissions only when the member belongs to the requested workplace', async () => {
    const own = await resolvePermissions(source(), member, { kind: 'workplace', id: 'w1' }, log);
    expect(own.has('Workplace_DollarHandle_Payroll')).toBe(true);
    expect(own.has('Workplace_ViewMembers')).toBe(false);
    const other = await resolvePermissions(source(), member, { kind: 'workplace', id: 'w9' }, log);
    expect([...other].some((p) => p.startsWith('Workplace_'))).toBe(false);
    const admin = await resolvePermissions(source(), member, { kind: 'workplace', id: 'w2' }, log);
    expect(admin.has('Workplace_ManageMembers')).toBe(true);
  });

  it("gives a charity's admin that charity's permissions and nothing in another charity", async () => {
    expect((await resolvePermissions(source(), member, { kind: 'charity', id: 'c1' }, log)).has('Charity_MemberManage')).toBe(true);
    expect([...(await resolvePermissions(source(), member, { kind: 'charity', id: 'c2' }, log))].some((p) => p.startsWith('Charity_'))).toBe(false);
  });

  it('never lets a role of one kind grant in the other kind of tenant', async () => {
    const confused = source({ tenantRoles: async () => ['Charity.Admin'] });
    expect([...(await resolvePermissions(confused, member, { kind: 'workplace', id: 'w1' }, log))].some((p) => p.startsWith('Charity_') || p.startsWith('Workplace_'))).toBe(false);
  });

  it("logs 'Error fetching workplace permissions' and treats a failed fetch as none", async () => {
    log.error.mockClear();
    const failing = source({ tenantRoles: async () => Promise.reject(new Error('throttled')) });
    const granted = await resolvePermissions(failing, member, { kind: 'workplace', id: 'w1' }, log);
    expect([...granted].some((p) => p.startsWith('Workplace_'))).toBe(false);
    expect(granted.has('User_ViewBadges')).toBe(true);
    expect(log.error).toHaveBeenCalledWith(WORKPLACE_PERMISSIONS_ERROR, expect.objectContaining({ workplaceId: 'w1' }));
    expect(WORKPLACE_PERMISSIONS_ERROR).toBe('Error fetching workplace permissions');
  });

  it('gives administrators the back office, and every console for support', async () => {
    const admin = { memberId: 'a1', adminRoles: ['Administrator'] };
    const granted = await resolvePermissions(source(), admin, { kind: 'charity', id: 'c2' }, log);
    expect(granted.has('BackOffice_ViewDashboard')).toBe(true);
    expect(granted.has('Charity_MemberManage')).toBe(true);
  });

  it('gives a workplace content admin the CMS (menu links) and nothing else of the back office', async () => {
    const contentAdmin = source({ corporateRoles: async () => ['WorkplaceGiver.Employee', 'WorkplaceGiver.ContentAdmin'] });
    const granted = [...(await resolvePermissions(contentAdmin, member, undefined, log))].filter((p) => p.startsWith('BackOffice_'));
    expect(granted.sort()).toEqual([...CONTENT_ADMIN_PERMISSIONS].sort());
  });

  it('content admin = administrator or a corporate user with WorkplaceGiver.ContentAdmin', () => {
    expect(isContentAdmin(['Administrator'], [])).toBe(true);
    expect(isContentAdmin([], ['WorkplaceGiver.ContentAdmin'])).toBe(true);
    expect(isContentAdmin([], ['WorkplaceGiver.Admin'])).toBe(false);
  });
});

describe('which consoles a member can open (Switch accounts and the console guard share it)', () => {
  it('opens a workplace console for its admins and content admins, never for an employee alone', () => {
    expect(canOpenConsole('workplace', ['WorkplaceGiver.Admin'])).toBe(true);
    expect(canOpenConsole('workplace', ['WorkplaceGiver.Employee', 'WorkplaceGiver.ContentAdmin'])).toBe(true);
    expect(canOpenConsole('workplace', ['WorkplaceGiver.Employee'])).toBe(false);
    expect(canOpenConsole('workplace', [])).toBe(false);
  });

  it('opens a charity console for its admins and members; roles of the other kind open nothing', () => {
    expect(canOpenConsole('charity', ['Charity.Admin'])).toBe(true);
    expect(canOpenConsole('charity', ['Charity.Member'])).toBe(true);
    expect(canOpenConsole('charity', ['WorkplaceGiver.Admin'])).toBe(false);
    expect(canOpenConsole('workplace', ['Charity.Admin'])).toBe(false);
  });

  it('agrees with the permissions routine: the console opens exactly when the routine grants its home screen', async () => {
    for (const [tenant, roles] of [
      [{ kind: 'workplace', id: 'w1' }, ['WorkplaceGiver.Employee']],
      [{ kind: 'workplace', id: 'w2' }, ['WorkplaceGiver.Admin']],
      [{ kind: 'charity', id: 'c1' }, ['Charity.Admin']],
    ] as const) {
      const granted = await resolvePermissions(source(), member, tenant, log);
      expect(canOpenConsole(tenant.kind, roles)).toBe(satisfies(granted, CONSOLE_HOME_PERMISSIONS[tenant.kind]));
    }
  });

  it('opens every console for administrators (support)', () => {
    expect(canOpenConsole('workplace', ['WorkplaceGiver.Employee'], ['Administrator'])).toBe(true);
  });
});
