import { createHash } from 'node:crypto';
import type { Clock } from '@giving/shared/clock';
import type { RecurringDonationList, RecurringDonationView } from '@giving/shared/contracts/member-giving';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { DomainError } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { formatMoney, money } from '@giving/shared/money';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { PaymentGatewaySettings } from '@giving/shared/contracts/payment-gateway';
import { accountOfPayment, feesFor } from './payment-gateway';
import type {
  CardGateway,
  Mailer,
  Payment,
  PaymentRepository,
  RecurringDonation,
  RecurringDonationRepository,
  SavedCardRepository,
  SchedulePosition,
} from './ports';
import { SAVED_CARD_GONE_MESSAGE, saveCardOf, savedPaymentCard } from './saved-cards';

/**
 * Monthly giving. A member's first monthly payment is charged at once by the payment workflow; when it completes, the
 * schedule is stored (startSchedule). Every hour the charge-recurring-donations job creates each due schedule's
 * payment for its period through the same createOnce path as the API, keyed `<scheduleId>#<YYYY-MM>` (and
 * `#retry<n>` for retries), so a re-run or a retried job never charges twice; the payment workflow charges the saved
 * card. A completed charge moves the schedule to the next month; a soft decline is tried again 1, 3 and 7 days after
 * the charge date; a hard decline, or the last retry failing, stops the schedule and e-mails the donor once.
 * Every change of a schedule is conditional on where it is (its charge date and attempt), so repeats change nothing.
 * Each month's charge carries the transaction fee at the country's rates when the job creates its payment (recomputed
 * per charge, not fixed when the gift started: docs/DECISIONS.md).
 */

/** Days after a period's charge date on which a soft decline is tried again. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
/** How many due schedules one run of the job takes on (the rest wait for the next hourly run). */
export const DUE_PER_RUN = 500;
const PARALLEL_CHARGES = 10;

export const RECURRING_NOT_FOUND_MESSAGE = 'We could not find that monthly donation.';

// ---- calendar ----------------------------------------------------------------------------------------------------

const daysInMonth = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** The charge date of a period for a schedule on `dayOfMonth`; a shorter month charges on its last day (31 -> 28 Feb). */
export function chargeDateIn(period: string, dayOfMonth: number): string {
  return `${period}-${String(Math.min(dayOfMonth, daysInMonth(period))).padStart(2, '0')}`;
}

/** '2026-12' -> '2027-01'. */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const timeZoneOf = (country: string) => (isCountryCode(country) ? COUNTRY_TIME_ZONES[country] : 'UTC');

/** Today in each country we serve; the latest of them bounds the due Query (each schedule is then checked in its own). */
const todayIn = (country: string, now: Date) => localDay(now, timeZoneOf(country));

/** The idempotency key of a period's payment: one per schedule, period and attempt. */
export function periodKey(schedule: Pick<RecurringDonation, 'scheduleId' | 'nextChargeOn' | 'attempts'>): string {
  const base = `${schedule.scheduleId}#${schedule.nextChargeOn.slice(0, 7)}`;
  return schedule.attempts === 0 ? base : `${base}#retry${schedule.attempts}`;
}

const positionOf = (schedule: RecurringDonation): SchedulePosition => ({
  memberId: schedule.memberId,
  scheduleId: schedule.scheduleId,
  nextChargeOn: schedule.nextChargeOn,
  attempts: schedule.attempts,
});

// ---- after a member's donation (a step of the payment workflow) -----------------------------------------------------

type FollowUpDeps = {
  payments: Pick<PaymentRepository, 'get'>;
  cards: SavedCardRepository;
  schedules: RecurringDonationRepository;
  gateway: CardGateway;
  clock: Clock;
};

/**
 * What follows a signed-in member's completed payment: keep the card when asked (and for a monthly gift), store the
 * schedule a first monthly payment starts, and move a monthly charge's schedule on to its next month. Each part is
 * idempotent, so the step (and the reconciliation job, for payments it completes) may run it again.
 */
export async function followUpMemberDonation(deps: FollowUpDeps, { trackingNumber }: { trackingNumber: string }): Promise<{ trackingNumber: string }> {
  const payment = await deps.payments.get(trackingNumber);
  if (!payment || payment.status !== 'Completed' || !payment.memberId) return { trackingNumber };
  const savedCardId = payment.saveCard || payment.isRecurring ? await saveCardOf(deps, payment) : undefined;
  if (payment.isRecurring && savedCardId) await startSchedule(deps, payment, savedCardId);
  if (payment.recurringCharge) await advanceSchedule(deps, payment);
  return { trackingNumber };
}

