import { CONSOLE_HOME_PERMISSIONS } from '@giving/shared/permissions';
import type { ConsoleDefinition } from '../../../features/consoles/console-definition';
import { useCharityConsoleTitle } from '../../../features/charity-console/hooks/use-charity';
import { useWorkplace } from '../../../features/workplace-console/api/get-workplace';
import { useWorkplaceConsoleTitle } from '../../../features/workplace-console/hooks/use-workplace';
import { useCharitySettings } from '../../../lib/charity-settings';

/**
 * The consoles and their screens (spec §2), in the spec's order. The routes, side navs and page guards are
 * derived from this list and nothing else: a screen appears in its console's menu, behind its permissions,
 * exactly when it is registered here. Screens owned by later issues go where the comments say, in spec order.
 *
 * This lives in src/app because it composes features: a later feature registers its screen here without
 * importing, or being imported by, any other feature. Each screen's code is its own lazy chunk.
 */

export const charityConsole: ConsoleDefinition = {
  id: 'charity',
  path: '/admin/charity/:charityId',
  label: 'Charity admin',
  home: 'dashboard',
  tenant: ({ charityId }) => ({ charityId }),
  useTitle: ({ charityId = '' }) => useCharityConsoleTitle(charityId),
  useCountry: ({ charityId = '' }) => {
    const settings = useCharitySettings(charityId);
    return { country: settings.data?.profile.country, isPending: settings.isPending };
  },
  screens: [
    {
      path: 'dashboard',
      label: 'Dashboard',
      // The rule 'Switch accounts' offers the console by (shared/permissions.ts).
      permissions: CONSOLE_HOME_PERMISSIONS.charity,
      load: async () => (await import('../../../features/charity-console/components/charity-dashboard')).CharityDashboard,
    },
    {
      path: 'members',
      label: 'Members',
      permissions: { anyOf: ['Charity_MemberView'] },
      load: async () => (await import('../../../features/charity-console/components/charity-members')).CharityMembers,
    },
    {
      path: 'invited-members',
      label: 'Invited Members',
      permissions: { anyOf: ['Charity_MemberView'] },
      load: async () => (await import('../../../features/charity-console/components/charity-invited-members')).CharityInvitedMembers,
    },
    {
      path: 'dollar-handles',
      label: 'Dollar Handles',
      permissions: { anyOf: ['Charity_DollarHandleView'] },
      load: async () => (await import('../../../features/charity-donations/components/dollar-handles')).DollarHandles,
    },
    {
      path: 'volunteer-roles',
      label: 'Volunteer Roles',
      permissions: { anyOf: ['Charity_VolunteeringView'] },
      load: async () => (await import('../../../features/volunteering/components/volunteer-roles')).VolunteerRoles,
    },
    {
      path: 'volunteer-applications',
      label: 'Volunteer Applications',
      permissions: { anyOf: ['Charity_VolunteeringView'] },
      load: async () => (await import('../../../features/volunteering/components/volunteer-applications')).VolunteerApplications,
    },
    {
      // Spec 1 §2: its screen links to /{country}/fundraising/create for the charity ('Create a fundraising event').
      path: 'fundraising',
      label: 'Fundraising',
      permissions: { anyOf: ['Charity_FundraisingView'] },
      load: async () => (await import('../../../features/fundraising/components/charity-fundraising')).CharityFundraising,
    },
    {
      path: 'reports/donation-reports',
      label: 'Donation Reports',
      permissions: { anyOf: ['Charity_ReportView'] },
      load: async () => (await import('../../../features/charity-donations/components/donation-reports')).DonationReports,
    },
    {
      path: 'reports/volunteering-reports',
      label: 'Volunteering Reports',
      // The report reads the charity's roles and applications, which need the volunteering permission too.
      permissions: { allOf: ['Charity_ReportView', 'Charity_VolunteeringView'] },
      load: async () => (await import('../../../features/volunteering/components/volunteering-reports')).VolunteeringReports,
    },
    {
      path: 'remittance',
      label: 'Remittance',
      permissions: { anyOf: ['Charity_RemittanceView'] },
      load: async () => (await import('../../../features/charity-donations/components/remittance')).RemittanceScreen,
    },
    {
      // Charity membership (issue 17): plans and members. The menu form is the spec's (§6: Charity_MembershipManage); the
      // screen itself shows a reader (Charity_MembershipView) the members only, should the menu ever open to them.
      path: 'membership',
      label: 'Membership',
      permissions: { anyOf: ['Charity_MembershipManage'] },
      load: async () => (await import('../../../features/memberships/components/charity-membership')).CharityMembership,
    },
    {
      path: 'settings',
      label: 'Settings',
      permissions: { anyOf: ['Charity_DashboardView'] },
      load: async () => (await import('../../../features/charity-console/components/charity-settings')).CharitySettingsScreen,
    },
    {
      path: 'help',
      label: 'Help',
      load: async () => (await import('../../../features/charity-console/components/charity-help')).CharityHelp,
    },
  ],
};

