import type { Clock } from '@giving/shared/clock';
import type { MerchantAccount } from '@giving/shared/contracts/payment-gateway';
import { newId } from '@giving/shared/ids';
import type { Money } from '@giving/shared/money';
import type { ErasedDataset, PersonalDataRow, PersonalDataset } from '@giving/shared/personal-data';
import { attemptKey, type AttemptKey } from './card-testing';
import type { MembershipStore, StoredMembership } from './charity-memberships';
import type { DonationMatchStore } from './donation-matches';
import { isMatchedVoucher } from './matched-vouchers';
import type {
  CardGateway,
  Donation,
  DonationHistory,
  Payment,
  PaymentRepository,
  PayrollPledgeRepository,
  RecurringDonation,
  RecurringDonationRepository,
  SavedCard,
  SavedCardRepository,
  StoredPayrollPledge,
  Voucher,
  VoucherRepository,
} from './ports';
import { claimableCents, receiptAmounts, receiptNumberOf, type IssuedReceipt, type ReceiptStore } from './receipts';
import type { RefundBook } from './refunds';
import { removeSavedCard } from './saved-cards';
import { listTaxYears } from './tax-statements';

/**
 * A member's own data in donations (issue 17 item 7): "Download my data" gathers everything this service holds about
 * them, and "Delete my account" erases it. The service finds their records by their member id (the history's index,
 * the member partition, memberships' index) and by their e-mail (the payments made with it, signed in or as a guest,
 * and the donations those recorded; vouchers bought with it; the card-testing counters kept against it). Cognito has
 * verified that the member owns the e-mail, so what a guest gave with it before they had an account is theirs too;
 * a payment made with it under another member's sign-in is that member's, and is left alone.
 *
 * Erasing keeps what the law needs kept (donations, their payments and receipts: seven years of tax records in New
 * Zealand and Australia) with the member's identity taken out — their names become "Deleted member", the e-mail and
 * messages go, and the keys that found them by member id or e-mail are removed — so a charity's console still shows
 * each donation, from "Deleted member", and no total anywhere changes. What is only theirs is deleted: monthly
 * donations (so nothing more is charged), payroll pledges (cancelled first, so their workplace stops deducting), saved
 * cards (at the gateway too), the gateway's customers (with the e-mail they hold) and our references to them,
 * donations' copies of their roles and the card-testing
 * counters kept against their e-mail. Memberships stay the charity's record, cancelled (they never renew) and without
 * the member's identity. Every step is safe to repeat, and each record's own index key is removed in the write that
 * erases it, so an erasure that stopped half-way is finished by the next delivery.
 */

/** Who asked: the member, and their sign-in e-mail in lower case (a guest checkout names only the e-mail). */
export interface MemberRef {
  memberId: string;
  email: string;
}

/** Donations' copy of one of the member's roles (accounts' CharityMembershipChanged, WorkplaceMembershipChanged). */
export interface TenantRoleRecord {
  tenant: 'charity' | 'workplace';
  tenantId: string;
  /** The workplace's name (the copy of a charity role holds none). */
  tenantName?: string;
  roles: string[];
}

/** Card payments declined under a key, counted to stop card testing, and the block they led to. */
export interface CardTestingRecord {
  declines: { at: string; trackingNumber: string }[];
  blockedUntil?: string;
}

/**
 * The member's records that the repositories do not already read or write (adapters/dynamo-personal-data.ts). Each
 * anonymise* answers false when the record is missing or already without the member's identity (a repeat); each
 * remove* answers what it deleted.
 */
export interface MemberRecords {
  tenantRoles(memberId: string): Promise<TenantRoleRecord[]>;
  /** The member's customer at the card gateway in each merchant account their cards were saved with. */
  gatewayCustomers(memberId: string): Promise<{ account: MerchantAccount; customerId: string }[]>;
  cardTesting(key: AttemptKey): Promise<CardTestingRecord | undefined>;
  /** The donation without its donor's names, e-mail, messages, member id and history key; amounts and charity kept. */
  anonymiseDonation(donationId: string): Promise<boolean>;
  /**
   * A completed or failed payment without its donor's names, e-mail, address, messages and member id (nor the member
   * id inside its idempotency key: a membership's joining key carries it).
   */
  anonymisePayment(trackingNumber: string, memberId: string): Promise<boolean>;
  /** A voucher bought with this e-mail without its buyer (and the buyer's message; the recipient too when it is the buyer). */
  anonymiseVoucher(codeHash: string, buyerEmail: string): Promise<boolean>;
  /** The member's membership cancelled (it never renews) and without their identity, and their look-up of it deleted. */
  anonymiseMembership(membership: StoredMembership, memberId: string, at: string): Promise<boolean>;
  removeSchedule(memberId: string, scheduleId: string): Promise<boolean>;
  removePledge(memberId: string, pledgeId: string): Promise<boolean>;
  removeTenantRoles(memberId: string): Promise<number>;
  removeGatewayCustomers(memberId: string): Promise<number>;
  removeCardTesting(key: AttemptKey): Promise<number>;
}