/** The first month is paid: store the schedule, next charged a month after today on the same day of the month. */
async function startSchedule(deps: FollowUpDeps, payment: Payment, savedCardId: string): Promise<void> {
  const priced = payment.priced;
  if (!payment.memberId || !payment.card || !priced || !('charity' in priced)) return;
  if (payment.pageType === 'VOUCHER_PURCHASE' || payment.pageType === 'MEMBERSHIP') return;
  const startedOn = todayIn(payment.country, new Date(payment.updatedAt));
  const dayOfMonth = Number(startedOn.slice(8, 10));
  const nextChargeOn = chargeDateIn(nextPeriod(startedOn.slice(0, 7)), dayOfMonth);
  const now = deps.clock.now().toISOString();
  await deps.schedules.create({
    scheduleId: payment.trackingNumber,
    memberId: payment.memberId,
    status: 'Active',
    target:
      payment.pageType === 'GIFT'
        ? { pageType: 'GIFT', giftId: payment.giftId }
        : payment.pageType === 'CHARITY'
          ? { pageType: 'CHARITY', charityId: payment.charityId }
          : { pageType: 'FUNDRAISE', pageId: payment.pageId, isMessageAnonymous: payment.isMessageAnonymous, ...(payment.donorMessage ? { donorMessage: payment.donorMessage } : {}) },
    country: payment.country,
    charity: { id: priced.charity.id, name: priced.charity.name, charityUrl: priced.charity.charityUrl },
    ...(priced.gift ? { gift: priced.gift } : {}),
    ...(priced.page ? { page: priced.page } : {}),
    donationAmountCents: payment.donationAmountCents,
    quantity: payment.quantity,
    supportingAmountCents: payment.supportingAmountCents,
    total: priced.total,
    ...(payment.message ? { message: payment.message } : {}),
    isAnonymous: payment.isAnonymous,
    receiptName: payment.receiptName,
    donor: payment.donor,
    savedCardId,
    card: { cardType: payment.card.cardType, last4: payment.card.last4 },
    dayOfMonth,
    nextChargeOn,
    attempts: 0,
    nextAttemptOn: nextChargeOn,
    lastChargedPeriod: startedOn.slice(0, 7),
    createdAt: now,
    updatedAt: now,
  });
}

/** A period was charged: the schedule moves to the next month, if it is still on that period (a repeat is a no-op). */
async function advanceSchedule(deps: Pick<FollowUpDeps, 'schedules' | 'clock'>, payment: Payment): Promise<void> {
  const charge = payment.recurringCharge;
  if (!charge || !payment.memberId) return;
  const schedule = await deps.schedules.get(payment.memberId, charge.scheduleId);
  if (!schedule) return;
  const nextChargeOn = chargeDateIn(nextPeriod(charge.period), schedule.dayOfMonth);
  await deps.schedules.advance(
    { memberId: payment.memberId, scheduleId: charge.scheduleId, nextChargeOn: charge.chargeOn, attempts: charge.attempt },
    { nextChargeOn, period: charge.period },
    deps.clock.now(),
  );
}

// ---- the hourly job ------------------------------------------------------------------------------------------------

/** Records which stop e-mails were sent: 'new' when this caller now owns the key (the shared idempotency store fits). */
export interface SentNotices {
  begin(key: string): Promise<'new' | 'done' | 'busy'>;
  complete(key: string): Promise<void>;
  release(key: string): Promise<void>;
}

export type RecurringJobDeps = {
  payments: PaymentRepository;
  cards: Pick<SavedCardRepository, 'get'>;
  schedules: RecurringDonationRepository;
  gateway: Pick<CardGateway, 'findCharge'>;
  /** The current transaction fee rates per country, for each month's charge. */
  gatewaySettings: PaymentGatewaySettings;
  mailer: Mailer;
  /** Guards each stop e-mail, so a schedule's donor is told once even when two runs overlap. */
  notices: SentNotices;
  clock: Clock;
  siteUrl: string;
};

export interface RecurringRunCounts {
  charged: number;
  inProgress: number;
  advanced: number;
  retrying: number;
  stopped: number;
  noticesSent: number;
}

