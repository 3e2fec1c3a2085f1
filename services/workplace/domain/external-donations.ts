import type { ExternalDonation, ExternalDonationInput } from '@giving/shared/contracts/workplace-payroll';
import { RECEIPT_MAX_BYTES } from '@giving/shared/contracts/workplace-payroll';
import { conflict, DomainError, invalid, notFound } from '@giving/shared/errors';
import { ExternalDonationApproved } from '@giving/shared/events/workplace';
import { idFor } from '@giving/shared/ids';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { money } from '@giving/shared/money';
import type { WorkplaceDeps } from './ports';

/**
 * External donations (issue 15 item 8): a member records a gift they made elsewhere — the charity, the amount, the
 * day, and the receipt — so their workplace can match it. The workplace's admin approves or declines it; an approved
 * one is announced (ExternalDonationApproved) for matching as an ExternalDonation (spec 2 §3 givingType).
 */

export type StoredExternalDonation = ExternalDonation & { receiptKey: string; receiptContentType: string };

export interface ExternalDonationStore {
  /** Stores it once per id's tail (idFor's seed); the one stored first when a retried request finds it. */
  create(donation: StoredExternalDonation): Promise<'created' | StoredExternalDonation>;
  get(workplaceId: string, id: string): Promise<StoredExternalDonation | undefined>;
  listForWorkplace(workplaceId: string): Promise<StoredExternalDonation[]>;
  listForMember(memberId: string): Promise<StoredExternalDonation[]>;
  /** Pending -> Approved/Declined, conditionally; 'decided' when someone decided first. */
  decide(workplaceId: string, id: string, decision: Pick<ExternalDonation, 'status' | 'decidedAt' | 'decidedBy' | 'declineReason'>): Promise<'saved' | 'decided'>;
}

type Deps = Pick<WorkplaceDeps, 'externalDonations' | 'roles' | 'employees' | 'workplaces' | 'files' | 'events' | 'clock'>;

const publicDonation = ({ receiptKey: _k, receiptContentType: _t, ...donation }: StoredExternalDonation): ExternalDonation => donation;

/** A member records a donation made elsewhere, once per Idempotency-Key. */
export async function recordExternalDonation(deps: Deps, member: { id: string; email: string }, input: ExternalDonationInput, idempotencyKey: string): Promise<ExternalDonation> {
  const roles = await deps.roles.rolesOf(member.id, { kind: 'workplace', id: input.workplaceId });
  if (roles.length === 0) throw new DomainError('Forbidden', 'Only members of the workplace can record donations for it.');
  const workplace = await deps.workplaces.get(input.workplaceId);
  const country = workplace?.country ?? 'nz';
  const today = localDay(deps.clock.now(), COUNTRY_TIME_ZONES[country]);
  if (input.donatedOn > today) throw invalid([{ field: 'body.donatedOn', message: 'The donation date is in the future.' }]);
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  if (input.donatedOn < yearAgo) throw invalid([{ field: 'body.donatedOn', message: 'Record donations made in the last 12 months.' }]);
  const receipt = Buffer.from(input.receipt.data, 'base64');
  if (receipt.length > RECEIPT_MAX_BYTES) throw invalid([{ field: 'body.receipt.data', message: 'The receipt is larger than 2 MB.' }]);
  const looksRight = input.receipt.contentType === 'application/pdf' ? receipt.subarray(0, 5).toString('latin1') === '%PDF-' : input.receipt.contentType === 'image/png' ? receipt.subarray(1, 4).toString('latin1') === 'PNG' : receipt[0] === 0xff && receipt[1] === 0xd8;
  if (!looksRight) throw invalid([{ field: 'body.receipt.data', message: 'The receipt is not the PDF, JPEG or PNG it says it is.' }]);

  const now = deps.clock.now();
  const id = idFor(`external-donation#${member.id}#${idempotencyKey}`, now.getTime());
  const employee = await deps.employees.get(input.workplaceId, member.id);
  const receiptKey = `workplaces/${input.workplaceId}/external-donations/${id}/receipt`;
  const donation: StoredExternalDonation = {
    id,
    workplaceId: input.workplaceId,
    workplaceName: workplace?.name ?? employee?.workplaceName ?? '',
    memberId: member.id,
    memberName: `${employee?.firstName ?? ''} ${employee?.lastName ?? ''}`.trim() || member.email,
    memberEmail: employee?.email || member.email,
    charityName: input.charityName,
    amount: money(input.amount, country === 'au' ? 'AUD' : 'NZD'),
    donatedOn: input.donatedOn,
    ...(input.note?.trim() ? { note: input.note.trim() } : {}),
    receiptFileName: input.receipt.fileName,
    receiptContentType: input.receipt.contentType,
    receiptKey,
    status: 'Pending',
    createdAt: now.toISOString(),
  };
  await deps.files.putBytes(receiptKey, receipt, input.receipt.contentType);
  const stored = await deps.externalDonations.create(donation);
  return publicDonation(stored === 'created' ? donation : stored);
}