export const workplaceConsole: ConsoleDefinition = {
  id: 'workplace',
  path: '/admin/workplace/:workplaceId',
  label: 'Workplace admin',
  home: 'dashboard',
  tenant: ({ workplaceId }) => ({ workplaceId }),
  useTitle: ({ workplaceId = '' }) => useWorkplaceConsoleTitle(workplaceId),
  useCountry: ({ workplaceId = '' }) => {
    const workplace = useWorkplace(workplaceId);
    return { country: workplace.data?.country, isPending: workplace.isPending };
  },
  screens: [
    {
      path: 'dashboard',
      label: 'Dashboard',
      permissions: CONSOLE_HOME_PERMISSIONS.workplace,
      load: async () => (await import('../../../features/workplace-console/components/workplace-dashboard')).WorkplaceDashboard,
    },
    {
      path: 'charities',
      label: 'Charities',
      permissions: { anyOf: ['Workplace_ViewCharities'] },
      load: async () => (await import('../../../features/workplace-console/components/workplace-charities')).WorkplaceCharities,
    },
    {
      path: 'pay-cycles',
      label: 'Pay Cycles',
      permissions: { anyOf: ['Workplace_ViewPayCycles', 'Workplace_ManagePayCycles'] },
      load: async () => (await import('../../../features/workplace-payroll/components/pay-cycles')).PayCycles,
    },
    {
      path: 'pay-cycles/integrations',
      label: 'Payroll File Structures',
      permissions: { anyOf: ['Workplace_ViewPayCycles', 'Workplace_ManagePayCycles'] },
      load: async () => (await import('../../../features/workplace-payroll/components/file-structures')).FileStructures,
    },
    {
      path: 'members',
      label: 'Members',
      permissions: { anyOf: ['Workplace_ViewMembers'] },
      load: async () => (await import('../../../features/workplace-console/components/workplace-members')).WorkplaceMembers,
    },
    {
      path: 'corporate-members',
      label: 'Corporate Members',
      permissions: { anyOf: ['Workplace_ViewMembers'] },
      load: async () => (await import('../../../features/workplace-console/components/corporate-members')).CorporateMembers,
    },
    {
      path: 'invited-members',
      label: 'Invited Members',
      permissions: { anyOf: ['Workplace_ViewMembers'] },
      load: async () => (await import('../../../features/workplace-console/components/workplace-invited-members')).WorkplaceInvitedMembers,
    },
    {
      path: 'payments',
      label: 'Payroll Payments',
      // The files for finance: whoever reads or runs pay cycles, or reads or manages payments (issue 15).
      permissions: { anyOf: ['Workplace_ViewPayCycles', 'Workplace_ManagePayCycles', 'Workplace_ViewPayments', 'Workplace_ManagePayments'] },
      load: async () => (await import('../../../features/workplace-payroll/components/payroll-payments')).PayrollPayments,
    },
    {
      path: 'matching-payments',
      label: 'Matching Payments',
      // What the workplace owes for its campaigns' matches, with the invoices: the payments permissions read it.
      permissions: { anyOf: ['Workplace_ViewPayments', 'Workplace_ManagePayments'] },
      load: async () => (await import('../../../features/matching/components/matching-payments')).MatchingPayments,
    },
    {
      path: 'external-donations',
      label: 'External Donations',
      // Members' gifts made elsewhere: read by the payments permissions; approving or declining needs Workplace_ManagePayments.
      permissions: { anyOf: ['Workplace_ViewPayments', 'Workplace_ManagePayments'] },
      load: async () => (await import('../../../features/workplace-payroll/components/external-donations')).ExternalDonations,
    },
    {
      path: 'matching',
      label: 'Matching',
      // No matching permission in spec §6 (Workplace_MatchedVoucher is every employee's): campaigns are the admin's settings.
      permissions: { anyOf: ['Workplace_ViewSettings'] },
      load: async () => (await import('../../../features/matching/components/matching-campaigns')).MatchingCampaigns,
    },
    {
      path: 'gift-vouchers',
      label: 'Gift Vouchers',
      // The vouchers the workplace bought for its people: read by the payments permissions; buying needs Workplace_ManagePayments.
      permissions: { anyOf: ['Workplace_ViewPayments', 'Workplace_ManagePayments'] },
      load: async () => (await import('./workplace-gift-vouchers')).WorkplaceGiftVouchers,
    },
    {
      path: 'reports/donation-reports',
      label: 'Donation Reports',
      permissions: { anyOf: ['Workplace_ViewReports', 'Workplace_ManageReports'] },
      load: async () => (await import('../../../features/workplace-reports/components/donation-report')).WorkplaceDonationReports,
    },
    {
      path: 'reports/volunteering',
      label: 'Volunteering',
      permissions: { anyOf: ['Workplace_ViewReports'] },
      load: async () => (await import('../../../features/volunteering/components/workplace-volunteering-report')).WorkplaceVolunteeringReport,
    },
    {
      path: 'reports/engagement-reports',
      label: 'Engagement Reports',
      permissions: { anyOf: ['Workplace_ViewReports', 'Workplace_ManageReports'] },
      load: async () => (await import('../../../features/workplace-reports/components/engagement-report')).WorkplaceEngagementReports,
    },
    {
      path: 'reports/badge-reports',
      label: 'Badge Reports',
      permissions: { anyOf: ['Workplace_ViewReports', 'Workplace_ManageReports'] },
      load: async () => (await import('../../../features/workplace-reports/components/badge-report')).WorkplaceBadgeReports,
    },
    {
      path: 'eligibility-files',
      label: 'Eligibility Files',
      // HR's employee lists: read by the members permissions; uploading needs Workplace_ManageMembers.
      permissions: { anyOf: ['Workplace_ViewMembers', 'Workplace_ManageMembers'] },
      load: async () => (await import('../../../features/workplace-payroll/components/eligibility-files')).EligibilityFiles,
    },
    {
      path: 'settings',
      label: 'Settings',
      permissions: { anyOf: ['Workplace_ViewSettings'] },
      load: async () => (await import('../../../features/workplace-console/components/workplace-settings')).WorkplaceSettings,
    },
    {
      path: 'help',
      label: 'Help',
      load: async () => (await import('../../../features/workplace-console/components/workplace-help')).WorkplaceHelp,
    },
  ],
};

