import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { MESSAGES } from './messages';
import { memberCardSchema } from './donations-public';
import { idSchema, pathParameters, requiredIdSchema } from './path-parameters';

/**
 * Charity membership (issue 17 items 1-3). A charity offers plans (a fee per year or month, or once for life, with
 * benefits); a signed-in person joins one through the same payment workflow as a donation (card or saved card), and
 * is a member with a membership number and a card. Money is integer cents in the charity's currency.
 *
 * Public:      GET  /memberships/charities/{charityUrl}/plans                       the charity's active plans
 * Member:      POST /memberships/me/join  {planId, card}  (Idempotency-Key)          202 + trackingNumber (the payment)
 *              GET  /memberships/me                                                  their memberships, with status
 *              DELETE /memberships/me/{membershipId}                                 cancels (no renewal; ends at period end)
 * Charity:     GET/POST /memberships/charity/{charityId}/plans, PUT .../plans/{planId}   (Charity_MembershipManage)
 *              GET  /memberships/charity/{charityId}/members?q=&status=&cursor=     (Charity_MembershipView | _Manage)
 *              POST /memberships/charity/{charityId}/members (Idempotency-Key)       a member who paid elsewhere
 *              POST /memberships/charity/{charityId}/members/exports                202 + {export}: every member, CSV, made by a job
 *              GET  /memberships/charity/{charityId}/members/exports/{exportId}     {export}: Preparing (rows so far), Ready, Failed
 *              GET  .../members/exports/{exportId}/download                          the CSV (over 4 MB: a 303 to a signed address)
 */
export const MEMBERSHIP_PERIODS = ['Yearly', 'Monthly', 'Life'] as const;
export type MembershipPeriod = (typeof MEMBERSHIP_PERIODS)[number];

/** New: joined in the last 30 days. InGrace: the period ended unpaid (a renewal declined), within 30 days of it. */
export const MEMBERSHIP_STATUSES = ['New', 'Current', 'InGrace', 'Expired', 'Cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_STATUS_TEXT: Readonly<Record<MembershipStatus, string>> = {
  New: 'New',
  Current: 'Current',
  InGrace: 'In grace',
  Expired: 'Expired',
  Cancelled: 'Cancelled',
};
/** Days after a period ends unpaid during which the membership is in grace (then expired). */
export const MEMBERSHIP_GRACE_DAYS = 30;
/** Days a new member is New. */
export const MEMBERSHIP_NEW_DAYS = 30;

const text = (max: number) => z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max)));

export const membershipPlanInputSchema = z
  .object({
    name: text(100),
    description: z.string().check(z.trim(), z.maxLength(2000, MESSAGES.tooLong(2000))),
    fee: z.int({ error: MESSAGES.invalidAmount }).check(z.gte(100, MESSAGES.invalidAmount), z.lte(100_000_00, MESSAGES.invalidAmount)),
    period: z.enum(MEMBERSHIP_PERIODS, { error: MESSAGES.invalidInput }),
    benefits: z.array(text(200)).check(z.maxLength(20, 'At most 20 benefits.')),
    autoRenew: z.boolean({ error: MESSAGES.invalidInput }),
    active: z.boolean({ error: MESSAGES.invalidInput }),
  })
  .check(
    z.refine((plan) => !(plan.period === 'Life' && plan.autoRenew), { message: 'A life membership does not renew.', path: ['autoRenew'] }),
  );
export type MembershipPlanInput = z.infer<typeof membershipPlanInputSchema>;

const money = z.object({ cents: z.int(), currency: z.enum(CURRENCIES) });

