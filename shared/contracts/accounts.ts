import * as z from 'zod/mini';
import { countryCodeSchema, slugSchema } from './common';
import { charityProfileSchema, menuLinkSchema } from './accounts-public';

export * from './accounts-public';

export const charityByUrlParams = pathParameters('charityUrl');

/* ------------------------------------------------------------------------------------------------------------
 * Accounts: the signed-in member, associations, permissions, invitations, consoles, site data (spec 1 §3, §6).
 * ---------------------------------------------------------------------------------------------------------- */

import { MESSAGES } from './messages';
import { idSchema, pathParameters } from './path-parameters';
import { PERMISSIONS, CHARITY_ROLES, WORKPLACE_ROLES } from '../permissions';

const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max)));
export const emailSchema = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, MESSAGES.requiredField), z.email(MESSAGES.invalidEmail), z.maxLength(254, MESSAGES.tooLong(254)));
export { idSchema } from './path-parameters';

export const permissionSchema = z.enum(PERMISSIONS as unknown as [string, ...string[]]);
export const charityRoleSchema = z.enum(CHARITY_ROLES);
export const workplaceRoleSchema = z.enum(WORKPLACE_ROLES);
export const employmentTypeSchema = z.enum(['Permanent', 'Contractor', 'Casual']);
export type EmploymentType = z.infer<typeof employmentTypeSchema>;

/** Spec §3 "Admin menu": primary account, associations, admin roles, corporate and charity associations. */
export const adminMenuSchema = z.object({
  primaryAccount: z.object({ id: z.string(), name: z.string(), logo: z.optional(z.string()), type: z.literal('account') }),
  associations: z.array(
    z.union([
      z.object({ type: z.literal('corporate'), corporateId: z.string(), corporateName: z.string(), corporateLogo: z.optional(z.string()) }),
      z.object({ type: z.literal('charity'), charityId: z.string(), charityName: z.string(), charityLogo: z.optional(z.string()) }),
    ]),
  ),
  adminRoles: z.array(z.string()),
  corporateAssociations: z.array(
    z.object({
      corporateId: z.string(),
      corporateName: z.string(),
      corporateLogo: z.optional(z.string()),
      corporateRoles: z.array(z.object({ roleName: z.string() })),
    }),
  ),
  charityAssociations: z.array(
    z.object({ charityId: z.string(), charityName: z.string(), charityLogo: z.optional(z.string()), roles: z.array(z.string()) }),
  ),
  isAdmin: z.boolean(),
  isContentAdmin: z.boolean(),
});
export type AdminMenu = z.infer<typeof adminMenuSchema>;

/** GET /accounts/me/permissions?charityId=|workplaceId= — the allowed list the menus and page guards check. */
export const permissionsQuerySchema = z.object({ charityId: z.optional(idSchema), workplaceId: z.optional(idSchema) });
export const permissionListSchema = z.object({ permissions: z.array(z.string()) });
export type PermissionList = z.infer<typeof permissionListSchema>;

/** A member's own profile (user settings). */
export const memberProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.optional(z.string()),
  adminRoles: z.array(z.string()),
  createdAt: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
export const updateProfileSchema = z.object({ firstName: trimmed(50), lastName: trimmed(50) });
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

export const badgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Awarded when the member's completed donations reach this count. */
  donationCount: z.int(),
});
export type Badge = z.infer<typeof badgeSchema>;
export const newBadgeSchema = z.object({
  name: trimmed(60),
  description: trimmed(200),
  icon: z.string().check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(8, MESSAGES.tooLong(8))),
  donationCount: z.int({ error: MESSAGES.invalidInput }).check(z.gte(1, MESSAGES.invalidInput), z.lte(100000, MESSAGES.invalidInput)),
});
export const memberBadgeSchema = z.object({ ...badgeSchema.shape, awardedAt: z.string() });
export const memberBadgeListSchema = z.object({ items: z.array(memberBadgeSchema) });
export const badgeListSchema = z.object({ items: z.array(badgeSchema) });

