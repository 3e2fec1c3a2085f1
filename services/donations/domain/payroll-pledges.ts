import type { Clock } from '@giving/shared/clock';
import type { CreatePayrollPledgeRequest, PayrollPledge } from '@giving/shared/contracts/payroll';
import { DomainError, invalid, notFound } from '@giving/shared/errors';
import type { EventPublisher } from '@giving/shared/events';
import { PayrollPledgeCancelled, PayrollPledgeCreated } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import { requirePaymentMethod } from './memberships';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { CHARITY_MISSING_MESSAGE, GIFT_MISSING_MESSAGE, fingerprintOf, priceCharityDonation, priceFundraiseDonation, pricePayment, type PriceResult } from './payments';
import type { CharityDirectory, FundraisingPageDirectory, GiftCatalog, MembershipDirectory, PayrollPledgeRepository, StoredPayrollPledge } from './ports';

type Deps = {
  pledges: PayrollPledgeRepository;
  memberships: Pick<MembershipDirectory, 'workplacesOf'>;
  gifts: Pick<GiftCatalog, 'getById'>;
  charities: Pick<CharityDirectory, 'getById'>;
  /** Donations' copy of fundraising pages (a pledge to a page). */
  pages?: Pick<FundraisingPageDirectory, 'get'>;
  clock: Clock;
};

/** The member's view of a stored pledge (without who pledged, which the caller already is). */
export function pledgeView({ memberId: _memberId, cancellationId: _cancellationId, ...pledge }: StoredPayrollPledge): PayrollPledge {
  return pledge;
}

/**
 * Prices the pledge on the server, as a card payment is priced (no tip: payroll never tips). A gift or charity that is
 * unknown answers 404, one not taking donations or from another country 400; each names the field.
 */
async function price(deps: Pick<Deps, 'gifts' | 'charities' | 'pages' | 'clock'>, request: CreatePayrollPledgeRequest): Promise<Extract<PriceResult, { ok: true }>['priced']> {
  const field = request.pageType === 'GIFT' ? 'body.productId' : request.pageType === 'CHARITY' ? 'body.charityId' : 'body.pageId';
  const result =
    request.pageType === 'GIFT'
      ? pricePayment(
          { country: request.country, donationAmountCents: request.productAmount, quantity: request.productQuantity, supportingAmountCents: 0 },
          await deps.gifts.getById(request.productId),
        )
      : request.pageType === 'CHARITY'
        ? priceCharityDonation({ country: request.country, donationAmountCents: request.amount, supportingAmountCents: 0 }, await deps.charities.getById(request.charityId))
        : await pricePagePledge(deps, request);
  if (result.ok) return result.priced;
  // A page that is gone is 404; one ended or offline conflicts with its state (409), as at checkout.
  if (result.message === FUNDRAISING_MESSAGES.pageNotFound) throw new DomainError('NotFound', result.message, [{ field, message: result.message }]);
  if (result.message === FUNDRAISING_MESSAGES.pageEnded || result.message === FUNDRAISING_MESSAGES.pageOffline) {
    throw new DomainError('Conflict', result.message, [{ field, message: result.message }]);
  }
  // A priced gift is pledged at its price: another amount per item conflicts with the gift (409), as at checkout.
  if (result.priceChanged) throw new DomainError('Conflict', result.message, [{ field: 'body.productAmount', message: result.message }]);
  if (result.message === GIFT_MISSING_MESSAGE || result.message === CHARITY_MISSING_MESSAGE) {
    throw new DomainError('NotFound', result.message, [{ field, message: result.message }]);
  }
  throw invalid([{ field, message: result.message }]);
}

async function pricePagePledge(deps: Pick<Deps, 'charities' | 'pages' | 'clock'>, request: Extract<CreatePayrollPledgeRequest, { pageType: 'FUNDRAISE' }>): Promise<PriceResult> {
  if (!deps.pages) throw new Error('a pledge to a fundraising page needs the fundraising pages');
  const page = await deps.pages.get(request.pageId);
  return priceFundraiseDonation(
    { country: request.country, donationAmountCents: request.pageAmount, supportingAmountCents: 0 },
    page,
    page ? await deps.charities.getById(page.charityId) : undefined,
    deps.clock.now(),
  );
}

/**
 * A workplace member pledges a gift or a general donation from their pay (spec §4 "Payroll"), once per idempotency key.
 * Main course: check their workplace roles allow payroll on this page type (403 otherwise), price it on the server,
 * then store it Active and claim the key in one transaction. The table's stream publishes PayrollPledgeCreated for the
 * workplace service. A retry with the same key and request answers the same pledge; a different request is refused.
 */
