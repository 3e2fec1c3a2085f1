import type { Clock } from '@giving/shared/clock';
import {
  MEMBERSHIP_GRACE_DAYS,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_NEW_DAYS,
  MEMBERSHIP_STATUS_TEXT,
  MEMBERS_PAGE,
  type JoinMembership,
  type ManualMember,
  type MembersQuery,
  type Membership,
  type MembershipList,
  type MembershipPeriod,
  type MembershipPlan,
  type MembershipPlanInput,
  type MembershipStatus,
} from '@giving/shared/contracts/memberships';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { conflict, DomainError, notFound } from '@giving/shared/errors';
import type { EventData, EventPublisher } from '@giving/shared/events';
import { MembershipPaid } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { formatMoney, money, type Money } from '@giving/shared/money';
import { documentHtml, documentLines, escapeHtml, type PrintableDocument } from '@giving/shared/printing/printable';
import type { CardGateway, CharityDirectory, Mailer, NewPayment, Payment, PaymentRepository, SavedCardRepository } from './ports';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { accountOfPayment } from './payment-gateway';
import { DUE_PER_RUN, RETRY_AFTER_DAYS, type SentNotices } from './recurring-donations';
import { addDays } from './recurring-donations';
import { cardForMemberPayment, SAVED_CARD_GONE_MESSAGE, savedPaymentCard } from './saved-cards';

/**
 * Charity membership (issue 17 items 1-3). A charity's plans; a signed-in person joins one through the payment
 * workflow (pageType MEMBERSHIP: priced from the plan, no tip, no fee on top); the completed payment creates the
 * membership (or extends it: a renewal or re-joining) in the transaction that completes the payment, and adds the fee
 * to what the charity is owed. A charity adds members who paid elsewhere. A membership's status follows its dates:
 * New for its first 30 days, Current while paid, In grace for 30 days after its paid period ends, then Expired;
 * Cancelled once the member cancels (it stays theirs until its paid period ends, and does not renew).
 */

export interface StoredMembership extends Omit<Membership, 'status'> {
  country: CountryCode;
  /** When it was created (for the charity's list, newest first). */
  createdAt: string;
  /** The member's saved card its renewals are charged to. */
  savedCardId?: string;
  /** A renewal's attempts for the period after paidUntil (0: the first), and the day the next one is due. */
  renewalAttempts?: number;
  nextRenewalOn?: string;
  /** Why renewing stopped (a hard decline, a card gone): the member is told once. */
  renewalStopped?: string;
}

export interface MembershipStore {
  savePlan(plan: MembershipPlan, isNew: boolean): Promise<'saved' | 'missing'>;
  /** The plan, if it is this charity's. */
  getPlan(charityId: string, planId: string): Promise<MembershipPlan | undefined>;
  planById(planId: string): Promise<MembershipPlan | undefined>;
  listPlans(charityId: string): Promise<MembershipPlan[]>;
  /** The next membership number of the charity (1, 2, …), by an atomic counter. */
  nextNumber(charityId: string): Promise<number>;
  get(membershipId: string): Promise<StoredMembership | undefined>;
  /** The member's membership on a plan, if they ever joined it. */
  findByMemberAndPlan(memberId: string, planId: string): Promise<StoredMembership | undefined>;
  listByMember(memberId: string): Promise<StoredMembership[]>;
  /** The charity's members, newest first; q matches name, e-mail or number (read on until the page is full). */
  listByCharity(charityId: string, filter: { q?: string }, limit: number, cursor?: string): Promise<{ items: StoredMembership[]; nextCursor?: string }>;
  /** A member paid elsewhere, stored once per request key: the membership stored before under it, if any. */
  addManual(membership: StoredMembership, idempotencyKey: string): Promise<StoredMembership>;
  cancel(membershipId: string, at: string): Promise<'cancelled' | 'already'>;
  /** The charity's memberships' dates, every one (a page at a time): what its dashboard counts. */
  datesOfCharity(charityId: string): Promise<Pick<StoredMembership, 'joinedOn' | 'paidUntil' | 'cancelledAt'>[]>;
  /** Renewals due on or before `day` (the latest "today" of the countries), oldest first. */
  listDueRenewals(day: string, limit: number): Promise<StoredMembership[]>;
  /** Memberships whose paid period ends between the two days (inclusive): their reminders. */
  listEnding(from: string, to: string, limit: number): Promise<StoredMembership[]>;
  /** Moves a renewal to its next attempt, if it is still at `attempts` for this period ('moved' or 'stale'). */
  retryRenewal(membershipId: string, paidUntil: string, attempts: number, nextRenewalOn: string): Promise<'moved' | 'stale'>;
  /** Stops renewing (autoRenew off) with the reason, if it is still at `attempts` for this period. */
  stopRenewal(membershipId: string, paidUntil: string, attempts: number, reason: string): Promise<'stopped' | 'stale'>;
  /**
   * A paid membership payment: completes the payment (Processing -> Completed), creates or extends the membership to
   * `paidUntil`, and adds the fee to the charity's ledger, in one transaction; a repeat changes nothing.
   */
  recordPayment(payment: Payment, membership: StoredMembership, ledgerMonth: string, chargeId: string): Promise<void>;
}