export const membershipPlanSchema = z.object({
  planId: z.string(),
  charityId: z.string(),
  name: z.string(),
  description: z.string(),
  fee: money,
  period: z.enum(MEMBERSHIP_PERIODS),
  benefits: z.array(z.string()),
  autoRenew: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;
export const membershipPlanListSchema = z.object({ items: z.array(membershipPlanSchema) });

export const membershipSchema = z.object({
  membershipId: z.string(),
  /** Printed on the card and encoded in its QR code: the charity's prefix and a number ("KCR-000042"). */
  membershipNumber: z.string(),
  charity: z.object({ id: z.string(), name: z.string(), charityUrl: z.string() }),
  plan: z.object({ planId: z.string(), name: z.string(), period: z.enum(MEMBERSHIP_PERIODS), fee: money }),
  member: z.object({ memberId: z.optional(z.string()), name: z.string(), email: z.string() }),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** 'YYYY-MM-DD' in the charity's country. */
  joinedOn: z.string(),
  /** The last day of the paid period; absent for life. */
  paidUntil: z.optional(z.string()),
  /** Renews by card on the day after paidUntil (a saved card) unless cancelled. */
  autoRenew: z.boolean(),
  cancelledAt: z.optional(z.string()),
  source: z.enum(['Online', 'Manual']),
  /** Manual: how it was paid, as the charity recorded it. */
  note: z.optional(z.string()),
  lastPayment: z.optional(z.object({ trackingNumber: z.string(), amount: money, paidAt: z.string() })),
});
export type Membership = z.infer<typeof membershipSchema>;
export const membershipListSchema = z.object({ items: z.array(membershipSchema), nextCursor: z.optional(z.string()) });
export type MembershipList = z.infer<typeof membershipListSchema>;

/** A signed-in person joins: the plan and the card (a new card's token, or a saved card). No fee on top, no tip. */
export const joinMembershipSchema = z.object({
  planId: idSchema,
  card: memberCardSchema,
});
export type JoinMembership = z.infer<typeof joinMembershipSchema>;

/** The charity adds a member who paid elsewhere (cash, bank transfer): their name, e-mail, plan, when, and how. */
export const manualMemberSchema = z.object({
  firstName: text(50),
  lastName: text(50),
  email: z.string({ error: MESSAGES.requiredField }).check(z.trim(), z.email(MESSAGES.invalidEmail), z.maxLength(254, MESSAGES.tooLong(254))),
  planId: requiredIdSchema,
  joinedOn: z.string({ error: MESSAGES.requiredField }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidInput)),
  note: text(200),
});
export type ManualMember = z.infer<typeof manualMemberSchema>;

export const membersQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, MESSAGES.tooLong(254)))),
  status: z.optional(z.enum(MEMBERSHIP_STATUSES, { error: MESSAGES.invalidInput })),
  cursor: z.optional(z.string().check(z.maxLength(500, MESSAGES.invalidInput))),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;
export const MEMBERS_PAGE = 50;

export const charityUrlParams = pathParameters('charityUrl');
export const charityMembershipParams = pathParameters('charityId');
export const charityPlanParams = pathParameters('charityId', 'planId');
export const membershipParams = pathParameters('membershipId');
export const memberExportParams = pathParameters('charityId', 'exportId');

/**
 * "Download CSV" of every member, of any size: the API stores the request and a job writes the file a page of
 * members at a time (rows counts them as it goes). Failed: it was not ready within the hour.
 */
export const MEMBER_EXPORT_STATUSES = ['Preparing', 'Ready', 'Failed'] as const;
export type MemberExportStatus = (typeof MEMBER_EXPORT_STATUSES)[number];
export const memberExportSchema = z.object({
  id: z.string(),
  status: z.enum(MEMBER_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.optional(z.string()),
  /** Members written so far (Preparing), or in the file (Ready). */
  rows: z.optional(z.number()),
  /** The file's size, once ready. */
  bytes: z.optional(z.number()),
  /** What the file is saved as: '<charity page address>-members-<day>.csv'. */
  fileName: z.string(),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
export const memberExportAnswerSchema = z.object({ export: memberExportSchema });

export const MEMBERSHIP_MESSAGES = {
  planNotFound: 'That membership plan was not found.',
  planInactive: 'That membership plan is not open to new members.',
  alreadyMember: 'You are already a member on this plan.',
  notFound: 'That membership was not found.',
  exportNotFound: 'That members file was not found.',
  exportNotReady: 'The members file is not ready yet.',
  exportFailed: 'We couldn’t prepare the members file. Please try again.',
} as const;