export const userConsole: ConsoleDefinition = {
  id: 'user',
  path: '/admin/user',
  label: 'My Account',
  home: 'dashboard',
  useTitle: () => ({ title: 'My Account' }),
  screens: [
    {
      path: 'dashboard',
      label: 'Dashboard',
      load: async () => (await import('../../../features/user-area/components/user-dashboard')).UserDashboard,
    },
    {
      path: 'badges',
      label: 'Badges',
      permissions: { anyOf: ['User_ViewBadges'] },
      load: async () => (await import('../../../features/user-area/components/user-badges')).UserBadges,
    },
    {
      path: 'donations/history',
      label: 'Donation History',
      permissions: { anyOf: ['User_ViewDonations'] },
      load: async () => (await import('../../../features/user-area/components/donation-history')).DonationHistory,
    },
    {
      path: 'donations/upcoming',
      label: 'Upcoming Donations',
      permissions: { anyOf: ['User_ViewDonations'] },
      load: async () => (await import('../../../features/user-area/components/upcoming-donations')).UpcomingDonations,
    },
    {
      path: 'donations/external',
      label: 'External Donations',
      // Every signed-in member may record one; the API takes it only for a workplace they belong to.
      load: async () => (await import('../../../features/user-area/components/external-donations')).MyExternalDonations,
    },
    {
      path: 'volunteering/application',
      label: 'Volunteering',
      permissions: { anyOf: ['User_ViewVolunteering'] },
      load: async () => (await import('../../../features/volunteering/components/my-applications')).MyApplications,
    },
    {
      path: 'gift-vouchers',
      label: 'Gift Vouchers',
      permissions: { anyOf: ['User_ViewGiftVouchers'] },
      load: async () => (await import('../../../features/gift-vouchers/components/my-gift-vouchers')).MyGiftVouchers,
    },
    {
      path: 'fundraising',
      label: 'Fundraising',
      permissions: { anyOf: ['User_ViewFundraising'] },
      load: async () => (await import('../../../features/fundraising/components/my-fundraising')).MyFundraising,
    },
    {
      // The charities the member belongs to (issue 17), with their cards; every signed-in member has the screen.
      path: 'memberships',
      label: 'Memberships',
      load: async () => (await import('../../../features/memberships/components/my-memberships')).MyMemberships,
    },
    {
      path: 'settings',
      label: 'Settings',
      load: async () => (await import('../../../features/user-area/components/user-settings')).UserSettings,
    },
    {
      // Issue 17 item 7: a copy of everything Koha holds about the member, and deleting their account; every member has it.
      path: 'data',
      label: 'Your data',
      load: async () => (await import('../../../features/user-area/components/your-data')).YourData,
    },
    {
      path: 'help',
      label: 'Help',
      load: async () => (await import('../../../features/user-area/components/user-help')).UserHelp,
    },
  ],
};