const today = (country: CountryCode, at: Date) => localDay(at, COUNTRY_TIME_ZONES[country]);

/** The last day a period paid today (or from the day after `after`) covers: a year or a month less a day; none for life. */
export function paidUntilFrom(period: MembershipPeriod, from: string): string | undefined {
  if (period === 'Life') return undefined;
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const end = period === 'Yearly' ? new Date(Date.UTC(year + 1, month - 1, day)) : new Date(Date.UTC(year, month, day));
  // 31 January + 1 month is 3 March in Date.UTC: keep to the month's last day instead.
  if (period === 'Monthly' && end.getUTCDate() !== day) end.setUTCDate(0);
  return addDays(end.toISOString().slice(0, 10), -1);
}

/** Where a membership stands on a day, from its dates alone. */
export function statusOf(membership: Pick<StoredMembership, 'joinedOn' | 'paidUntil' | 'cancelledAt'>, on: string): MembershipStatus {
  if (membership.cancelledAt) return 'Cancelled';
  const paid = membership.paidUntil === undefined || membership.paidUntil >= on;
  if (paid) return addDays(membership.joinedOn, MEMBERSHIP_NEW_DAYS) > on ? 'New' : 'Current';
  return addDays(membership.paidUntil!, MEMBERSHIP_GRACE_DAYS) >= on ? 'InGrace' : 'Expired';
}

export function membershipView(membership: StoredMembership, now: Date): Membership {
  const { country: _country, createdAt: _createdAt, savedCardId: _card, ...shown } = membership;
  return { ...shown, status: statusOf(membership, today(membership.country, now)) };
}

const periodText = (period: MembershipPeriod, fee: Money, country: CountryCode) => {
  const amount = formatMoney(fee, COUNTRIES[country].locale);
  return period === 'Yearly' ? `${amount} a year` : period === 'Monthly' ? `${amount} a month` : `${amount} once, for life`;
};

/** "KCR": the charity's initials, for its membership numbers. */
export function numberPrefix(charityName: string): string {
  const initials = charityName
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z]/g, '')[0] ?? '')
    .join('')
    .toUpperCase();
  return (initials || 'M').slice(0, 4);
}
export const membershipNumber = (charityName: string, n: number) => `${numberPrefix(charityName)}-${String(n).padStart(6, '0')}`;

async function charityOf(charities: Pick<CharityDirectory, 'getById'>, charityId: string) {
  const charity = await charities.getById(charityId);
  if (!charity) throw notFound('The charity');
  return charity;
}

/* ---- plans ---------------------------------------------------------------------------------------------------- */

export async function createPlan(deps: { store: MembershipStore; charities: Pick<CharityDirectory, 'getById'>; clock: Clock }, charityId: string, input: MembershipPlanInput): Promise<MembershipPlan> {
  const charity = await charityOf(deps.charities, charityId);
  const now = deps.clock.now().toISOString();
  const { fee, ...rest } = input;
  const plan: MembershipPlan = { planId: newId(), charityId, ...rest, fee: money(fee, COUNTRIES[charity.country].currency), createdAt: now, updatedAt: now };
  await deps.store.savePlan(plan, true);
  return plan;
}

export async function updatePlan(deps: { store: MembershipStore; clock: Clock }, charityId: string, planId: string, input: MembershipPlanInput): Promise<MembershipPlan> {
  const plan = await deps.store.getPlan(charityId, planId);
  if (!plan) throw notFound('That membership plan');
  const { fee, ...rest } = input;
  const updated: MembershipPlan = { ...plan, ...rest, fee: money(fee, plan.fee.currency), updatedAt: deps.clock.now().toISOString() };
  if ((await deps.store.savePlan(updated, false)) === 'missing') throw notFound('That membership plan');
  return updated;
}