/** The user dashboard. */
export const userDashboardSchema = z.object({
  profile: memberProfileSchema,
  badges: z.array(memberBadgeSchema),
  completedDonations: z.int(),
  pendingInvitations: z.int(),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

/* Invitations: a charity or workplace invites a person by e-mail to a role; they accept after signing in. */
export const invitationStatusSchema = z.enum(['Pending', 'Accepted', 'Revoked']);
export const invitationSchema = z.object({
  id: z.string(),
  tenant: z.object({ kind: z.enum(['charity', 'workplace']), id: z.string(), name: z.string() }),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export const inviteCharityMemberSchema = z.object({ email: emailSchema, role: charityRoleSchema });
export const inviteWorkplaceMemberSchema = z.object({ email: emailSchema, role: workplaceRoleSchema });

/* Charity console. */
export const charityMemberSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  joinedAt: z.string(),
});
export type CharityMember = z.infer<typeof charityMemberSchema>;
export const charityMemberListSchema = z.object({ items: z.array(charityMemberSchema) });
export const charitySettingsSchema = z.object({
  profile: charityProfileSchema,
  /** A change waiting for back-office approval, if any (content status Proposed). */
  pendingChange: z.optional(z.object({ contentId: z.string(), submittedAt: z.string(), changes: z.record(z.string(), z.unknown()) })),
  /** The charity's last proposal, when the back office denied it: why, so they can fix it (until they send another). */
  deniedChange: z.optional(
    z.object({ contentId: z.string(), submittedAt: z.string(), changes: z.record(z.string(), z.unknown()), reason: z.string(), decidedAt: z.string() }),
  ),
});
export type CharitySettings = z.infer<typeof charitySettingsSchema>;
export const updateCharitySettingsSchema = z.object({
  description: trimmed(2000),
  website: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' })])),
  location: z.optional(z.string().check(z.trim(), z.maxLength(100, MESSAGES.tooLong(100)))),
  causes: z.array(trimmed(40)).check(z.maxLength(8, 'Choose up to 8 causes.')),
});
export type UpdateCharitySettings = z.infer<typeof updateCharitySettingsSchema>;

/* Workplace console. */
export const businessUnitSchema = z.object({ id: z.string(), name: z.string() });
export const workplaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: countryCodeSchema,
  logo: z.optional(z.string()),
  businessUnits: z.array(businessUnitSchema),
  memberCount: z.int(),
  createdAt: z.string(),
});
export type Workplace = z.infer<typeof workplaceSchema>;
export const workplaceListSchema = z.object({ items: z.array(workplaceSchema) });
export const workplaceMemberSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  employmentType: employmentTypeSchema,
  businessUnitId: z.optional(z.string()),
  /** From HR's eligibility file, once one named the member. */
  employeeNumber: z.optional(z.string()),
  employmentEndDate: z.optional(z.string()),
  joinedAt: z.string(),
});
export type WorkplaceMember = z.infer<typeof workplaceMemberSchema>;
export const workplaceMemberListSchema = z.object({ items: z.array(workplaceMemberSchema) });
export const updateWorkplaceMemberSchema = z.object({
  roles: z.optional(z.array(workplaceRoleSchema).check(z.minLength(1, 'Choose at least one role.'))),
  employmentType: z.optional(employmentTypeSchema),
  businessUnitId: z.optional(z.nullable(idSchema)),
});
export const updateWorkplaceSettingsSchema = z.object({
  name: trimmed(100),
  businessUnits: z.array(z.object({ id: z.optional(idSchema), name: trimmed(60) })).check(z.maxLength(50, 'Up to 50 business units.')),
});
export const newWorkplaceSchema = z.object({ name: trimmed(100), country: countryCodeSchema });
export const workplaceCharitySchema = z.object({ charityId: z.string(), name: z.string(), charityUrl: z.string(), logoImageUrl: z.string(), addedAt: z.string() });
export const workplaceCharityListSchema = z.object({ items: z.array(workplaceCharitySchema) });