export async function createPayrollPledge(deps: Deps, request: CreatePayrollPledgeRequest, memberId: string, idempotencyKey: string): Promise<PayrollPledge> {
  const options = await requirePaymentMethod(deps, memberId, request.pageType, 'PAYROLL');
  const workplace = options.workplace;
  // requirePaymentMethod allows payroll only through a workplace; this keeps the type honest.
  if (!workplace) throw new DomainError('Forbidden');
  const priced = await price(deps, request);
  const now = deps.clock.now();
  const pledge: StoredPayrollPledge = {
    pledgeId: newId(now.getTime()),
    memberId,
    pageType: request.pageType,
    country: request.country,
    workplace,
    charity: { id: priced.charity.id, name: priced.charity.name, charityUrl: priced.charity.charityUrl },
    ...(priced.gift ? { gift: priced.gift } : {}),
    ...(priced.page ? { page: { id: priced.page.id, title: priced.page.title, pageUrl: priced.page.pageUrl, eventUrl: priced.page.eventUrl } } : {}),
    ...(request.pageType === 'FUNDRAISE' && request.message ? { message: request.message } : {}),
    quantity: request.pageType === 'GIFT' ? request.productQuantity : 1,
    amount: { cents: request.pageType === 'GIFT' ? request.productAmount : request.pageType === 'CHARITY' ? request.amount : request.pageAmount, currency: priced.amount.currency },
    total: priced.amount,
    donationFrequency: request.donationFrequency,
    isAnonymous: request.anonymousDonation,
    status: 'Active',
    createdAt: now.toISOString(),
  };
  const fingerprint = fingerprintOf(request);
  const result = await deps.pledges.createOnce(pledge, idempotencyKey, fingerprint);
  if (result.created) return pledgeView(pledge);
  if (result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
  const existing = await deps.pledges.get(memberId, result.pledgeId);
  if (!existing) throw new Error(`pledge ${result.pledgeId} of idempotency key ${idempotencyKey} is missing`);
  return pledgeView(existing);
}

/** The member's payroll pledges, newest first (cancelled ones too, marked). */
export async function listPayrollPledges(deps: Pick<Deps, 'pledges'>, memberId: string): Promise<{ items: PayrollPledge[] }> {
  return { items: (await deps.pledges.listByMember(memberId)).map(pledgeView) };
}

/**
 * The member cancels one of their pledges: Active -> Cancelled, conditionally; cancelling again changes nothing (a
 * retried DELETE succeeds). Another member's pledge is simply not found: the key includes the caller's id.
 */
export async function cancelPayrollPledge(deps: Pick<Deps, 'pledges' | 'clock'>, memberId: string, pledgeId: string): Promise<void> {
  const now = deps.clock.now();
  const outcome = await deps.pledges.cancel(memberId, pledgeId, { id: newId(now.getTime()), at: now.toISOString() });
  if (outcome === 'not-found') throw notFound('Payroll pledge');
}

/**
 * From the donations table's stream: a new pledge -> PayrollPledgeCreated (event id = pledge id); a cancellation ->
 * PayrollPledgeCancelled (event id = the cancellation's id). Repeats publish the same ids, which consumers drop.
 */
export async function publishPayrollPledge(events: EventPublisher, record: { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; newImage?: StoredPayrollPledge }): Promise<void> {
  const pledge = record.newImage;
  if (!pledge) return;
  if (record.eventName === 'INSERT' && pledge.status === 'Active') {
    await events.publish(
      PayrollPledgeCreated,
      {
        pledgeId: pledge.pledgeId,
        memberId: pledge.memberId,
        workplace: pledge.workplace,
        pageType: pledge.pageType,
        country: pledge.country,
        charity: pledge.charity,
        ...(pledge.gift ? { gift: pledge.gift } : {}),
        ...(pledge.page ? { page: pledge.page } : {}),
        quantity: pledge.quantity,
        amount: pledge.amount,
        total: pledge.total,
        donationFrequency: pledge.donationFrequency,
        isAnonymous: pledge.isAnonymous,
        createdAt: pledge.createdAt,
      },
      { id: pledge.pledgeId, correlationId: pledge.pledgeId },
    );
  } else if (record.eventName === 'MODIFY' && pledge.status === 'Cancelled' && pledge.cancellationId && pledge.cancelledAt) {
    await events.publish(
      PayrollPledgeCancelled,
      { pledgeId: pledge.pledgeId, memberId: pledge.memberId, workplaceId: pledge.workplace.id, cancelledAt: pledge.cancelledAt },
      { id: pledge.cancellationId, correlationId: pledge.pledgeId },
    );
  }
}