export async function listMemberExternalDonations(deps: Pick<Deps, 'externalDonations'>, memberId: string) {
  return { items: (await deps.externalDonations.listForMember(memberId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(publicDonation) };
}

export async function listWorkplaceExternalDonations(deps: Pick<Deps, 'externalDonations'>, workplaceId: string, status?: ExternalDonation['status']) {
  const items = (await deps.externalDonations.listForWorkplace(workplaceId)).filter((donation) => !status || donation.status === status);
  // Pending first (what needs deciding), then newest first.
  items.sort((a, b) => Number(b.status === 'Pending') - Number(a.status === 'Pending') || b.createdAt.localeCompare(a.createdAt));
  return { items: items.map(publicDonation) };
}

/** The admin approves (announced for matching) or declines (with a reason the member sees) a pending donation. */
export async function decideExternalDonation(
  deps: Deps,
  workplaceId: string,
  id: string,
  decision: { decision: 'Approve' } | { decision: 'Decline'; reason: string },
  decidedBy: string,
): Promise<ExternalDonation> {
  const donation = await deps.externalDonations.get(workplaceId, id);
  if (!donation) throw notFound('The external donation');
  const decidedAt = deps.clock.now().toISOString();
  const status = decision.decision === 'Approve' ? 'Approved' : 'Declined';
  if (donation.status !== 'Pending') {
    if (donation.status === status) return publicDonation(donation);
    throw conflict(`This donation was ${donation.status.toLowerCase()} already.`);
  }
  if (status === 'Approved') {
    // Announced first (id = the donation's: a repeat is dropped), then marked, so a failure between leaves it Pending to retry.
    await deps.events.publishAll(
      ExternalDonationApproved,
      [{ id: donation.id, data: { externalDonationId: donation.id, workplaceId, memberId: donation.memberId, charityName: donation.charityName, amount: donation.amount, donatedOn: donation.donatedOn, approvedAt: decidedAt } }],
      { correlationId: donation.id },
    );
  }
  const outcome = await deps.externalDonations.decide(workplaceId, id, { status, decidedAt, decidedBy, ...(decision.decision === 'Decline' ? { declineReason: decision.reason } : {}) });
  if (outcome === 'decided') return decideExternalDonation(deps, workplaceId, id, decision, decidedBy);
  return publicDonation({ ...donation, status, decidedAt, decidedBy, ...(decision.decision === 'Decline' ? { declineReason: decision.reason } : {}) });
}

/** The receipt, for the admin deciding. */
export async function externalDonationReceipt(deps: Pick<Deps, 'externalDonations' | 'files'>, workplaceId: string, id: string) {
  return receiptOf(deps, await deps.externalDonations.get(workplaceId, id));
}

/** The receipt of one of the member's own donations; anyone else's is not found, as one that does not exist. */
export async function memberExternalDonationReceipt(deps: Pick<Deps, 'externalDonations' | 'files'>, memberId: string, id: string) {
  return receiptOf(deps, (await deps.externalDonations.listForMember(memberId)).find((donation) => donation.id === id));
}

async function receiptOf(deps: Pick<Deps, 'files'>, donation: StoredExternalDonation | undefined) {
  if (!donation) throw notFound('The external donation');
  const bytes = await deps.files.getBytes(donation.receiptKey);
  if (!bytes) throw notFound('The receipt');
  return { fileName: donation.receiptFileName, contentType: donation.receiptContentType, bytes };
}