export interface GatherDeps {
  history: Pick<DonationHistory, 'listCompleted'>;
  payments: Pick<PaymentRepository, 'get' | 'getDonation' | 'listByDonorEmail'>;
  receipts: Pick<ReceiptStore, 'getMany'>;
  refunds: Pick<RefundBook, 'list'>;
  matches: Pick<DonationMatchStore, 'list'>;
  schedules: Pick<RecurringDonationRepository, 'listByMember'>;
  cards: Pick<SavedCardRepository, 'list'>;
  pledges: Pick<PayrollPledgeRepository, 'listByMember'>;
  memberships: Pick<MembershipStore, 'listByMember'>;
  vouchers: Pick<VoucherRepository, 'listByBuyerEmail'>;
  records: MemberRecords;
}

export interface EraseDeps {
  history: Pick<DonationHistory, 'listCompleted'>;
  payments: Pick<PaymentRepository, 'listByDonorEmail'>;
  receipts: Pick<ReceiptStore, 'getMany'>;
  schedules: Pick<RecurringDonationRepository, 'listByMember'>;
  cards: SavedCardRepository;
  /** Saved cards are removed at the gateway as the member's own removal does (domain/saved-cards.ts). */
  gateway: CardGateway;
  pledges: Pick<PayrollPledgeRepository, 'listByMember' | 'cancel'>;
  memberships: Pick<MembershipStore, 'listByMember'>;
  vouchers: Pick<VoucherRepository, 'listByBuyerEmail'>;
  records: MemberRecords;
  clock: Clock;
}

/** Reads and writes per record, a few at a time (a member with years of monthly giving has hundreds of donations). */
const PARALLEL = 8;

async function eachOf<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) results.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(work))));
  return results;
}

const cents = (amount: Money | undefined) => amount?.cents ?? 0;
const cardOf = (card: { cardType: string; last4: string } | undefined) => (card ? `${card.cardType} ending ${card.last4}` : null);
const nameOf = (person: { firstName: string; lastName: string }) => [person.firstName, person.lastName].filter(Boolean).join(' ');

/** The payment that bought a voucher: its own id, or its workplace order's (a match's voucher had none). */
const purchaseOf = (voucher: Voucher) => (isMatchedVoucher(voucher) ? undefined : (voucher.workplace?.orderNumber ?? voucher.voucherId));

/** The payments made with the member's e-mail that are theirs: as a guest, or signed in as them (never as another member). */
async function paymentsWithEmail(payments: Pick<PaymentRepository, 'listByDonorEmail'>, member: MemberRef): Promise<Payment[]> {
  return (await payments.listByDonorEmail(member.email)).filter((p) => p.memberId === undefined || p.memberId === member.memberId);
}

/** A payment made as a guest that recorded a donation (the donation's id is its tracking number). */
const isGuestDonation = (p: Payment) => p.memberId === undefined && p.status === 'Completed' && p.pageType !== 'VOUCHER_PURCHASE' && p.pageType !== 'MEMBERSHIP';

/* ---- Download my data ----------------------------------------------------------------------------------------- */

const donationRow = (d: Donation): PersonalDataRow => ({
  donationId: d.donationId,
  trackingNumber: d.trackingNumber,
  completedAt: d.completedAt,
  country: d.country,
  charity: d.priced.charity.name,
  gift: d.priced.gift?.title ?? null,
  fundraisingPage: d.priced.page ? `${d.priced.page.title} (${d.priced.page.ownerName})` : null,
  quantity: d.quantity,
  currency: d.priced.total.currency,
  donationCents: d.priced.amount.cents,
  tipCents: d.priced.tip.cents,
  transactionFeeCents: cents(d.transactionFee),
  paidCents: d.priced.total.cents + cents(d.transactionFee),
  paidByVoucherCents: cents(d.voucherAmount),
  refundedCents: d.refunds ? d.refunds.refunded.card + d.refunds.refunded.voucher : 0,
  paymentType: d.paymentType,
  card: cardOf(d.card),
  monthly: d.isRecurring === true,
  hiddenFromCharity: d.isAnonymous,
  donorName: d.donorName,
  receiptName: d.receiptName,
  donorEmail: d.donorEmail,
  message: d.message ?? null,
  messageToPage: d.donorMessage ?? null,
});