/**
 * The charge-recurring-donations job. Main course: Query the due schedules (never a Scan), create each one's payment
 * for its period once, and settle any whose payment for this attempt has ended: completed -> next month (if the
 * workflow's step has not already), failed -> retry later or stop. Then e-mail the donors of stopped schedules.
 */
export async function chargeRecurringDonations(deps: RecurringJobDeps, limit = DUE_PER_RUN): Promise<RecurringRunCounts> {
  const counts: RecurringRunCounts = { charged: 0, inProgress: 0, advanced: 0, retrying: 0, stopped: 0, noticesSent: 0 };
  const now = deps.clock.now();
  const latestToday = Object.keys(COUNTRIES).map((country) => todayIn(country, now)).sort().at(-1) as string;
  const due = (await deps.schedules.listDue(latestToday, limit)).filter((schedule) => schedule.nextAttemptOn <= todayIn(schedule.country, now));
  for (let i = 0; i < due.length; i += PARALLEL_CHARGES) {
    const outcomes = await Promise.all(due.slice(i, i + PARALLEL_CHARGES).map((schedule) => chargeOnce(deps, schedule, now)));
    for (const outcome of outcomes) if (outcome) counts[outcome]++;
  }
  counts.noticesSent = await sendStopNotices(deps, limit);
  return counts;
}

type Outcome = 'charged' | 'inProgress' | 'advanced' | 'retrying' | 'stopped' | undefined;

/** Creates the schedule's payment for this period and attempt, or settles the one created before. */
async function chargeOnce(deps: RecurringJobDeps, schedule: RecurringDonation, now: Date): Promise<Outcome> {
  const card = await deps.cards.get(schedule.memberId, schedule.savedCardId);
  if (!card) return (await deps.schedules.stop(positionOf(schedule), SAVED_CARD_GONE_MESSAGE, now)) ? 'stopped' : undefined;
  const period = schedule.nextChargeOn.slice(0, 7);
  const charge = { scheduleId: schedule.scheduleId, period, chargeOn: schedule.nextChargeOn, attempt: schedule.attempts };
  const result = await deps.payments.createOnce(
    {
      idempotencyKey: periodKey(schedule),
      ...schedule.target,
      country: schedule.country,
      donationAmountCents: schedule.donationAmountCents,
      quantity: schedule.quantity,
      supportingAmountCents: schedule.supportingAmountCents,
      ...(schedule.message ? { message: schedule.message } : {}),
      isAnonymous: schedule.isAnonymous,
      receiptName: schedule.receiptName,
      donor: schedule.donor,
      memberId: schedule.memberId,
      card: savedPaymentCard(card),
      recurringCharge: charge,
      transactionFees: feesFor(deps.gatewaySettings, schedule.country),
      createdAt: now.toISOString(),
    },
    fingerprint(charge),
  );
  if (result.created) return 'charged';
  const payment = await deps.payments.get(result.trackingNumber);
  if (payment?.status === 'Completed') {
    const next = { nextChargeOn: chargeDateIn(nextPeriod(period), schedule.dayOfMonth), period };
    return (await deps.schedules.advance(positionOf(schedule), next, now)) ? 'advanced' : undefined;
  }
  if (payment?.status === 'Failed') return settleFailure(deps, schedule, payment, now);
  return 'inProgress';
}

const fingerprint = (charge: object) => createHash('sha256').update(JSON.stringify(charge)).digest('hex');

/**
 * A period's payment failed. The gateway's record says whether the issuer declined softly (insufficient funds: try
 * again later) or hard (stolen, closed); a payment never charged failed before the gateway (retry only when the
 * gateway was unreachable; a gift no longer given to, or a saved card gone, stops it).
 */
async function settleFailure(deps: RecurringJobDeps, schedule: RecurringDonation, payment: Payment, now: Date): Promise<Outcome> {
  const reason = payment.messages[0] ?? MESSAGES.paymentFailed;
  const found = await deps.gateway.findCharge({ account: accountOfPayment(payment), idempotencyKey: payment.trackingNumber });
  const soft = found?.outcome === 'declined' ? found.retryable === true : reason === MESSAGES.gatewayUnreachable;
  const retryAfter = RETRY_AFTER_DAYS[schedule.attempts];
  if (soft && retryAfter !== undefined) {
    return (await deps.schedules.retryLater(positionOf(schedule), addDays(schedule.nextChargeOn, retryAfter), now)) ? 'retrying' : undefined;
  }
  const why = found?.outcome === 'declined' ? found.message : reason;
  return (await deps.schedules.stop(positionOf(schedule), why, now)) ? 'stopped' : undefined;
}

