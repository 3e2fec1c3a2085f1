import { DomainError } from '@giving/shared/errors';
import { FUNDRAISING_MESSAGES, type OfflineDonation } from '@giving/shared/contracts/fundraising';
import { pageOr404, requireManager } from './access';
import type { Actor, FundraisingDeps, MailDeps, StoredOfflineDonation } from './ports';
import { noteTargetReached } from './owner-mail';

const view = (donation: StoredOfflineDonation): OfflineDonation => ({
  id: donation.id,
  pageId: donation.pageId,
  pageTitle: donation.pageTitle,
  amount: donation.amount,
  currency: donation.currency,
  ...(donation.donorName ? { donorName: donation.donorName } : {}),
  ...(donation.note ? { note: donation.note } : {}),
  receivedOn: donation.receivedOn,
  enteredBy: donation.enteredBy,
  status: donation.status,
});

/** POST /fundraising/pages/{pageId}/offline-donations: its Owner or an Admin enters a gift received offline; Pending until the charity confirms it. */
export async function enterOfflineDonation(
  deps: FundraisingDeps,
  actor: Actor,
  pageId: string,
  input: { amount: number; donorName?: string; note?: string; receivedOn: string },
): Promise<OfflineDonation> {
  const page = await pageOr404(deps, pageId);
  await requireManager(deps, 'page', pageId, actor);
  const donation: StoredOfflineDonation = {
    id: deps.newId(),
    pageId,
    pageTitle: page.title,
    eventId: page.eventId,
    charityId: page.charity.id,
    amount: input.amount,
    currency: page.currency,
    ...(input.donorName ? { donorName: input.donorName } : {}),
    ...(input.note ? { note: input.note } : {}),
    receivedOn: input.receivedOn,
    enteredBy: { memberId: actor.memberId, name: actor.name },
    status: 'Pending',
    createdOn: deps.clock.now().toISOString(),
  };
  await deps.store.addOfflineDonation(donation);
  return view(donation);
}

export async function offlineDonationsOfPage(deps: FundraisingDeps, actor: Actor, pageId: string) {
  await pageOr404(deps, pageId);
  await requireManager(deps, 'page', pageId, actor);
  return { items: (await deps.store.offlineDonationsOfPage(pageId)).map(view) };
}

export async function offlineDonationsOfCharity(deps: FundraisingDeps, charityId: string, status?: 'Pending' | 'Confirmed') {
  const donations = await deps.store.offlineDonationsOfCharity(charityId);
  return { items: donations.filter((donation) => status === undefined || donation.status === status).map(view) };
}

/**
 * POST /fundraising/charity/{charityId}/offline-donations/{id}/confirm: the gift joins its page's and event's totals
 * and donors, once (a second confirmation is a 409 and counts nothing); another charity's is 404.
 */
export async function confirmOfflineDonation(deps: FundraisingDeps & { mail?: MailDeps }, charityId: string, offlineDonationId: string): Promise<OfflineDonation> {
  const donation = await deps.store.getOfflineDonation(offlineDonationId);
  if (!donation || donation.charityId !== charityId) throw new DomainError('NotFound', 'That offline donation was not found.');
  if (donation.status === 'Confirmed') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.offlineDonationConfirmed);
  const outcome = await deps.store.confirmOfflineDonation(donation, {
    id: donation.id,
    pageId: donation.pageId,
    name: donation.donorName ?? 'Anonymous',
    amount: donation.amount,
    currency: donation.currency,
    ...(donation.note ? { message: donation.note } : {}),
    donatedOn: `${donation.receivedOn}T00:00:00.000Z`,
    kind: 'Offline',
  });
  if (outcome === 'alreadyConfirmed') throw new DomainError('Conflict', FUNDRAISING_MESSAGES.offlineDonationConfirmed);
  // A confirmed gift can take the page to its target: its owner is told, once.
  if (deps.mail) await noteTargetReached({ ...deps, mail: deps.mail }, donation.pageId);
  return view({ ...donation, status: 'Confirmed' });
}