const paymentRow = (p: Payment): PersonalDataRow => ({
  trackingNumber: p.trackingNumber,
  createdAt: p.createdAt,
  status: p.status,
  statusMessages: p.messages,
  for: p.pageType,
  country: p.country,
  charity: p.priced && 'charity' in p.priced ? p.priced.charity.name : null,
  currency: p.priced?.total.currency ?? null,
  donationAmountCents: p.donationAmountCents,
  quantity: p.quantity,
  tipCents: p.supportingAmountCents,
  totalCents: p.priced?.total.cents ?? null,
  paidByVoucherCents: cents(p.redemption?.amount),
  card: cardOf(p.card),
  firstName: p.donor.firstName,
  lastName: p.donor.lastName,
  email: p.donor.email,
  receiptName: p.receiptName,
  hiddenFromCharity: p.isAnonymous,
  message: p.message ?? null,
  messageToPage: p.pageType === 'FUNDRAISE' ? (p.donorMessage ?? null) : null,
  voucherRecipient: p.pageType === 'VOUCHER_PURCHASE' && p.recipient ? { ...p.recipient } : null,
  ipAddress: p.clientAddress ?? null,
});

const receiptRow = (d: Donation, receipt: IssuedReceipt): PersonalDataRow => {
  const amounts = receiptAmounts(d);
  return {
    receiptNumber: receiptNumberOf(d),
    donationId: d.donationId,
    issuedAt: receipt.issuedAt,
    charity: receipt.charity.name,
    charityRegistrationNumber: receipt.charity.registrationNumber ?? null,
    charityTaxApproved: receipt.charity.taxApproved,
    currency: amounts.donation.currency,
    donationCents: amounts.donation.cents,
    yourOwnDonationCents: amounts.ownDonation.cents,
    claimableForTaxCents: claimableCents(d, receipt.charity),
  };
};

const scheduleRow = (s: RecurringDonation): PersonalDataRow => ({
  scheduleId: s.scheduleId,
  status: s.status,
  createdAt: s.createdAt,
  country: s.country,
  charity: s.charity.name,
  gift: s.gift?.title ?? null,
  fundraisingPage: s.page ? `${s.page.title} (${s.page.ownerName})` : null,
  quantity: s.quantity,
  currency: s.total.currency,
  donationAmountCents: s.donationAmountCents,
  tipCents: s.supportingAmountCents,
  totalCents: s.total.cents,
  dayOfMonth: s.dayOfMonth,
  nextChargeOn: s.status === 'Active' ? s.nextChargeOn : null,
  lastChargedMonth: s.lastChargedPeriod ?? null,
  stoppedReason: s.stoppedReason ?? null,
  card: cardOf(s.card),
  donorName: nameOf(s.donor),
  donorEmail: s.donor.email,
  receiptName: s.receiptName,
  hiddenFromCharity: s.isAnonymous,
  message: s.message ?? null,
});

const cardRow = (c: SavedCard): PersonalDataRow => ({
  cardId: c.cardId,
  cardType: c.cardType,
  last4: c.last4,
  expiryMonth: c.expMonth,
  expiryYear: c.expYear,
  savedAt: c.savedAt,
});

const voucherRow = (v: Voucher): PersonalDataRow => ({
  voucherId: v.voucherId,
  createdAt: v.createdAt,
  country: v.country,
  currency: v.value.currency,
  valueCents: v.value.cents,
  balanceCents: v.balance.cents,
  expiresAt: v.expiresAt,
  codeEndsWith: v.codeLast2,
  buyerName: nameOf(v.buyer),
  buyerEmail: v.buyer.email,
  recipientName: v.recipient?.name ?? null,
  recipientEmail: v.recipient?.email ?? null,
  message: v.message ?? null,
  workplace: v.workplace?.name ?? null,
  matchedDonation: isMatchedVoucher(v),
});

