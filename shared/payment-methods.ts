import * as z from 'zod/mini';
import type { PageType, PaymentType } from './contracts/donations';
import { ROLE_PERMISSIONS, WORKPLACE_ROLES, type Permission, type WorkplaceRole } from './permissions';

/**
 * Which payment methods a donor may use on a page (spec §6), in one pure rule that the API enforces and the SPA
 * shows: guests pay by card or voucher (recurring and payroll need a sign-in); a signed-in donor without a workplace
 * pays by card or voucher and may give monthly; a workplace member's roles gate each method through
 * Workplace_DollarHandle_CreditCard/Voucher/Payroll (Workplace_Fundraising_* on fundraising pages).
 */
export const paymentOptionsSchema = z.object({
  card: z.boolean(),
  voucher: z.boolean(),
  payroll: z.boolean(),
  /** Monthly giving from a saved card (signed-in donors who may pay by card). */
  recurring: z.boolean(),
  /** The workplace payroll pledges go through (or the member's first workplace when none allows payroll). */
  workplace: z.optional(z.object({ id: z.string(), name: z.string() })),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** GET /donations/me/payment-options?pageType= */
export const paymentOptionsQuery = z.object({ pageType: z.enum(['GIFT', 'CHARITY', 'FUNDRAISE']) });

/** One of the member's workplaces and their roles there. */
export interface DonorWorkplace {
  id: string;
  name: string;
  roles: readonly string[];
}

export type PaymentDonor = { signedIn: false } | { signedIn: true; workplaces: readonly DonorWorkplace[] };

export type PaymentMethod = 'card' | 'voucher' | 'payroll';

const GATES: Record<'fundraise' | 'other', Record<PaymentMethod, Permission>> = {
  fundraise: {
    card: 'Workplace_Fundraising_CreditCard',
    voucher: 'Workplace_Fundraising_Voucher',
    payroll: 'Workplace_Fundraising_Payroll',
  },
  other: {
    card: 'Workplace_DollarHandle_CreditCard',
    voucher: 'Workplace_DollarHandle_Voucher',
    payroll: 'Workplace_DollarHandle_Payroll',
  },
};

/** The permission that lets a workplace member use `method` on a page of this type. */
export const gateFor = (pageType: PageType, method: PaymentMethod): Permission => GATES[pageType === 'FUNDRAISE' ? 'fundraise' : 'other'][method];

const isWorkplaceRole = (role: string): role is WorkplaceRole => (WORKPLACE_ROLES as readonly string[]).includes(role);

/** What a member's roles grant inside their workplace (unknown roles grant nothing). */
export const workplaceGrants = (roles: readonly string[]): ReadonlySet<Permission> =>
  new Set(roles.filter(isWorkplaceRole).flatMap((role) => ROLE_PERMISSIONS[role]));

export const GUEST_PAYMENT_OPTIONS: PaymentOptions = { card: true, voucher: true, payroll: false, recurring: false };

/**
 * The rule itself. A member of several workplaces may use a method when any of them grants it; payroll goes through
 * the first workplace (in the order given) that grants it. Memberships without roles (removed) do not count.
 */
export function paymentOptionsFor(pageType: PageType, donor: PaymentDonor): PaymentOptions {
  if (!donor.signedIn) return GUEST_PAYMENT_OPTIONS;
  const workplaces = donor.workplaces.filter((workplace) => workplace.roles.length > 0);
  if (workplaces.length === 0) return { card: true, voucher: true, payroll: false, recurring: true };
  const grants = workplaces.map((workplace) => ({ workplace, granted: workplaceGrants(workplace.roles) }));
  const allows = (method: PaymentMethod) => grants.some(({ granted }) => granted.has(gateFor(pageType, method)));
  const payrollWorkplace = grants.find(({ granted }) => granted.has(gateFor(pageType, 'payroll')))?.workplace;
  const shown = payrollWorkplace ?? workplaces[0];
  const card = allows('card');
  return {
    card,
    voucher: allows('voucher'),
    payroll: payrollWorkplace !== undefined,
    recurring: card,
    ...(shown ? { workplace: { id: shown.id, name: shown.name } } : {}),
  };
}

/** The method a checkout payment type uses (NONE uses none). */
export const methodOf = (paymentType: PaymentType): PaymentMethod | undefined =>
  paymentType === 'CARD' ? 'card' : paymentType === 'VOUCHER' ? 'voucher' : paymentType === 'PAYROLL' ? 'payroll' : undefined;

/** Why the API refuses a method the member's workplace does not allow (403). */
export const METHOD_NOT_ALLOWED_MESSAGES: Record<PaymentMethod, string> = {
  card: 'Your workplace does not allow card payments for this donation.',
  voucher: 'Your workplace does not allow gift vouchers for this donation.',
  payroll: 'Your workplace does not allow payroll giving for this donation.',
};
