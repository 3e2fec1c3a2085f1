import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { DomainError, invalid, type FieldError } from '@giving/shared/errors';
import { FUNDRAISING_MESSAGES, MAX_RUN_DAYS } from '@giving/shared/contracts/fundraising';
import { tenantRolePermissions, type Permission } from '@giving/shared/permissions';
import type { Actor, CharityRef, FundraisingDeps, StoredTotals } from './ports';
import { todayIn } from './views';

/** Addresses the site's own routes use under /{country}/fundraising/ (and the API's under /fundraising/events/). */
export const RESERVED_ADDRESSES = new Set(['create', 'single-page', 'new', 'edit', 'admin', 'events', 'pages']);

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
const normalDate = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
};

/** An end date from today (in the country) to MAX_RUN_DAYS ahead, as 'YYYY-MM-DD'; else 400 naming body.endDate. */
export function checkEndDate(endDate: string, country: CountryCode, now: Date, options: { unchangedFrom?: string } = {}): string {
  const date = normalDate(endDate);
  if (options.unchangedFrom === date) return date;
  const today = todayIn(country, now);
  if (date < today) throw invalid([{ field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDatePast }]);
  if (date > addDays(today, MAX_RUN_DAYS)) throw invalid([{ field: 'body.endDate', message: FUNDRAISING_MESSAGES.endDateTooFar }]);
  return date;
}

/** The charity being fundraised for: active, and listed in the country; else 400 naming body.charityId. */
export async function fundraisingCharity(deps: Pick<FundraisingDeps, 'charities'>, charityId: string, country: CountryCode): Promise<CharityRef> {
  const charity = await deps.charities.getById(charityId);
  const refuse = (message: string): never => {
    throw invalid([{ field: 'body.charityId', message }]);
  };
  if (!charity || !charity.isActive) return refuse(FUNDRAISING_MESSAGES.charityNotFundraising);
  if (charity.country !== country) return refuse(FUNDRAISING_MESSAGES.charityWrongCountry);
  return { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl };
}

/** Creating under a workplace needs its create permission there (Workplace_Fundraising.Event.Create / .Page.Create). */
export async function checkWorkplace(deps: Pick<FundraisingDeps, 'roles'>, actor: Actor, workplaceId: string | undefined, permission: Permission): Promise<void> {
  if (workplaceId === undefined) return;
  const roles = await deps.roles.rolesOf(actor.memberId, { kind: 'workplace', id: workplaceId });
  if (!tenantRolePermissions('workplace', roles).has(permission)) {
    throw new DomainError('Forbidden', FUNDRAISING_MESSAGES.workplaceCannotCreate, [{ field: 'body.workplaceId', message: FUNDRAISING_MESSAGES.workplaceCannotCreate }]);
  }
}

export const zeroTotals = (country: CountryCode): StoredTotals => ({ currency: COUNTRIES[country].currency, onlineAmount: 0, offlineAmount: 0, matchedAmount: 0, donationsCount: 0 });

export const addressTaken = (field: string): DomainError =>
  new DomainError('Conflict', FUNDRAISING_MESSAGES.addressTaken, [{ field, message: FUNDRAISING_MESSAGES.addressTaken } satisfies FieldError]);

/**
 * Free addresses like a taken one: with the year, then numbers, checked in one batch read; at most three.
 */
export async function suggestAddresses(base: string, year: number, isTaken: (candidates: string[]) => Promise<Set<string>>): Promise<string[]> {
  const stem = base.slice(0, 50).replace(/-+$/, '');
  const candidates = [...new Set([`${stem}-${year}`, ...[2, 3, 4, 5, 6, 7].map((n) => `${stem}-${n}`)])].filter((candidate) => !RESERVED_ADDRESSES.has(candidate));
  const taken = await isTaken(candidates);
  return candidates.filter((candidate) => !taken.has(candidate)).slice(0, 3);
}