const membershipRow = (m: StoredMembership): PersonalDataRow => ({
  membershipNumber: m.membershipNumber,
  charity: m.charity.name,
  plan: m.plan.name,
  period: m.plan.period,
  currency: m.plan.fee.currency,
  feeCents: m.plan.fee.cents,
  joinedOn: m.joinedOn,
  paidUntil: m.paidUntil ?? null,
  renewsAutomatically: m.autoRenew && !m.cancelledAt,
  cancelledAt: m.cancelledAt ?? null,
  name: m.member.name,
  email: m.member.email,
  lastPaymentTrackingNumber: m.lastPayment?.trackingNumber ?? null,
  lastPaidAt: m.lastPayment?.paidAt ?? null,
});

const pledgeRow = (p: StoredPayrollPledge): PersonalDataRow => ({
  pledgeId: p.pledgeId,
  createdAt: p.createdAt,
  status: p.status,
  cancelledAt: p.cancelledAt ?? null,
  workplace: p.workplace.name,
  charity: p.charity.name,
  gift: p.gift?.title ?? null,
  fundraisingPage: p.page?.title ?? null,
  quantity: p.quantity,
  currency: p.total.currency,
  amountEachCents: p.amount.cents,
  totalEachDeductionCents: p.total.cents,
  frequency: p.donationFrequency,
  hiddenFromCharity: p.isAnonymous,
  message: p.message ?? null,
});

