import { describe, expect, it } from 'vitest';
import { CHARITY_PERMISSIONS, MENU_PERMISSIONS, WORKPLACE_PERMISSIONS } from '@giving/shared/permissions';
import { backOfficeConsole, charityConsole, cmsConsole, userConsole, workplaceConsole } from '../../app/routes/admin/registry';
import { consoleMenu, type ConsoleDefinition } from './console-definition';

const Screen = () => null;
const load = async () => Screen;

const demo: ConsoleDefinition = {
  id: 'demo',
  path: '/admin/charity/:charityId',
  label: 'Demo',
  home: 'dashboard',
  useTitle: () => ({ title: 'Demo' }),
  screens: [
    { path: 'dashboard', label: 'Dashboard', permissions: { anyOf: ['Charity_DashboardView'] }, load },
    { path: 'members', label: 'Members', permissions: { anyOf: ['Charity_MemberView', 'Charity_MemberManage'] }, load },
    { path: 'reports/money', label: 'Money', permissions: { allOf: ['Charity_ReportView', 'Charity_RemittanceView'] }, load },
    { path: 'help', label: 'Help', load },
  ],
};

const labels = (definition: ConsoleDefinition, granted: readonly string[], params = {}) => consoleMenu(definition, granted, params).map((item) => item.label);

describe('consoleMenu', () => {
  it('keeps the registered screens the allowed list satisfies, in order, with their full paths', () => {
    expect(consoleMenu(demo, ['Charity_DashboardView', 'Charity_MemberManage'], { charityId: 'c-1' })).toEqual([
      { label: 'Dashboard', to: '/admin/charity/c-1/dashboard' },
      { label: 'Members', to: '/admin/charity/c-1/members' },
      { label: 'Help', to: '/admin/charity/c-1/help' },
    ]);
  });

  it('always shows screens without permissions, even with an empty allowed list', () => {
    expect(labels(demo, [], { charityId: 'c-1' })).toEqual(['Help']);
  });

  it('checks "all of" as well as "any of"', () => {
    expect(labels(demo, ['Charity_ReportView'], { charityId: 'c' })).toEqual(['Help']);
    expect(labels(demo, ['Charity_ReportView', 'Charity_RemittanceView'], { charityId: 'c' })).toEqual(['Money', 'Help']);
  });

  it('shows a screen as soon as it is registered (menus come from the registry alone)', () => {
    const before: ConsoleDefinition = { ...charityConsole, screens: charityConsole.screens.filter((screen) => screen.path !== 'fundraising') };
    expect(labels(before, CHARITY_PERMISSIONS, { charityId: 'c' })).not.toContain('Fundraising');
    expect(labels(charityConsole, CHARITY_PERMISSIONS, { charityId: 'c' })).toEqual([
      'Dashboard',
      'Members',
      'Invited Members',
      'Dollar Handles',
      'Volunteer Roles',
      'Volunteer Applications',
      'Fundraising',
      'Donation Reports',
      'Volunteering Reports',
      'Remittance',
      'Membership',
      'Settings',
      'Help',
    ]);
  });
});