export const backOfficeConsole: ConsoleDefinition = {
  id: 'backoffice',
  path: '/admin/backoffice',
  label: 'Back Office',
  home: 'dashboard',
  useTitle: () => ({ title: 'Back Office' }),
  screens: [
    {
      path: 'dashboard',
      label: 'Dashboard',
      permissions: { anyOf: ['BackOffice_ViewDashboard'] },
      load: async () => (await import('../../../features/back-office/components/back-office-dashboard')).BackOfficeDashboard,
    },
    {
      path: 'charities',
      label: 'Charities',
      permissions: { anyOf: ['BackOffice_ViewCharities'] },
      load: async () => (await import('../../../features/back-office/components/back-office-charities')).BackOfficeCharities,
    },
    {
      path: 'content-approval',
      label: 'Content Approval',
      permissions: { anyOf: ['BackOffice_ManageContent'] },
      load: async () => (await import('../../../features/back-office/components/content-approval')).ContentApproval,
    },
    {
      path: 'members',
      label: 'Members',
      permissions: { anyOf: ['BackOffice_ViewMembers'] },
      load: async () => (await import('../../../features/back-office/components/back-office-members')).BackOfficeMembers,
    },
    {
      path: 'admins',
      label: 'Admins',
      permissions: { anyOf: ['BackOffice_ViewAdmins'] },
      load: async () => (await import('../../../features/back-office/components/back-office-admins')).BackOfficeAdmins,
    },
    {
      path: 'dollar-handles',
      label: 'Dollar Handles',
      permissions: { anyOf: ['BackOffice_ViewCharities'] },
      load: async () => (await import('../../../features/charity-donations/components/back-office-dollar-handles')).BackOfficeDollarHandles,
    },
    {
      path: 'volunteer-roles',
      label: 'Volunteer Roles',
      permissions: { anyOf: ['BackOffice_ViewVacancies'] },
      load: async () => (await import('../../../features/volunteering/components/back-office-volunteer-roles')).BackOfficeVolunteerRoles,
    },
    {
      path: 'workplaces',
      label: 'Workplaces',
      permissions: { anyOf: ['BackOffice_ViewWorkplaces'] },
      load: async () => (await import('../../../features/back-office/components/back-office-workplaces')).BackOfficeWorkplaces,
    },
    {
      path: 'payments',
      label: 'Payments',
      // Every payment made on Koha, with its history through the payment workflow (issue 17 item 4).
      permissions: { anyOf: ['BackOffice_ViewPayments', 'BackOffice_ManagePayments'] },
      load: async () => (await import('../../../features/back-office/components/back-office-payments')).BackOfficePayments,
    },
    {
      path: 'matching-payments',
      label: 'Matching Payments',
      // What workplaces owe for matching; recording a payment against it needs BackOffice_ManagePayments.
      permissions: { anyOf: ['BackOffice_ViewPayments', 'BackOffice_ManagePayments'] },
      load: async () => (await import('../../../features/matching/components/back-office-matching-payments')).BackOfficeMatchingPayments,
    },
    {
      path: 'vouchers',
      label: 'Vouchers',
      permissions: { anyOf: ['BackOffice_ViewVouchers'] },
      load: async () => (await import('../../../features/gift-vouchers/components/back-office-vouchers')).BackOfficeVouchers,
    },
    {
      path: 'fundraising',
      label: 'Fundraising',
      permissions: { anyOf: ['BackOffice_ViewFundraising'] },
      load: async () => (await import('../../../features/fundraising/components/back-office-fundraising')).BackOfficeFundraising,
    },
    {
      path: 'reports/volunteering-reports',
      label: 'Volunteering Reports',
      permissions: { anyOf: ['BackOffice_ViewReports'] },
      load: async () => (await import('../../../features/volunteering/components/back-office-volunteering-reports')).BackOfficeVolunteeringReports,
    },
    {
      path: 'eligibility-files',
      label: 'Eligibility Files',
      permissions: { anyOf: ['BackOffice_ViewWorkplaces', 'BackOffice_ManageWorkplaces'] },
      load: async () => (await import('../../../features/back-office/components/eligibility-files')).BackOfficeEligibilityFiles,
    },
    {
      path: 'email-templates',
      label: 'Email Templates',
      permissions: { anyOf: ['BackOffice_ManageContent'] },
      load: async () => (await import('../../../features/back-office/components/email-templates')).EmailTemplates,
    },
    {
      path: 'badges',
      label: 'Badges',
      permissions: { anyOf: ['BackOffice_ManageContent'] },
      load: async () => (await import('../../../features/back-office/components/badges')).Badges,
    },
    {
      path: 'mfa',
      label: 'Security',
      permissions: { anyOf: ['BackOffice_ViewAdmins'] },
      load: async () => (await import('../../../features/back-office/components/security')).Security,
    },
  ],
};

/** The account menu's 'CMS' for content admins: the site's menu links. */
export const cmsConsole: ConsoleDefinition = {
  id: 'cms',
  path: '/admin/cms',
  label: 'CMS',
  home: 'menu-links',
  useTitle: () => ({ title: 'CMS' }),
  screens: [
    {
      path: 'menu-links',
      label: 'Menu Links',
      permissions: { anyOf: ['BackOffice_ManageMenuLinks'] },
      load: async () => (await import('../../../features/cms/components/menu-links-editor')).MenuLinksEditor,
    },
  ],
};

export const CONSOLES: readonly ConsoleDefinition[] = [charityConsole, workplaceConsole, userConsole, backOfficeConsole, cmsConsole];