/* Back office. */
export const backOfficeDashboardSchema = z.object({
  charities: z.int(),
  members: z.int(),
  admins: z.int(),
  workplaces: z.int(),
  pendingContent: z.int(),
});
export const memberSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  adminRoles: z.array(z.string()),
  createdAt: z.string(),
});
export const memberListSchema = z.object({ items: z.array(memberSummarySchema), nextCursor: z.optional(z.string()) });
export const listQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});
export const newCharitySchema = z.object({
  name: trimmed(100),
  charityUrl: slugSchema,
  country: countryCodeSchema,
  description: trimmed(2000),
  registrationNumber: z.optional(z.string().check(z.trim(), z.maxLength(40, MESSAGES.tooLong(40)))),
  taxApproved: z.optional(z.boolean()),
});
export const contentStatusSchema = z.enum(['Live', 'Proposed', 'Denied']);
export const contentItemSchema = z.object({
  id: z.string(),
  kind: z.literal('CharityProfile'),
  charityId: z.string(),
  charityName: z.string(),
  /** The charity's country: its dates read in its time zone. */
  country: z.optional(countryCodeSchema),
  changes: z.record(z.string(), z.unknown()),
  status: contentStatusSchema,
  submittedBy: z.string(),
  /** Who sent it, by name (from their member record; their e-mail when they have given no name). */
  submittedByName: z.optional(z.string()),
  submittedAt: z.string(),
  /** The deciding administrator's member id. */
  decidedBy: z.optional(z.string()),
  /** ... and their name, as the back office shows it. */
  decidedByName: z.optional(z.string()),
  decidedAt: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentListSchema = z.object({ items: z.array(contentItemSchema) });
export const contentQuerySchema = z.object({ status: z.optional(contentStatusSchema) });
export const denyContentSchema = z.object({ reason: trimmed(500) });
export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Placeholders the body may use, e.g. {{inviterName}}. */
  placeholders: z.array(z.string()),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema) });
export const updateEmailTemplateSchema = z.object({ subject: trimmed(200), body: trimmed(10000) });
export const securitySettingsSchema = z.object({
  /** Administrators must use multi-factor authentication (enforced by the user pool in AWS). */
  requireMfaForAdministrators: z.boolean(),
  /** Minutes of inactivity before an administrator's console session ends. */
  adminSessionMinutes: z.int().check(z.gte(5, 'Use 5 to 720 minutes.'), z.lte(720, 'Use 5 to 720 minutes.')),
  updatedAt: z.optional(z.string()),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/* Site data (spec §3 "Site and menu data"). */
export const siteQuerySchema = z.object({ country: countryCodeSchema });
export const updateMenuLinksSchema = z.object({ items: z.array(menuLinkSchema).check(z.maxLength(12, 'Up to 12 menu links.')) });

export const tenantParams = {
  charity: pathParameters('charityId'),
  charityMember: pathParameters('charityId', 'memberId'),
  charityInvitation: pathParameters('charityId', 'invitationId'),
  workplace: pathParameters('workplaceId'),
  workplaceMember: pathParameters('workplaceId', 'memberId'),
  workplaceInvitation: pathParameters('workplaceId', 'invitationId'),
  workplaceCharity: pathParameters('workplaceId', 'charityId'),
} as const;

/* Back office and site routes: list pages, path parameters, settings bodies (appended with the back-office routes). */
export const backOfficeCharityListSchema = z.object({ items: z.array(charityProfileSchema), nextCursor: z.optional(z.string()) });
export type BackOfficeCharityList = z.infer<typeof backOfficeCharityListSchema>;
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export type BackOfficeDashboard = z.infer<typeof backOfficeDashboardSchema>;
export type ContentStatus = z.infer<typeof contentStatusSchema>;
export type NewCharity = z.infer<typeof newCharitySchema>;
export type NewWorkplace = z.infer<typeof newWorkplaceSchema>;
export type NewBadge = z.infer<typeof newBadgeSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;
export const memberIdParams = pathParameters('memberId');
export const contentIdParams = pathParameters('contentId');
export const badgeIdParams = pathParameters('badgeId');
export const emailTemplateParams = pathParameters('templateName');
export const updateSecuritySettingsSchema = z.object({
  requireMfaForAdministrators: securitySettingsSchema.shape.requireMfaForAdministrators,
  adminSessionMinutes: securitySettingsSchema.shape.adminSessionMinutes,
});

/* People and tenants (the accounts service's member, invitation and console routes). */
export const invitationParams = pathParameters('invitationId');
export type MemberBadge = z.infer<typeof memberBadgeSchema>;
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;
export type BusinessUnit = z.infer<typeof businessUnitSchema>;
export type UpdateWorkplaceMember = z.infer<typeof updateWorkplaceMemberSchema>;
export type UpdateWorkplaceSettings = z.infer<typeof updateWorkplaceSettingsSchema>;
export type WorkplaceCharity = z.infer<typeof workplaceCharitySchema>;