describe('the registry', () => {
  it('charity admin: the spec’s screens in order', () => {
    expect(charityConsole.screens.map((screen) => screen.path)).toEqual([
      'dashboard',
      'members',
      'invited-members',
      'dollar-handles',
      'volunteer-roles',
      'volunteer-applications',
      'fundraising',
      'reports/donation-reports',
      'reports/volunteering-reports',
      'remittance',
      'membership',
      'settings',
      'help',
    ]);
    expect(labels(charityConsole, CHARITY_PERMISSIONS, { charityId: 'c' })).toEqual([
      'Dashboard',
      'Members',
      'Invited Members',
      'Dollar Handles',
      'Volunteer Roles',
      'Volunteer Applications',
      'Fundraising',
      'Donation Reports',
      'Volunteering Reports',
      'Remittance',
      'Membership',
      'Settings',
      'Help',
    ]);
    // A charity member (Charity.Member) has the dashboard and the team.
    expect(labels(charityConsole, ['Charity_DashboardView', 'Charity_MemberView'], { charityId: 'c' })).toEqual([
      'Dashboard',
      'Members',
      'Invited Members',
      'Settings',
      'Help',
    ]);
    expect(labels(charityConsole, ['Charity_DashboardView'], { charityId: 'c' })).toEqual(['Dashboard', 'Settings', 'Help']);
  });

  it('charity admin menu permissions are the spec’s menu forms', () => {
    for (const screen of charityConsole.screens) {
      for (const permission of screen.permissions?.anyOf ?? []) expect(MENU_PERMISSIONS.charity).toContain(permission);
    }
  });

  it('workplace admin: a content admin sees the dashboard and help only', () => {
    expect(workplaceConsole.screens.map((screen) => screen.path)).toEqual([
      'dashboard',
      'charities',
      'pay-cycles',
      'pay-cycles/integrations',
      'members',
      'corporate-members',
      'invited-members',
      'payments',
      'matching-payments',
      'external-donations',
      'matching',
      'gift-vouchers',
      'reports/donation-reports',
      'reports/volunteering',
      'reports/engagement-reports',
      'reports/badge-reports',
      'eligibility-files',
      'settings',
      'help',
    ]);
    expect(labels(workplaceConsole, WORKPLACE_PERMISSIONS, { workplaceId: 'w' })).toEqual([
      'Dashboard',
      'Charities',
      'Pay Cycles',
      'Payroll File Structures',
      'Members',
      'Corporate Members',
      'Invited Members',
      'Payroll Payments',
      'Matching Payments',
      'External Donations',
      'Matching',
      'Gift Vouchers',
      'Donation Reports',
      'Volunteering',
      'Engagement Reports',
      'Badge Reports',
      'Eligibility Files',
      'Settings',
      'Help',
    ]);
    expect(labels(workplaceConsole, ['Workplace_ViewDashboard'], { workplaceId: 'w' })).toEqual(['Dashboard', 'Help']);
    // Reports: the donation and engagement reports for either reports permission (the volunteering report reads Workplace_ViewReports).
    expect(labels(workplaceConsole, ['Workplace_ViewReports'], { workplaceId: 'w' })).toEqual(['Donation Reports', 'Volunteering', 'Engagement Reports', 'Badge Reports', 'Help']);
    expect(labels(workplaceConsole, ['Workplace_ManageReports'], { workplaceId: 'w' })).toEqual(['Donation Reports', 'Engagement Reports', 'Badge Reports', 'Help']);
    // Payroll: pay cycles and their file structures for the pay-cycle permissions; the files also for payments'.
    expect(labels(workplaceConsole, ['Workplace_ViewPayCycles'], { workplaceId: 'w' })).toEqual(['Pay Cycles', 'Payroll File Structures', 'Payroll Payments', 'Help']);
    expect(labels(workplaceConsole, ['Workplace_ManagePayments'], { workplaceId: 'w' })).toEqual(['Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
    // Gift vouchers: read by either payments permission (buying them needs Workplace_ManagePayments).
    expect(labels(workplaceConsole, ['Workplace_ViewPayments'], { workplaceId: 'w' })).toEqual(['Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
    // Members' records: the eligibility files for either members permission (the member lists need the view one).
    expect(labels(workplaceConsole, ['Workplace_ManageMembers'], { workplaceId: 'w' })).toEqual(['Eligibility Files', 'Help']);
    expect(labels(workplaceConsole, ['Workplace_ViewMembers'], { workplaceId: 'w' })).toEqual(['Members', 'Corporate Members', 'Invited Members', 'Eligibility Files', 'Help']);
  });

  it('user area: badges need User_ViewBadges; the rest always show', () => {
    // External Donations: every member may record one (the API takes it only for a workplace they belong to).
    expect(labels(userConsole, [])).toEqual(['Dashboard', 'External Donations', 'Memberships', 'Settings', 'Your data', 'Help']);
    expect(labels(userConsole, ['User_ViewBadges'])).toEqual(['Dashboard', 'Badges', 'External Donations', 'Memberships', 'Settings', 'Your data', 'Help']);
    expect(labels(userConsole, ['User_ViewGiftVouchers'])).toEqual(['Dashboard', 'External Donations', 'Gift Vouchers', 'Memberships', 'Settings', 'Your data', 'Help']);
    // Every signed-in member holds User_ViewFundraising (SIGNED_IN_PERMISSIONS).
    expect(labels(userConsole, ['User_ViewFundraising'])).toEqual(['Dashboard', 'External Donations', 'Fundraising', 'Memberships', 'Settings', 'Your data', 'Help']);
  });

  it('back office: each screen behind its permission; mfa is labelled Security', () => {
    expect(consoleMenu(backOfficeConsole, ['BackOffice_ViewAdmins'], {})).toEqual([
      { label: 'Admins', to: '/admin/backoffice/admins' },
      { label: 'Security', to: '/admin/backoffice/mfa' },
    ]);
    expect(labels(backOfficeConsole, ['BackOffice_ManageContent'])).toEqual(['Content Approval', 'Email Templates', 'Badges']);
    expect(labels(backOfficeConsole, ['BackOffice_ViewVouchers'])).toEqual(['Vouchers']);
    expect(labels(backOfficeConsole, ['BackOffice_ViewReports'])).toEqual(['Volunteering Reports']);
    expect(labels(backOfficeConsole, ['BackOffice_ViewFundraising'])).toEqual(['Fundraising']);
    expect(labels(backOfficeConsole, ['BackOffice_ViewWorkplaces'])).toEqual(['Workplaces', 'Eligibility Files']);
    expect(labels(backOfficeConsole, ['BackOffice_ManageWorkplaces'])).toEqual(['Eligibility Files']);
    // Payments and matching payments: read by either payments permission (recording one needs BackOffice_ManagePayments).
    expect(labels(backOfficeConsole, ['BackOffice_ViewPayments'])).toEqual(['Payments', 'Matching Payments']);
    expect(labels(backOfficeConsole, ['BackOffice_ManagePayments'])).toEqual(['Payments', 'Matching Payments']);
    expect(backOfficeConsole.screens.map((screen) => screen.path)).toEqual([
      'dashboard',
      'charities',
      'content-approval',
      'members',
      'admins',
      'dollar-handles',
      'volunteer-roles',
      'workplaces',
      'payments',
      'matching-payments',
      'vouchers',
      'fundraising',
      'reports/volunteering-reports',
      'eligibility-files',
      'email-templates',
      'badges',
      'mfa',
    ]);
  });

  it('CMS: the menu links need BackOffice_ManageMenuLinks', () => {
    expect(labels(cmsConsole, [])).toEqual([]);
    expect(labels(cmsConsole, ['BackOffice_ManageMenuLinks'])).toEqual(['Menu Links']);
  });
});