export const charityPlans = async (deps: { store: MembershipStore }, charityId: string) => ({ items: await deps.store.listPlans(charityId) });

/** The charity page's plans: the active ones, cheapest first; an unknown charity has none to show (404). */
export async function publicPlans(deps: { store: MembershipStore; charities: Pick<CharityDirectory, 'getByUrl'> }, charityUrl: string) {
  const charity = await deps.charities.getByUrl(charityUrl);
  if (!charity || !charity.isActive) throw notFound('The charity');
  const plans = (await deps.store.listPlans(charity.id)).filter((plan) => plan.active).sort((a, b) => a.fee.cents - b.fee.cents);
  return { items: plans };
}

/* ---- joining ---------------------------------------------------------------------------------------------------- */

export interface Joiner {
  memberId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * POST /memberships/me/join: a payment of the plan's fee for its charity (pageType MEMBERSHIP), through the same
 * createOnce path as the checkout (idempotent on the key); the membership is made when it completes. A plan that
 * renews keeps the card. A member already paid up on the plan is refused.
 */
export async function joinMembership(
  deps: {
    store: MembershipStore;
    charities: Pick<CharityDirectory, 'getById'>;
    payments: Pick<PaymentRepository, 'createOnce'>;
    cards: Pick<SavedCardRepository, 'get'>;
    clock: Clock;
  },
  joiner: Joiner,
  request: JoinMembership,
  idempotencyKey: string,
  clientAddress?: string,
): Promise<{ trackingNumber: string }> {
  const existing = await deps.store.findByMemberAndPlan(joiner.memberId, request.planId);
  const plan = await deps.store.planById(request.planId);
  if (!plan) throw notFound('That membership plan');
  if (!plan.active) throw conflict(MEMBERSHIP_MESSAGES.planInactive);
  const charity = await charityOf(deps.charities, plan.charityId);
  const now = deps.clock.now();
  if (existing && !existing.cancelledAt && ['New', 'Current'].includes(statusOf(existing, today(charity.country, now)))) {
    throw conflict(MEMBERSHIP_MESSAGES.alreadyMember);
  }
  // The checkout's own rules: a saved card must be the member's and of the charity's country's merchant account.
  const { card } = await cardForMemberPayment(deps, joiner.memberId, { card: request.card, isRecurring: false, country: charity.country });
  if (!card) throw new Error('a membership is paid by card');
  const membershipId = existing?.membershipId ?? newId(now.getTime());
  const number = existing?.membershipNumber ?? membershipNumber(charity.name, await deps.store.nextNumber(charity.id));
  const payment: NewPayment = {
    pageType: 'MEMBERSHIP',
    planId: plan.planId,
    charityId: plan.charityId,
    membershipId,
    membershipNumber: number,
    idempotencyKey: `${joiner.memberId}#membership#${idempotencyKey}`,
    country: charity.country,
    donationAmountCents: plan.fee.cents,
    quantity: 1,
    supportingAmountCents: 0,
    isAnonymous: false,
    receiptName: `${joiner.firstName} ${joiner.lastName}`.trim(),
    donor: { firstName: joiner.firstName, lastName: joiner.lastName, email: joiner.email },
    memberId: joiner.memberId,
    ...(clientAddress ? { clientAddress } : {}),
    card,
    // A plan that renews keeps a new card for its renewals (a saved card is kept already).
    // unless the member chose not to keep it (then it does not renew).
    ...(plan.autoRenew && !('savedCardId' in request.card) && request.card.saveCard !== false ? { saveCard: true } : {}),
    createdAt: now.toISOString(),
  };
  const fingerprint = JSON.stringify([plan.planId, 'savedCardId' in request.card ? request.card.savedCardId : request.card.token]);
  const result = await deps.payments.createOnce(payment, fingerprint);
  if (!result.created && result.fingerprint !== fingerprint) throw new DomainError('IdempotencyKeyReused');
  return { trackingNumber: result.trackingNumber };
}

/** The payment workflow's pricing of a membership payment: the plan's fee as it is now, for its charity. */
export async function priceMembership(
  deps: { store: MembershipStore; charities: Pick<CharityDirectory, 'getById'> },
  payment: Payment & { pageType: 'MEMBERSHIP' },
): Promise<{ ok: true; priced: PricedMembership } | { ok: false; message: string }> {
  const plan = await deps.store.getPlan(payment.charityId, payment.planId);
  if (!plan) return { ok: false, message: MEMBERSHIP_MESSAGES.planNotFound };
  const charity = await deps.charities.getById(plan.charityId);
  if (!charity || !charity.isActive) return { ok: false, message: MEMBERSHIP_MESSAGES.planNotFound };
  // A renewal is charged even if the plan has since closed to new members.
  if (!plan.active && !payment.renewal) return { ok: false, message: MEMBERSHIP_MESSAGES.planInactive };
  return {
    ok: true,
    priced: {
      amount: plan.fee,
      tip: money(0, plan.fee.currency),
      total: plan.fee,
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
      membership: { planId: plan.planId, name: plan.name, period: plan.period },
    },
  };
}

export interface PricedMembership {
  amount: Money;
  tip: Money;
  total: Money;
  charity: { id: string; name: string; charityUrl: string; logoImageUrl: string };
  membership: { planId: string; name: string; period: MembershipPeriod };
  /** Never a gift's or a page's: the same shape as a donation's pricing where the two are read alike. */
  gift?: never;
  page?: never;
}

/**
 * RecordDonation for a membership payment: the membership paid until a period from today (or, when renewing early,
 * from the day after it was paid until), and the fee owed to the charity, with the payment's completion.
 */
export async function recordMembershipPayment(deps: { store: MembershipStore; clock: Clock }, payment: Payment & { pageType: 'MEMBERSHIP' }, chargeId: string): Promise<void> {
  const priced = payment.priced as PricedMembership | undefined;
  if (!priced || !('membership' in priced)) throw new Error(`membership payment ${payment.trackingNumber} was not validated`);
  const now = deps.clock.now();
  const on = today(payment.country, now);
  const existing = await deps.store.get(payment.membershipId);
  // Renewing (even a few days late, after a retry) keeps the membership's anniversary; joining again early adds on.
  const from = existing?.paidUntil && (existing.paidUntil >= on || payment.renewal) ? addDays(existing.paidUntil, 1) : on;
  const paidUntil = paidUntilFrom(priced.membership.period, from);
  const fresh = !existing || statusOf(existing, on) === 'Expired' || existing.cancelledAt !== undefined;
  const membership: StoredMembership = {
    membershipId: payment.membershipId,
    membershipNumber: existing?.membershipNumber ?? payment.membershipNumber,
    charity: { id: priced.charity.id, name: priced.charity.name, charityUrl: priced.charity.charityUrl },
    plan: { planId: priced.membership.planId, name: priced.membership.name, period: priced.membership.period, fee: priced.amount },
    member: { ...(payment.memberId ? { memberId: payment.memberId } : {}), name: payment.receiptName, email: payment.donor.email },
    joinedOn: fresh ? on : existing.joinedOn,
    ...(paidUntil ? { paidUntil } : {}),
    // It renews when its plan does and there is a card to renew from (the member may have chosen not to keep theirs).
    autoRenew: priced.membership.period !== 'Life' && (await planRenews(deps.store, payment)) && (payment.card?.savedCardId !== undefined || payment.saveCard === true || existing?.savedCardId !== undefined),
    source: 'Online',
    lastPayment: { trackingNumber: payment.trackingNumber, amount: priced.amount, paidAt: now.toISOString() },
    country: payment.country,
    createdAt: existing?.createdAt ?? now.toISOString(),
    ...(payment.card?.savedCardId ? { savedCardId: payment.card.savedCardId } : payment.saveCard ? { savedCardId: payment.trackingNumber } : existing?.savedCardId ? { savedCardId: existing.savedCardId } : {}),
  };
  // A new paid period: its renewal is first tried the day after it ends.
  if (membership.autoRenew && membership.savedCardId && paidUntil) {
    membership.renewalAttempts = 0;
    membership.nextRenewalOn = addDays(paidUntil, 1);
  }
  await deps.store.recordPayment(payment, membership, on.slice(0, 7), chargeId);
}

async function planRenews(store: MembershipStore, payment: Payment & { pageType: 'MEMBERSHIP' }) {
  return (await store.getPlan(payment.charityId, payment.planId))?.autoRenew === true;
}

/** EmitDonationCompleted for a membership payment: MembershipPaid (event id = tracking number). */
export async function emitMembershipPaid(deps: { store: MembershipStore; publisher: EventPublisher }, payment: Payment & { pageType: 'MEMBERSHIP' }): Promise<void> {
  const membership = await deps.store.get(payment.membershipId);
  if (!membership) throw new Error(`membership of payment ${payment.trackingNumber} does not exist`);
  await deps.publisher.publish(MembershipPaid, membershipPaidData(membership, payment), { id: payment.trackingNumber, correlationId: payment.trackingNumber });
}

const membershipPaidData = (membership: StoredMembership, payment: Payment & { pageType: 'MEMBERSHIP' }): EventData<typeof MembershipPaid> => ({
  membershipId: membership.membershipId,
  membershipNumber: membership.membershipNumber,
  trackingNumber: payment.trackingNumber,
  country: membership.country,
  charity: membership.charity,
  plan: { planId: membership.plan.planId, name: membership.plan.name, period: membership.plan.period },
  amount: membership.plan.fee,
  ...(membership.member.memberId ? { memberId: membership.member.memberId } : {}),
  memberName: membership.member.name,
  memberEmail: membership.member.email,
  ...(membership.paidUntil ? { paidUntil: membership.paidUntil } : {}),
  isRenewal: payment.renewal === true,
  paidAt: membership.lastPayment?.paidAt ?? payment.updatedAt,
});

/* ---- the member's own ------------------------------------------------------------------------------------------- */

export async function myMemberships(deps: { store: MembershipStore; clock: Clock }, memberId: string): Promise<MembershipList> {
  const now = deps.clock.now();
  return { items: (await deps.store.listByMember(memberId)).map((membership) => membershipView(membership, now)) };
}

/** Cancels one of the member's memberships: it will not renew, and stays theirs until its paid period ends. */
export async function cancelMyMembership(deps: { store: MembershipStore; clock: Clock }, memberId: string, membershipId: string): Promise<Membership> {
  const membership = await deps.store.get(membershipId);
  if (!membership || membership.member.memberId !== memberId) throw notFound('That membership');
  await deps.store.cancel(membershipId, deps.clock.now().toISOString());
  const after = await deps.store.get(membershipId);
  return membershipView(after ?? membership, deps.clock.now());
}

/* ---- the charity's ---------------------------------------------------------------------------------------------- */

export async function charityMembers(deps: { store: MembershipStore; clock: Clock }, charityId: string, query: MembersQuery): Promise<MembershipList> {
  const now = deps.clock.now();
  const items: Membership[] = [];
  let cursor = query.cursor;
  // A status filter is worked out from dates: read on until the page is full (or the list ends).
  for (let reads = 0; reads < 20; reads++) {
    const page = await deps.store.listByCharity(charityId, { ...(query.q ? { q: query.q } : {}) }, MEMBERS_PAGE - items.length, cursor);
    for (const membership of page.items) {
      const view = membershipView(membership, now);
      if (!query.status || view.status === query.status) items.push(view);
    }
    cursor = page.nextCursor;
    if (!cursor || items.length >= MEMBERS_PAGE) break;
  }
  return { items, ...(cursor ? { nextCursor: cursor } : {}) };
}

/** The charity adds a member who paid elsewhere (cash, a bank transfer): a membership from the day they joined. */
export async function addManualMember(
  deps: { store: MembershipStore; charities: Pick<CharityDirectory, 'getById'>; clock: Clock },
  charityId: string,
  input: ManualMember,
  idempotencyKey: string,
): Promise<{ created: boolean; membership: Membership }> {
  const charity = await charityOf(deps.charities, charityId);
  const plan = await deps.store.getPlan(charityId, input.planId);
  if (!plan) throw new DomainError('ValidationFailed', MEMBERSHIP_MESSAGES.planNotFound, [{ field: 'body.planId', message: MEMBERSHIP_MESSAGES.planNotFound }]);
  const now = deps.clock.now();
  if (input.joinedOn > today(charity.country, now)) {
    throw new DomainError('ValidationFailed', 'joinedOn: A member cannot join in the future.', [{ field: 'body.joinedOn', message: 'A member cannot join in the future.' }]);
  }
  const paidUntil = paidUntilFrom(plan.period, input.joinedOn);
  const membership: StoredMembership = {
    membershipId: newId(now.getTime()),
    membershipNumber: membershipNumber(charity.name, await deps.store.nextNumber(charityId)),
    charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl },
    plan: { planId: plan.planId, name: plan.name, period: plan.period, fee: plan.fee },
    member: { name: `${input.firstName} ${input.lastName}`, email: input.email.toLowerCase() },
    joinedOn: input.joinedOn,
    ...(paidUntil ? { paidUntil } : {}),
    autoRenew: false,
    source: 'Manual',
    note: input.note,
    country: charity.country,
    createdAt: now.toISOString(),
  };
  const stored = await deps.store.addManual(membership, idempotencyKey);
  return { created: stored.membershipId === membership.membershipId, membership: membershipView(stored, now) };
}