/** E-mails each stopped schedule's donor once (the outbox pattern: the stop is stored first, the notice sent after). */
async function sendStopNotices(deps: RecurringJobDeps, limit: number): Promise<number> {
  let sent = 0;
  for (const schedule of await deps.schedules.listStopNoticesDue(limit)) {
    const key = `recurring-stopped#${schedule.scheduleId}`;
    const claim = await deps.notices.begin(key);
    if (claim === 'busy') continue;
    if (claim === 'new') {
      try {
        await deps.mailer.send(stopNotice(schedule, deps.siteUrl));
      } catch (error) {
        await deps.notices.release(key);
        throw error;
      }
      await deps.notices.complete(key);
      sent++;
    }
    await deps.schedules.markStopNoticeSent(schedule.memberId, schedule.scheduleId);
  }
  return sent;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The e-mail telling a donor their monthly donation has stopped, why, and how to give again. */
export function stopNotice(schedule: RecurringDonation, siteUrl: string) {
  const locale = isCountryCode(schedule.country) ? COUNTRIES[schedule.country].locale : 'en-NZ';
  const what = schedule.gift ? `${schedule.quantity} x ${schedule.gift.title} for ${schedule.charity.name}` : `a general donation to ${schedule.charity.name}`;
  const lines = [
    `Dear ${schedule.receiptName},`,
    '',
    `We could not take the payment of ${formatMoney(schedule.total, locale)} for your monthly donation (${what}) from your ${schedule.card.cardType} card ending in ${schedule.card.last4}.`,
    `The reason given: ${schedule.stoppedReason ?? MESSAGES.paymentFailed}`,
    'Your monthly donation has stopped, and you will not be charged for it again.',
    '',
    `To keep giving, start a new monthly donation with another card: ${siteUrl}/${schedule.country}/charity/${schedule.charity.charityUrl}`,
    `Your donations: ${siteUrl}/admin/user/donations/history`,
  ];
  return {
    to: schedule.donor.email,
    subject: `Your monthly donation to ${schedule.charity.name} has stopped`,
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'),
  };
}

// ---- the member's upcoming donations ---------------------------------------------------------------------------------

export function recurringDonationView(schedule: RecurringDonation): RecurringDonationView {
  const currency = schedule.total.currency;
  return {
    scheduleId: schedule.scheduleId,
    frequency: 'Monthly',
    status: schedule.status,
    pageType: schedule.target.pageType,
    country: schedule.country,
    charity: schedule.charity,
    ...(schedule.gift ? { gift: schedule.gift } : {}),
    ...(schedule.page ? { page: { title: schedule.page.title, pageUrl: schedule.page.pageUrl, eventUrl: schedule.page.eventUrl } } : {}),
    quantity: schedule.quantity,
    amount: money(schedule.donationAmountCents, currency),
    tip: money(schedule.supportingAmountCents, currency),
    total: schedule.total,
    nextChargeOn: schedule.nextAttemptOn,
    dayOfMonth: schedule.dayOfMonth,
    failedAttempts: schedule.attempts,
    card: schedule.card,
    createdAt: schedule.createdAt,
  };
}

/** The member's active monthly donations, the next charge first. */
export async function listUpcomingDonations(deps: { schedules: Pick<RecurringDonationRepository, 'listByMember'> }, memberId: string): Promise<RecurringDonationList> {
  const active = (await deps.schedules.listByMember(memberId)).filter((schedule) => schedule.status === 'Active');
  active.sort((a, b) => a.nextAttemptOn.localeCompare(b.nextAttemptOn) || a.scheduleId.localeCompare(b.scheduleId));
  return { items: active.map(recurringDonationView) };
}

/** Cancels one of the member's monthly donations; cancelling one already ended is harmless, another member's is a 404. */
export async function cancelRecurringDonation(
  deps: { schedules: Pick<RecurringDonationRepository, 'cancel'>; clock: Clock },
  memberId: string,
  scheduleId: string,
): Promise<void> {
  const outcome = await deps.schedules.cancel(memberId, scheduleId, deps.clock.now());
  if (outcome === 'not-found') throw new DomainError('NotFound', RECURRING_NOT_FOUND_MESSAGE);
}