/** Everything donations holds about the member, as data sets for their export; kinds they have none of are left out. */
export async function gatherMemberData(deps: GatherDeps, member: MemberRef): Promise<PersonalDataset[]> {
  const { memberId, email } = member;
  const emailKey = attemptKey('email', email);
  const [donations, schedules, cards, customers, pledges, memberships, vouchers, roles, cardTesting, withEmail] = await Promise.all([
    deps.history.listCompleted(memberId),
    deps.schedules.listByMember(memberId),
    deps.cards.list(memberId),
    deps.records.gatewayCustomers(memberId),
    deps.pledges.listByMember(memberId),
    deps.memberships.listByMember(memberId),
    deps.vouchers.listByBuyerEmail(email),
    deps.records.tenantRoles(memberId),
    deps.records.cardTesting(emailKey),
    paymentsWithEmail(deps.payments, member),
  ]);
  const guestDonations = (await eachOf(withEmail.filter(isGuestDonation), (p) => deps.payments.getDonation(p.trackingNumber))).filter(
    (d): d is Donation => d !== undefined && d.memberId === undefined,
  );
  // Every donation of theirs: given signed in, and given as a guest with their e-mail.
  const given = [...donations, ...guestDonations];
  const receipts = await deps.receipts.getMany(given.map((d) => d.donationId));
  const [refunds, matches] = await Promise.all([
    eachOf(
      given.filter((d) => d.refunds),
      async (d) => (await deps.refunds.list(d.donationId)).map((refund) => ({ donation: d, refund })),
    ),
    eachOf(given, async (d) => (await deps.matches.list(d.donationId)).map((match) => ({ donation: d, match }))),
  ]);
  // The payments behind the donations, the vouchers bought and the memberships paid, and every other one made with the
  // e-mail (declined ones, a guest's): each once, and only the member's.
  const found = new Set(withEmail.map((p) => p.trackingNumber));
  const trackingNumbers = [
    ...donations.filter((d) => d.paymentType !== 'PAYROLL').map((d) => d.trackingNumber),
    ...vouchers.flatMap((v) => purchaseOf(v) ?? []),
    ...memberships.flatMap((m) => m.lastPayment?.trackingNumber ?? []),
  ].filter((trackingNumber) => !found.has(trackingNumber));
  const payments = [
    ...withEmail,
    ...(await eachOf([...new Set(trackingNumbers)], (trackingNumber) => deps.payments.get(trackingNumber))).filter(
      (p): p is Payment => p !== undefined && (p.memberId === memberId || p.donor.email.trim().toLowerCase() === email),
    ),
  ];
  const taxYears = await listTaxYears({ history: { listCompleted: async () => donations } }, memberId);

  const datasets: PersonalDataset[] = [
    {
      name: 'donations',
      description: 'Every donation you completed while signed in: when, to which charity, the amounts in cents (donation, tip, card fee), how you paid and any refund.',
      rows: donations.map(donationRow),
    },
    {
      name: 'guest-donations',
      description: 'Donations made with your e-mail address without signing in (before you had an account, say): when, to which charity, the amounts in cents, how they were paid and any refund.',
      rows: guestDonations.map(donationRow),
    },
    {
      name: 'payments',
      description: 'Every payment made with your e-mail address or while you were signed in, as it was made, completed or not: the details given, the card used (its type and last 4 digits only), the status and the internet address it came from.',
      rows: payments.map(paymentRow),
    },
    {
      name: 'receipts',
      description: 'The receipts issued for your donations, with the charity as each receipt states it and what you could claim for tax.',
      rows: given.flatMap((d) => {
        const receipt = receipts.get(d.donationId);
        return receipt ? [receiptRow(d, receipt)] : [];
      }),
    },
    {
      name: 'tax-statements',
      description: 'The tax years you gave in, per country, with how many donations you made and what they came to (your annual tax statements are made from these).',
      rows: taxYears.items.map((year) => ({
        country: year.country,
        taxYear: year.taxYear,
        name: year.name,
        period: year.period,
        donations: year.donationCount,
        currency: year.total.currency,
        totalCents: year.total.cents,
      })),
    },
    {
      name: 'refunds',
      description: 'Money given back to you from your donations, and why.',
      rows: refunds.flat().map(({ donation, refund }) => ({
        refundId: refund.refundId,
        donationId: donation.donationId,
        trackingNumber: refund.trackingNumber,
        status: refund.status,
        requestedAt: refund.requestedAt,
        completedAt: refund.completedAt ?? null,
        wholeDonation: refund.isFull,
        currency: refund.currency,
        totalCents: refund.total,
        toCardCents: refund.parts.card,
        toVoucherCents: refund.parts.voucher,
        reason: refund.reason,
        message: refund.message ?? null,
      })),
    },
    {
      name: 'matched-donations',
      description: 'Workplace campaigns that matched your donations, and what they gave.',
      rows: matches.flat().map(({ donation, match }) => ({
        donationId: donation.donationId,
        workplace: match.workplaceName,
        campaign: match.campaignName,
        matchedWith: match.matchType,
        currency: match.amount.currency,
        amountCents: match.amount.cents,
        matchedAt: match.matchedAt,
      })),
    },
    {
      name: 'monthly-donations',
      description: 'Your monthly donations: what each gives, the card it is charged to (type and last 4 digits) and when it is next charged or why it stopped.',
      rows: schedules.map(scheduleRow),
    },
    {
      name: 'saved-cards',
      description: 'The cards you saved for giving: their type, last 4 digits and expiry only (the card numbers are kept by our card payment provider, never by Koha).',
      rows: cards.map(cardRow),
    },
    {
      name: 'card-provider-customers',
      description: 'Your customer record at our card payment provider, under which your saved cards are kept (Koha holds only its reference).',
      rows: customers.map((c) => ({ merchantAccount: c.account, customerId: c.customerId })),
    },
    {
      name: 'gift-vouchers',
      description: 'Gift vouchers bought with your e-mail address or given to you by a matched donation: value, balance, expiry and who they were for (never the code).',
      rows: vouchers.map(voucherRow),
    },
    {
      name: 'charity-memberships',
      description: 'Your memberships of charities: the plan, its fee in cents, when you joined and until when it is paid.',
      rows: memberships.map(membershipRow),
    },
    {
      name: 'payroll-pledges',
      description: 'The donations you pledged from your pay through your workplace.',
      rows: pledges.map(pledgeRow),
    },
    {
      name: 'roles',
      description: 'A copy of your roles in charities and workplaces, which this part of Koha keeps to check what you may do in their consoles.',
      rows: roles.map((role) => ({ in: role.tenant, id: role.tenantId, name: role.tenantName ?? null, roles: role.roles })),
    },
    {
      name: 'declined-card-payments',
      description: 'Card payments declined recently under your e-mail address, which we count for an hour or two to stop people trying stolen cards.',
      rows: cardTesting ? [{ declined: cardTesting.declines.map((d) => ({ at: d.at, trackingNumber: d.trackingNumber })), paymentsRefusedUntil: cardTesting.blockedUntil ?? null }] : [],
    },
  ];
  return datasets.filter((dataset) => dataset.rows.length > 0);
}

/* ---- Delete my account ---------------------------------------------------------------------------------------- */

/** The data sets erasure reports on, in the export's names (refunds and matches hold nothing that names the member). */
const ERASED = [
  'monthly-donations',
  'payroll-pledges',
  'charity-memberships',
  'donations',
  'guest-donations',
  'payments',
  'receipts',
  'gift-vouchers',
  'saved-cards',
  'card-provider-customers',
  'roles',
  'declined-card-payments',
] as const;

/**
 * Erases the member from donations (see the top of this file), first what could still charge them or deduct from
 * their pay, then the records kept without them, then what is only theirs. Answers what was done to each kind of
 * record; a repeat finds nothing left and answers zeros.
 */