/** The members file's columns (domain/member-exports.ts writes it, a page of members at a time). */
export const MEMBERS_CSV_HEADER = ['Membership number', 'Name', 'Email', 'Plan', 'Fee', 'Status', 'Joined', 'Paid until', 'Renews', 'Source', 'Note'];

/** A member's line of the members file, their status as it stands at `now`. */
export function memberCsvRow(membership: StoredMembership, country: CountryCode, now: Date): string[] {
  const view = membershipView(membership, now);
  return [
    view.membershipNumber,
    view.member.name,
    view.member.email,
    view.plan.name,
    periodText(view.plan.period, view.plan.fee, country),
    MEMBERSHIP_STATUS_TEXT[view.status],
    view.joinedOn,
    view.paidUntil ?? 'For life',
    view.autoRenew && !view.cancelledAt ? 'Yes' : 'No',
    view.source,
    view.note ?? '',
  ];
}

/** The members file's name: '<charity page address>-members-<the charity's day>.csv'. */
export const membersFileName = (charity: { charityUrl: string; country: CountryCode }, at: Date) => `${charity.charityUrl}-members-${today(charity.country, at)}.csv`;

/* ---- the member's e-mail ---------------------------------------------------------------------------------------- */

/** MembershipPaid -> the member's welcome (or renewal) e-mail: their number, what they paid, until when. */
export async function sendMembershipReceipt(deps: { mailer: Mailer; siteUrl: string }, paid: EventData<typeof MembershipPaid>): Promise<void> {
  const country = paid.country as CountryCode;
  const document = membershipReceipt(paid);
  const opening = [
    `Dear ${paid.memberName},`,
    '',
    paid.isRenewal
      ? `Thank you for renewing your ${paid.plan.name} membership of ${paid.charity.name}.`
      : `Welcome: you are now a member of ${paid.charity.name} (${paid.plan.name}).`,
    `Your membership number is ${paid.membershipNumber}. ${paid.paidUntil ? `Your membership is paid until ${dayText(country, paid.paidUntil)}.` : 'Your membership is for life.'}`,
    `See your membership card in My Account: ${deps.siteUrl}/admin/user/memberships`,
    '',
  ];
  const text = [...opening, document.title, ...documentLines(document.blocks)].join('\n');
  const html = [opening.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'), `<h1>${escapeHtml(document.title)}</h1>`, documentHtml(document.blocks)].join('\n');
  await deps.mailer.send({ to: paid.memberEmail, subject: paid.isRenewal ? `Your ${paid.charity.name} membership is renewed` : `Welcome to ${paid.charity.name}`, text, html });
}

const dayText = (country: CountryCode, day: string) =>
  new Intl.DateTimeFormat(COUNTRIES[country].locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A membership fee's receipt: not a donation (the member receives benefits), so nothing to claim for tax. */
export function membershipReceipt(paid: EventData<typeof MembershipPaid>): PrintableDocument {
  const country = paid.country as CountryCode;
  return {
    title: 'Membership receipt',
    subtitle: paid.charity.name,
    blocks: [
      {
        kind: 'fields',
        fields: [
          { label: 'Receipt number', value: paid.trackingNumber },
          { label: 'Membership number', value: paid.membershipNumber },
          { label: 'Plan', value: paid.plan.name },
          { label: 'Membership fee', value: formatMoney(paid.amount, COUNTRIES[country].locale) },
          { label: 'Paid until', value: paid.paidUntil ? dayText(country, paid.paidUntil) : 'For life' },
        ],
      },
      {
        kind: 'paragraph',
        text: `A membership fee is paid for the benefits of membership, so it is not a donation and cannot be claimed for tax. Collected for ${paid.charity.name} by Koha and passed on to it in full.`,
      },
    ],
    footer: `Koha · Membership receipt ${paid.trackingNumber}`,
    fileName: `koha-membership-${paid.trackingNumber}.pdf`,
  };
}

/* ---- renewals and reminders (the hourly charge-recurring-donations job) ------------------------------------------- */

/** Days before a paid period ends that the member is reminded (of the renewal, or that it will end). */
export const REMINDER_DAYS = 14;

export interface MembershipJobDeps {
  store: MembershipStore;
  payments: PaymentRepository;
  cards: Pick<SavedCardRepository, 'get'>;
  gateway: Pick<CardGateway, 'findCharge'>;
  mailer: Mailer;
  notices: SentNotices;
  clock: Clock;
  siteUrl: string;
}

export interface MembershipRunCounts {
  renewing: number;
  inProgress: number;
  retrying: number;
  stopped: number;
  reminded: number;
}

/** The key of a renewal's payment: one per membership, paid period and attempt (a re-run never charges twice). */
export const renewalKey = (membership: Pick<StoredMembership, 'membershipId' | 'paidUntil' | 'renewalAttempts'>) =>
  `${membership.membershipId}#renew#${membership.paidUntil}${membership.renewalAttempts ? `#retry${membership.renewalAttempts}` : ''}`;

/**
 * Renews due memberships through the payment workflow like a monthly donation's charge: one payment per period and
 * attempt from the member's saved card; a completed one has already moved the membership on (its record step); a soft
 * decline is tried again 1, 3 and 7 days later; a hard decline, the last retry failing, or the card gone stops the
 * renewal (the membership runs to its end, then is in grace) and the member is told once. Then reminds members whose
 * paid period ends within 14 days, once per period.
 */
export async function renewMemberships(deps: MembershipJobDeps, limit = DUE_PER_RUN): Promise<MembershipRunCounts> {
  const counts: MembershipRunCounts = { renewing: 0, inProgress: 0, retrying: 0, stopped: 0, reminded: 0 };
  const now = deps.clock.now();
  const days = (Object.keys(COUNTRIES) as CountryCode[]).map((country) => today(country, now)).sort();
  for (const membership of await deps.store.listDueRenewals(days.at(-1)!, limit)) {
    if (!membership.nextRenewalOn || membership.nextRenewalOn > today(membership.country, now)) continue;
    const outcome = await renewOnce(deps, membership, now);
    if (outcome) counts[outcome]++;
  }
  for (const membership of await deps.store.listEnding(days[0]!, addDays(days.at(-1)!, REMINDER_DAYS), limit)) {
    if (membership.cancelledAt || !membership.paidUntil || membership.paidUntil < today(membership.country, now)) continue;
    const key = `membership-reminder#${membership.membershipId}#${membership.paidUntil}`;
    const claim = await deps.notices.begin(key);
    if (claim !== 'new') continue;
    try {
      await deps.mailer.send(reminderMail(membership, deps.siteUrl));
    } catch (error) {
      await deps.notices.release(key);
      throw error;
    }
    await deps.notices.complete(key);
    counts.reminded++;
  }
  return counts;
}

async function renewOnce(deps: MembershipJobDeps, membership: StoredMembership, now: Date): Promise<keyof MembershipRunCounts | undefined> {
  const attempts = membership.renewalAttempts ?? 0;
  const paidUntil = membership.paidUntil!;
  const stop = async (reason: string) => {
    if ((await deps.store.stopRenewal(membership.membershipId, paidUntil, attempts, reason)) !== 'stopped') return undefined;
    await stoppedNotice(deps, membership, reason);
    return 'stopped' as const;
  };
  const memberId = membership.member.memberId;
  const card = memberId && membership.savedCardId ? await deps.cards.get(memberId, membership.savedCardId) : undefined;
  if (!memberId || !card) return stop(SAVED_CARD_GONE_MESSAGE);
  const [firstName = '', ...rest] = membership.member.name.split(' ');
  const result = await deps.payments.createOnce(
    {
      pageType: 'MEMBERSHIP',
      planId: membership.plan.planId,
      charityId: membership.charity.id,
      membershipId: membership.membershipId,
      membershipNumber: membership.membershipNumber,
      renewal: true,
      idempotencyKey: renewalKey(membership),
      country: membership.country,
      donationAmountCents: membership.plan.fee.cents,
      quantity: 1,
      supportingAmountCents: 0,
      isAnonymous: false,
      receiptName: membership.member.name,
      donor: { firstName, lastName: rest.join(' '), email: membership.member.email },
      memberId,
      card: savedPaymentCard(card),
      createdAt: now.toISOString(),
    },
    renewalKey(membership),
  );
  if (result.created) return 'renewing';
  const payment = await deps.payments.get(result.trackingNumber);
  if (payment?.status === 'Failed') {
    const reason = payment.messages[0] ?? MESSAGES.paymentFailed;
    const found = await deps.gateway.findCharge({ account: accountOfPayment(payment), idempotencyKey: payment.trackingNumber });
    const soft = found?.outcome === 'declined' ? found.retryable === true : reason === MESSAGES.gatewayUnreachable;
    const retryAfter = RETRY_AFTER_DAYS[attempts];
    if (soft && retryAfter !== undefined) {
      return (await deps.store.retryRenewal(membership.membershipId, paidUntil, attempts, addDays(addDays(paidUntil, 1), retryAfter))) === 'moved' ? 'retrying' : undefined;
    }
    return stop(found?.outcome === 'declined' ? found.message : reason);
  }
  // Completed: its record step moved the membership on already (its next renewal is a period later); else still running.
  return payment?.status === 'Completed' ? undefined : 'inProgress';
}

async function stoppedNotice(deps: Pick<MembershipJobDeps, 'mailer' | 'notices' | 'siteUrl'>, membership: StoredMembership, reason: string) {
  const key = `membership-renewal-stopped#${membership.membershipId}#${membership.paidUntil}`;
  if ((await deps.notices.begin(key)) !== 'new') return;
  const country = membership.country;
  const lines = [
    `Dear ${membership.member.name},`,
    '',
    `We could not renew your ${membership.plan.name} membership of ${membership.charity.name} (${membership.membershipNumber}): ${reason}`,
    `Your membership is paid until ${dayText(country, membership.paidUntil!)}; after that it is in grace for ${MEMBERSHIP_GRACE_DAYS} days, then it expires.`,
    `To stay a member, join again with another card: ${deps.siteUrl}/${country}/charity/${membership.charity.charityUrl}`,
  ];
  try {
    await deps.mailer.send({
      to: membership.member.email,
      subject: `We could not renew your ${membership.charity.name} membership`,
      text: lines.join('\n'),
      html: lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    });
  } catch (error) {
    await deps.notices.release(key);
    throw error;
  }
  await deps.notices.complete(key);
}

/** "Your membership renews on …" or, when it will not renew, "… ends on …". */
export function reminderMail(membership: StoredMembership, siteUrl: string) {
  const country = membership.country;
  const renews = membership.autoRenew && !membership.cancelledAt && membership.savedCardId !== undefined;
  const fee = formatMoney(membership.plan.fee, COUNTRIES[country].locale);
  const lines = [
    `Dear ${membership.member.name},`,
    '',
    renews
      ? `Your ${membership.plan.name} membership of ${membership.charity.name} (${membership.membershipNumber}) renews on ${dayText(country, addDays(membership.paidUntil!, 1))}: we will charge ${fee} to your saved card.`
      : `Your ${membership.plan.name} membership of ${membership.charity.name} (${membership.membershipNumber}) ends on ${dayText(country, membership.paidUntil!)}.`,
    renews
      ? `To stop it renewing, cancel it in My Account: ${siteUrl}/admin/user/memberships`
      : `To stay a member, renew it from ${membership.charity.name}'s page: ${siteUrl}/${country}/charity/${membership.charity.charityUrl}`,
  ];
  return {
    to: membership.member.email,
    subject: renews ? `Your ${membership.charity.name} membership renews soon` : `Your ${membership.charity.name} membership ends soon`,
    text: lines.join('\n'),
    html: lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/** The charity dashboard's members: those whose membership stands today (New, Current, In grace), and this month's joiners. */
export async function membershipCounts(deps: { store: Pick<MembershipStore, 'datesOfCharity'> }, charityId: string, today: string) {
  const all = await deps.store.datesOfCharity(charityId);
  const standing = all.filter((membership) => ['New', 'Current', 'InGrace'].includes(statusOf(membership, today)));
  return { current: standing.length, joinedThisMonth: all.filter((membership) => membership.joinedOn.slice(0, 7) === today.slice(0, 7)).length };
}