export async function eraseMemberData(deps: EraseDeps, member: MemberRef): Promise<ErasedDataset[]> {
  const { memberId, email } = member;
  const counts = new Map<(typeof ERASED)[number], { erased: number; anonymised: number }>(ERASED.map((name) => [name, { erased: 0, anonymised: 0 }]));
  const count = (name: (typeof ERASED)[number], what: 'erased' | 'anonymised', n = 1) => void ((counts.get(name) as { erased: number; anonymised: number })[what] += n);
  const at = deps.clock.now();

  // Nothing more is charged: a deleted schedule is off the hourly job's index.
  for (const schedule of await deps.schedules.listByMember(memberId)) if (await deps.records.removeSchedule(memberId, schedule.scheduleId)) count('monthly-donations', 'erased');

  // Nothing more is deducted: the cancellation is published to the workplace (the table's stream) before the pledge goes.
  for (const pledge of await deps.pledges.listByMember(memberId)) {
    if (pledge.status === 'Active') await deps.pledges.cancel(memberId, pledge.pledgeId, { id: newId(at.getTime()), at: at.toISOString() });
    if (await deps.records.removePledge(memberId, pledge.pledgeId)) count('payroll-pledges', 'erased');
  }

  // The payments are anonymised before the records that find them lose their member keys, so a retry still finds them.
  const anonymisedPayments = new Set<string>();
  const anonymisePayment = async (trackingNumber: string) => {
    if (anonymisedPayments.has(trackingNumber)) return;
    anonymisedPayments.add(trackingNumber);
    if (await deps.records.anonymisePayment(trackingNumber, memberId)) count('payments', 'anonymised');
  };

  for (const membership of await deps.memberships.listByMember(memberId)) {
    if (membership.lastPayment) await anonymisePayment(membership.lastPayment.trackingNumber);
    if (await deps.records.anonymiseMembership(membership, memberId, at.toISOString())) count('charity-memberships', 'anonymised');
  }

  const donations = await deps.history.listCompleted(memberId);
  const receipts = await deps.receipts.getMany(donations.map((d) => d.donationId));
  await eachOf(donations, async (donation) => {
    if (donation.paymentType !== 'PAYROLL') await anonymisePayment(donation.trackingNumber);
    if (await deps.records.anonymiseDonation(donation.donationId)) {
      count('donations', 'anonymised');
      // A receipt holds only the charity and its link; what it says of the donor is the donation's, now "Deleted member".
      if (receipts.has(donation.donationId)) count('receipts', 'anonymised');
    }
  });

  // What was paid with the e-mail: a guest's donations first (their payments find them), then every such payment.
  const withEmail = await paymentsWithEmail(deps.payments, member);
  const guestDonations = withEmail.filter(isGuestDonation).map((p) => p.trackingNumber);
  const guestReceipts = await deps.receipts.getMany(guestDonations);
  await eachOf(guestDonations, async (donationId) => {
    if (await deps.records.anonymiseDonation(donationId)) {
      count('guest-donations', 'anonymised');
      if (guestReceipts.has(donationId)) count('receipts', 'anonymised');
    }
  });
  await eachOf(withEmail, (p) => anonymisePayment(p.trackingNumber));

  for (const voucher of await deps.vouchers.listByBuyerEmail(email)) {
    const purchase = purchaseOf(voucher);
    if (purchase) await anonymisePayment(purchase);
    if (await deps.records.anonymiseVoucher(voucher.codeHash, email)) count('gift-vouchers', 'anonymised');
  }

  // Saved cards last of the member's own records: the gateway may be unreachable, and a retry then finds only them left.
  for (const card of await deps.cards.list(memberId)) {
    await removeSavedCard({ cards: deps.cards, schedules: deps.schedules, gateway: deps.gateway }, memberId, card.cardId);
    count('saved-cards', 'erased');
  }
  // The customer at the gateway holds their e-mail: it goes there first, then our reference to it.
  for (const { account, customerId } of await deps.records.gatewayCustomers(memberId)) await deps.gateway.deleteCustomer({ account, customerId });
  count('card-provider-customers', 'erased', await deps.records.removeGatewayCustomers(memberId));
  count('roles', 'erased', await deps.records.removeTenantRoles(memberId));
  count('declined-card-payments', 'erased', await deps.records.removeCardTesting(attemptKey('email', email)));

  return ERASED.map((name) => ({ name, ...(counts.get(name) as { erased: number; anonymised: number }) }));
}
