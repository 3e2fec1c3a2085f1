import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import { newId } from '@giving/shared/ids';
import { DATASET_NAME, ERASED_MEMBER_NAME, type PersonalDataset } from '@giving/shared/personal-data';
import { encryptedCardToken, startCardGateway, type RunningCardGateway } from '../../../tools/local/src/card-gateway';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { httpCardGateway } from '../adapters/card-gateway-http';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoCharityLedger } from '../adapters/dynamo-charity-ledger';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { dynamoDonationMatches } from '../adapters/dynamo-donation-matches';
import { dynamoDonationReport } from '../adapters/dynamo-donation-report';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoGivingStats } from '../adapters/dynamo-giving-stats';
import { dynamoDonationHistory, dynamoRecurringDonations, dynamoSavedCards } from '../adapters/dynamo-member-giving';
import { dynamoMembershipDirectory } from '../adapters/dynamo-memberships';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoPaymentSearch } from '../adapters/dynamo-payment-search';
import { dynamoPayrollPledgeRepository } from '../adapters/dynamo-payroll-pledges';
import { dynamoMemberRecords } from '../adapters/dynamo-personal-data';
import { dynamoReceiptStore } from '../adapters/dynamo-receipts';
import { dynamoRefundBook } from '../adapters/dynamo-refunds';
import { dynamoTenantRoleDirectory } from '../adapters/dynamo-tenant-roles';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import donations from '../service';
import { attemptKey, type CardTestingDeps } from './card-testing';
import { createPlan, joinMembership } from './charity-memberships';
import { countDonation } from './charity-reports';
import { chargeCard, failPayment, recordDonation, validatePayment } from './payment-steps';
import { createMemberPayment, createPayment } from './payments';
import { eraseMemberData, gatherMemberData, type EraseDeps, type GatherDeps } from './personal-data';
import type { Donation, StoredPayrollPledge } from './ports';
import { followUpMemberDonation } from './recurring-donations';
import { aCharity, aGiftWithoutPrice, aMemberRequest, aRequest, aSignedInMember, feeFor, gatewaySettings, scriptedGateway } from './test-support';
import { createVoucherPurchase, voucherCodeBook } from './vouchers';

/**
 * "Download my data" and "Delete my account" in donations (issue 17 item 7) against DynamoDB Local and the sandbox card
 * gateway: a member gives once and monthly, saves a card, joins a charity, buys a gift voucher as a guest with their
 * e-mail, pledges from their pay; another member gives to the same charity. The member's export holds all of it and
 * nothing of the other's; erasing (twice) deletes what is only theirs, keeps the money records without their identity,
 * and changes nothing a charity counts, nor anything of the other member's.
 */
const API_KEY = 'sk_test_personal_data';
const TRUST_API_KEY = 'sk_test_personal_data_trust';
const TRUST_CLIENT_KEY = 'ck_test_personal_data_trust';
const clock = fixedClock('2026-11-21T09:00:00Z');
const codes = voucherCodeBook('test-voucher-code-key-personal-data');

let sandbox: RunningCardGateway;
let gateway: ReturnType<typeof httpCardGateway>;
let tables: Awaited<ReturnType<typeof testTables>>;
let adapters: ReturnType<typeof build>;

function build(client: Awaited<ReturnType<typeof testTables>>['client'], name: string) {
  const payments = dynamoPaymentRepository(client, name);
  const cardTestingLedger = dynamoCardTestingLedger(client, name);
  return {
    payments,
    charities: dynamoCharityDirectory(client, name),
    gifts: dynamoGiftCatalog(client, name),
    cardTestingLedger,
    cardTesting: { blocks: () => cardTestingLedger.activeBlocks(clock.now(), { consistent: true }), gateway: scriptedGateway({}), clock } satisfies CardTestingDeps,
    cards: dynamoSavedCards(client, name),
    schedules: dynamoRecurringDonations(client, name),
    history: dynamoDonationHistory(client, name),
    memberships: dynamoMembershipStore(client, name),
    vouchers: dynamoVoucherRepository(client, name),
    pledges: dynamoPayrollPledgeRepository(client, name),
    receipts: dynamoReceiptStore(client, name),
    refunds: dynamoRefundBook(client, name),
    matches: dynamoDonationMatches(client, name),
    ledger: dynamoCharityLedger(client, name),
    stats: dynamoGivingStats(client, name),
    report: dynamoDonationReport(client, name),
    paymentSearch: dynamoPaymentSearch(client, name, payments, () => clock.now()),
    roles: dynamoTenantRoleDirectory(client, name),
    workplaces: dynamoMembershipDirectory(client, name),
    records: dynamoMemberRecords(client, name),
  };
}

beforeAll(async () => {
  sandbox = await startCardGateway({
    port: 0,
    siteOrigin: 'http://localhost:3999',
    apiKey: API_KEY,
    publishableKey: 'pk_test_personal_data',
    encryptingAccounts: [{ name: 'trust', clientKey: TRUST_CLIENT_KEY, apiKey: TRUST_API_KEY }],
  });
  gateway = httpCardGateway({ baseUrl: sandbox.url, apiKeys: { Platform: API_KEY, Trust: TRUST_API_KEY }, timeoutMs: 3000 });
  tables = await testTables([donations]);
  adapters = build(tables.client, tables.tableName('donations'));
});

afterAll(async () => {
  await sandbox?.stop();
});

const gatherDeps = (): GatherDeps => ({ ...adapters });
const pledgeCancellations: string[] = [];
const eraseDeps = (): EraseDeps => ({
  ...adapters,
  gateway,
  clock,
  // The real repository, noting each cancellation (the table's stream publishes it to the workplace; no stream runs here).
  pledges: {
    ...adapters.pledges,
    cancel: (memberId, pledgeId, cancellation) => {
      pledgeCancellations.push(pledgeId);
      return adapters.pledges.cancel(memberId, pledgeId, cancellation);
    },
  },
});

/** A token of the Trust's account (the nz card fields' encrypted variant). */
async function cardToken() {
  const body = await encryptedCardToken(sandbox.url, TRUST_CLIENT_KEY, { name: 'Card Holder', number: TEST_CARDS.approve, expMonth: '12', expYear: '39', cvc: '123' });
  return { token: body.id, cardType: body.card.brand, last4: body.card.last4 };
}

const key = () => `key-${newId()}`;

/** What the payment workflow does with a stored payment: validate, charge, record, then the member's follow-up. */
async function runWorkflow(trackingNumber: string) {
  const { payments, gifts, charities, memberships, cards, schedules, vouchers } = adapters;
  const valid = await validatePayment({ payments, gifts, charities, memberships, clock }, { trackingNumber });
  if (valid.outcome !== 'valid') throw new Error(`payment ${trackingNumber} is not valid: ${JSON.stringify(valid)}`);
  const charged = await chargeCard({ payments, gateway, cardTesting: adapters.cardTestingLedger, clock }, valid);
  if (charged.outcome !== 'approved') {
    await failPayment({ payments, clock }, charged);
    throw new Error(`payment ${trackingNumber} was not approved`);
  }
  await recordDonation({ payments, clock, memberships, vouchers, codes }, { trackingNumber, chargeId: charged.chargeId });
  await followUpMemberDonation({ payments, cards, schedules, gateway, clock }, { trackingNumber });
  return trackingNumber;
}

async function give(member: ReturnType<typeof aSignedInMember>, giftId: string, overrides: Partial<MemberGiftPaymentRequest>) {
  const merged = { ...aMemberRequest(giftId, { quantity: 1, donationAmount: 2000, supportingAmount: 200 }), ...overrides };
  const request = { ...merged, transactionFeeCents: feeFor(merged) } as MemberGiftPaymentRequest;
  const { payments, charities, gifts, cardTesting, cards } = adapters;
  const { trackingNumber } = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, request, member, key(), '203.0.113.7');
  return runWorkflow(trackingNumber);
}

/** A guest's gift, paid by card through the workflow (or, `failed`, a payment the workflow failed before any charge). */
async function giveAsGuest(giftId: string, donor: { firstName: string; lastName: string; email: string }, donationAmount: number, { failed = false } = {}) {
  const request = aRequest(giftId, { quantity: 1, donationAmount, supportingAmount: 0, donor, receiptName: `${donor.firstName} ${donor.lastName}`, card: await cardToken() });
  const { payments, charities, gifts, cardTesting } = adapters;
  const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, request, key(), '198.51.100.4');
  if (!failed) return runWorkflow(trackingNumber);
  await payments.fail(trackingNumber, ['This gift is no longer available.'], clock.now());
  return trackingNumber;
}

/** The donation a completed payment recorded (its id is not the tracking number), counted for its charity as the stream does. */
async function donationOf(memberId: string, trackingNumber: string): Promise<Donation> {
  const donation = (await adapters.history.listCompleted(memberId)).find((d) => d.trackingNumber === trackingNumber);
  if (!donation) throw new Error(`no donation of ${trackingNumber}`);
  expect(await countDonation({ ledger: adapters.ledger }, donation)).toBe('counted');
  return donation;
}

const byName = (datasets: readonly PersonalDataset[], name: string) => datasets.find((d) => d.name === name)?.rows ?? [];

describe("a member's data in donations", () => {
  const dana = aSignedInMember({ email: `dana.${newId().toLowerCase()}@example.com`, givenName: 'Dana', familyName: 'Whitfield' });
  const wiremu = aSignedInMember({ email: `wiremu.${newId().toLowerCase()}@example.com`, givenName: 'Wiremu', familyName: 'Parata' });
  const charity = aCharity({ registrationNumber: 'CC54021', taxApproved: true });
  const gift = aGiftWithoutPrice({ charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl } });
  const workplaceId = newId();
  const seeded = {} as {
    once: string;
    monthly: string;
    cardId: string;
    voucherPurchase: string;
    voucherCode: string;
    membershipId: string;
    membershipPayment: string;
    pledgeId: string;
    wiremuGift: string;
    guestGift: string;
    guestFailed: string;
    strangerGift: string;
    onceDonation: Donation;
    monthlyDonation: Donation;
  };

  beforeAll(async () => {
    const { charities, gifts, memberships, payments, vouchers, receipts, refunds, matches, pledges, roles, workplaces, cardTestingLedger } = adapters;
    await charities.save(charity);
    await gifts.put(gift);

    // Dana gives once and keeps the card, then gives monthly from it; Wiremu gives once to the same charity.
    seeded.once = await give(dana, gift.id, { card: { ...(await cardToken()), saveCard: true }, message: 'For the kiwi, from Dana Whitfield' });
    seeded.cardId = seeded.once;
    seeded.monthly = await give(dana, gift.id, { card: { savedCardId: seeded.cardId }, isRecurring: true, donationAmount: 1500 });
    seeded.wiremuGift = await give(wiremu, gift.id, { card: { ...(await cardToken()), saveCard: true }, donationAmount: 3000 });
    seeded.onceDonation = await donationOf(dana.memberId, seeded.once);
    seeded.monthlyDonation = await donationOf(dana.memberId, seeded.monthly);
    await donationOf(wiremu.memberId, seeded.wiremuGift);

    // Before she had an account Dana gave as a guest with her e-mail (typed in capitals), and a second such payment
    // failed; a stranger gave as a guest too.
    seeded.guestGift = await giveAsGuest(gift.id, { firstName: 'Dana', lastName: 'Whitfield', email: dana.email.toUpperCase() }, 1200);
    seeded.guestFailed = await giveAsGuest(gift.id, { firstName: 'Dana', lastName: 'W', email: dana.email }, 900, { failed: true });
    seeded.strangerGift = await giveAsGuest(gift.id, { firstName: 'Tui', lastName: 'Stranger', email: `tui.${newId().toLowerCase()}@example.com` }, 1000);
    expect(await countDonation({ ledger: adapters.ledger }, (await adapters.payments.getDonation(seeded.guestGift))!)).toBe('counted');

    // A receipt, a workplace's match and a part refund of Dana's first donation.
    await receipts.issue({ donationId: seeded.onceDonation.donationId, linkToken: `token-${newId()}`, issuedAt: clock.now().toISOString(), charity: { name: charity.name, registrationNumber: 'CC54021', taxApproved: true } });
    await matches.save(seeded.onceDonation.donationId, { campaignId: newId(), workplaceName: 'Tasman Engineering', campaignName: 'Kiwi month', amount: { cents: 2000, currency: 'NZD' }, matchType: 'Donation', matchedAt: clock.now().toISOString() });
    const refund = {
      refundId: newId(),
      trackingNumber: seeded.once,
      status: 'Requested' as const,
      isFull: false,
      currency: 'NZD' as const,
      parts: { charity: 500, tip: 0, fee: 0, card: 500, voucher: 0 },
      total: 500,
      reason: 'Gave twice by mistake',
      requestedBy: 'Alex Morgan',
      requestedAt: clock.now().toISOString(),
      donationId: seeded.onceDonation.donationId,
      charityId: charity.id,
      country: 'nz' as const,
    };
    expect(await refunds.reserve(refund, 0, key(), 'fp')).toEqual({ outcome: 'reserved' });
    expect(await refunds.complete(refund, clock.now(), '2026-11')).toBe('completed');

    // Dana joins the charity (yearly, renewing from her saved card); Wiremu joins too.
    const plan = await createPlan({ store: memberships, charities, clock }, charity.id, { name: 'Kiwi Guardian', description: '', fee: 4000, period: 'Yearly', benefits: [], autoRenew: true, active: true });
    const joined = await joinMembership(
      { store: memberships, charities, payments, cards: adapters.cards, clock },
      { memberId: dana.memberId, email: dana.email, firstName: 'Dana', lastName: 'Whitfield' },
      { planId: plan.planId, card: { savedCardId: seeded.cardId } },
      key(),
      '203.0.113.7',
    );
    seeded.membershipPayment = await runWorkflow(joined.trackingNumber);
    const wiremuCards = await adapters.cards.list(wiremu.memberId);
    const wiremuJoined = await joinMembership(
      { store: memberships, charities, payments, cards: adapters.cards, clock },
      { memberId: wiremu.memberId, email: wiremu.email, firstName: 'Wiremu', lastName: 'Parata' },
      { planId: plan.planId, card: { savedCardId: wiremuCards[0]!.cardId } },
      key(),
    );
    await runWorkflow(wiremuJoined.trackingNumber);
    seeded.membershipId = (await memberships.listByMember(dana.memberId))[0]!.membershipId;

    // A gift voucher Dana bought without signing in, with her e-mail, for someone else.
    const bought = await createVoucherPurchase(
      { payments, clock },
      { country: 'nz', voucherValue: 5000, card: await cardToken(), buyer: { firstName: 'Dana', lastName: 'Whitfield', email: dana.email.toUpperCase() }, recipient: { name: 'Mere', email: 'mere@example.com' }, message: 'Happy birthday Mere, love Dana' },
      key(),
    );
    seeded.voucherPurchase = await runWorkflow(bought.trackingNumber);
    seeded.voucherCode = codes.codeFor(seeded.voucherPurchase, 0);
    expect(await vouchers.getByCodeHash(codes.hash(seeded.voucherCode))).toMatchObject({ buyer: { firstName: 'Dana' } });

    // A payroll pledge, donations' copies of her roles, and a card declined under her e-mail.
    seeded.pledgeId = newId();
    const pledge: StoredPayrollPledge = {
      pledgeId: seeded.pledgeId,
      memberId: dana.memberId,
      pageType: 'CHARITY',
      country: 'nz',
      workplace: { id: workplaceId, name: 'Tasman Engineering' },
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl },
      quantity: 1,
      amount: { cents: 1000, currency: 'NZD' },
      total: { cents: 1000, currency: 'NZD' },
      donationFrequency: 'EveryPayCycle',
      isAnonymous: false,
      status: 'Active',
      createdAt: clock.now().toISOString(),
    };
    expect(await pledges.createOnce(pledge, key(), 'fp')).toEqual({ created: true });
    await roles.saveCharityMembership({ memberId: dana.memberId, charityId: charity.id, roles: ['CharityAdmin'], version: '0001' });
    await workplaces.save({ memberId: dana.memberId, workplaceId, workplaceName: 'Tasman Engineering', roles: ['WorkplaceMember'], version: '0001' });
    await roles.saveCharityMembership({ memberId: wiremu.memberId, charityId: charity.id, roles: ['CharityAdmin'], version: '0001' });
    const email = attemptKey('email', dana.email);
    await cardTestingLedger.recordDecline(email, 'DECLINED1', clock.now(), new Date(clock.now().getTime() - 3600_000));
    await cardTestingLedger.block(email, new Date(clock.now().getTime() + 3600_000));
  });

  it('gathers everything held about the member, and nothing of anyone else', async () => {
    const datasets = await gatherMemberData(gatherDeps(), { memberId: dana.memberId, email: dana.email });
    expect(datasets.map((d) => d.name).sort()).toEqual(
      [
        'card-provider-customers',
        'charity-memberships',
        'declined-card-payments',
        'donations',
        'gift-vouchers',
        'guest-donations',
        'matched-donations',
        'monthly-donations',
        'payments',
        'payroll-pledges',
        'receipts',
        'refunds',
        'roles',
        'saved-cards',
        'tax-statements',
      ].sort(),
    );
    for (const dataset of datasets) {
      expect(dataset.name).toMatch(DATASET_NAME);
      expect(dataset.description).toMatch(/^[A-Z].{20,}\.$/);
    }

    expect(byName(datasets, 'donations')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          trackingNumber: seeded.once,
          charity: charity.name,
          gift: gift.title,
          currency: 'NZD',
          donationCents: 2000,
          tipCents: 200,
          transactionFeeCents: seeded.onceDonation.transactionFee!.cents,
          refundedCents: 500,
          card: 'visa ending 4242',
          donorName: 'Dana Whitfield',
          donorEmail: dana.email,
          message: 'For the kiwi, from Dana Whitfield',
          monthly: false,
        }),
        expect.objectContaining({ trackingNumber: seeded.monthly, donationCents: 1500, monthly: true }),
      ]),
    );
    expect(byName(datasets, 'donations')).toHaveLength(2);
    expect(byName(datasets, 'guest-donations')).toEqual([
      expect.objectContaining({ trackingNumber: seeded.guestGift, charity: charity.name, donationCents: 1200, donorName: 'Dana Whitfield', donorEmail: dana.email.toUpperCase(), card: 'visa ending 4242' }),
    ]);
    expect(byName(datasets, 'payments').map((p) => p.trackingNumber).sort()).toEqual(
      [seeded.once, seeded.monthly, seeded.membershipPayment, seeded.voucherPurchase, seeded.guestGift, seeded.guestFailed].sort(),
    );
    expect(byName(datasets, 'payments').find((p) => p.trackingNumber === seeded.guestFailed)).toMatchObject({ status: 'Failed', email: dana.email, ipAddress: '198.51.100.4' });
    expect(byName(datasets, 'payments').find((p) => p.trackingNumber === seeded.once)).toMatchObject({ status: 'Completed', email: dana.email, ipAddress: '203.0.113.7', firstName: 'Dana' });
    expect(byName(datasets, 'receipts')).toEqual([
      expect.objectContaining({ receiptNumber: `${seeded.once}-2`, charityRegistrationNumber: 'CC54021', donationCents: 1500, claimableForTaxCents: 1500 }),
    ]);
    expect(byName(datasets, 'tax-statements')).toEqual([expect.objectContaining({ country: 'nz', taxYear: 2027, donations: 2, totalCents: 3500 })]);
    expect(byName(datasets, 'refunds')).toEqual([expect.objectContaining({ trackingNumber: seeded.once, totalCents: 500, reason: 'Gave twice by mistake', status: 'Completed' })]);
    expect(byName(datasets, 'matched-donations')).toEqual([expect.objectContaining({ workplace: 'Tasman Engineering', amountCents: 2000 })]);
    expect(byName(datasets, 'monthly-donations')).toEqual([expect.objectContaining({ scheduleId: seeded.monthly, status: 'Active', nextChargeOn: '2026-12-21', card: 'visa ending 4242' })]);
    // A saved card is its type, last 4 digits and expiry: nothing the gateway could charge with.
    expect(byName(datasets, 'saved-cards')).toEqual([{ cardId: seeded.cardId, cardType: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2039, savedAt: expect.any(String) }]);
    expect(byName(datasets, 'card-provider-customers')).toEqual([{ merchantAccount: 'Trust', customerId: expect.stringMatching(/^cus_/) }]);
    expect(byName(datasets, 'gift-vouchers')).toEqual([
      expect.objectContaining({ voucherId: seeded.voucherPurchase, valueCents: 5000, balanceCents: 5000, buyerEmail: dana.email.toUpperCase(), recipientName: 'Mere', message: 'Happy birthday Mere, love Dana', codeEndsWith: seeded.voucherCode.slice(-2) }),
    ]);
    expect(byName(datasets, 'charity-memberships')).toEqual([expect.objectContaining({ plan: 'Kiwi Guardian', feeCents: 4000, renewsAutomatically: true, email: dana.email, lastPaymentTrackingNumber: seeded.membershipPayment })]);
    expect(byName(datasets, 'payroll-pledges')).toEqual([expect.objectContaining({ pledgeId: seeded.pledgeId, workplace: 'Tasman Engineering', status: 'Active' })]);
    expect(byName(datasets, 'roles')).toEqual(
      expect.arrayContaining([
        { in: 'charity', id: charity.id, name: null, roles: ['CharityAdmin'] },
        { in: 'workplace', id: workplaceId, name: 'Tasman Engineering', roles: ['WorkplaceMember'] },
      ]),
    );
    expect(byName(datasets, 'declined-card-payments')).toEqual([{ declined: [{ at: clock.now().toISOString(), trackingNumber: 'DECLINED1' }], paymentsRefusedUntil: '2026-11-21T10:00:00.000Z' }]);

    const text = JSON.stringify(datasets);
    expect(text).not.toContain(seeded.voucherCode);
    expect(text).not.toMatch(/tok_|pm_/);
    expect(text).not.toContain(wiremu.memberId);
    expect(text).not.toContain(wiremu.email);
    expect(text).not.toContain(seeded.wiremuGift);
    expect(text).not.toContain(seeded.strangerGift);
    expect(text).not.toContain('Stranger');
  });

  it('erases the member, twice as safely as once: what is only theirs is gone, the money records stay without them, and no charity total changes', async () => {
    const { payments, report, ledger, stats, history, schedules, cards, memberships, vouchers, pledges, roles, records, paymentSearch, cardTestingLedger } = adapters;
    const charityTotals = async () => ({
      report: await report.totals(charity.id, {}),
      ledger: await ledger.get(charity.id, 100),
      days: await stats.charityDays(charity.id, '2026-11-01', '2026-11-30'),
    });
    const before = await charityTotals();
    const wiremuBefore = await gatherMemberData(gatherDeps(), { memberId: wiremu.memberId, email: wiremu.email });
    const paymentBefore = await payments.get(seeded.once);
    const savedCard = await cards.get(dana.memberId, seeded.cardId);
    const customerBefore = await cards.getCustomer(dana.memberId, 'Trust');

    const erased = await eraseMemberData(eraseDeps(), { memberId: dana.memberId, email: dana.email });
    expect(erased).toEqual([
      { name: 'monthly-donations', erased: 1, anonymised: 0 },
      { name: 'payroll-pledges', erased: 1, anonymised: 0 },
      { name: 'charity-memberships', erased: 0, anonymised: 1 },
      { name: 'donations', erased: 0, anonymised: 2 },
      { name: 'guest-donations', erased: 0, anonymised: 1 },
      { name: 'payments', erased: 0, anonymised: 6 },
      { name: 'receipts', erased: 0, anonymised: 1 },
      { name: 'gift-vouchers', erased: 0, anonymised: 1 },
      { name: 'saved-cards', erased: 1, anonymised: 0 },
      { name: 'card-provider-customers', erased: 1, anonymised: 0 },
      { name: 'roles', erased: 2, anonymised: 0 },
      { name: 'declined-card-payments', erased: 1, anonymised: 0 },
    ]);
    expect(pledgeCancellations).toEqual([seeded.pledgeId]);

    const afterFirst = await Promise.all([payments.getDonation(seeded.onceDonation.donationId), payments.get(seeded.once), memberships.get(seeded.membershipId)]);
    // A second delivery finds nothing left and changes nothing.
    const again = await eraseMemberData(eraseDeps(), { memberId: dana.memberId, email: dana.email });
    expect(again.every((d) => d.erased === 0 && d.anonymised === 0)).toBe(true);
    expect(pledgeCancellations).toEqual([seeded.pledgeId]);
    expect(await Promise.all([payments.getDonation(seeded.onceDonation.donationId), payments.get(seeded.once), memberships.get(seeded.membershipId)])).toEqual(afterFirst);

    // Nothing is left to export.
    expect(await gatherMemberData(gatherDeps(), { memberId: dana.memberId, email: dana.email })).toEqual([]);

    // The donations stay, from "Deleted member", with every amount, date, charity and tracking number; out of any member's history.
    const donation = await payments.getDonation(seeded.onceDonation.donationId);
    const { donorName: _n, receiptName: _r, donorEmail: _e, memberId: _m, message: _msg, ...money } = seeded.onceDonation;
    expect(donation).toMatchObject({ ...money, donorName: ERASED_MEMBER_NAME, receiptName: ERASED_MEMBER_NAME, donorEmail: '' });
    expect(donation?.refunds?.refunded.charity).toBe(500);
    expect(donation).not.toHaveProperty('memberId');
    expect(donation).not.toHaveProperty('message');
    expect(await history.listCompleted(dana.memberId)).toEqual([]);
    const payment = await payments.get(seeded.once);
    expect(payment).toMatchObject({ status: 'Completed', chargeId: paymentBefore!.chargeId, priced: paymentBefore!.priced, donor: { firstName: ERASED_MEMBER_NAME, lastName: '', email: '' }, receiptName: ERASED_MEMBER_NAME });
    expect(payment).not.toHaveProperty('memberId');
    expect(payment).not.toHaveProperty('clientAddress');
    expect(JSON.stringify(payment)).not.toMatch(/Dana|Whitfield|203\.0\.113\.7/);
    // Nothing kept names her: not her member id (a membership's joining key carried it), e-mail or names.
    const kept = await Promise.all([
      ...[seeded.once, seeded.monthly, seeded.membershipPayment, seeded.voucherPurchase, seeded.guestGift, seeded.guestFailed].map((trackingNumber) => payments.get(trackingNumber)),
      payments.getDonation(seeded.onceDonation.donationId),
      payments.getDonation(seeded.guestGift),
      payments.getDonation(seeded.monthlyDonation.donationId),
      memberships.get(seeded.membershipId),
      vouchers.getByCodeHash(codes.hash(seeded.voucherCode)),
    ]);
    expect(kept.every((record) => record !== undefined)).toBe(true);
    for (const record of kept) expect(JSON.stringify(record).toLowerCase()).not.toMatch(new RegExp(`${dana.memberId.toLowerCase()}|${dana.email.replace(/[.]/g, '\\.')}|dana|whitfield`));
    // The back office no longer finds her payments by her e-mail, nor does a later request for her data.
    expect((await paymentSearch.search({ email: dana.email }, 25)).items).toEqual([]);
    expect(await payments.listByDonorEmail(dana.email)).toEqual([]);
    // The guest donation stays the charity's, from "Deleted member"; the stranger's is as it was.
    expect(await payments.getDonation(seeded.guestGift)).toMatchObject({ donorName: ERASED_MEMBER_NAME, donorEmail: '', priced: { amount: { cents: 1200 } } });
    expect(await payments.get(seeded.strangerGift)).toMatchObject({ donor: { firstName: 'Tui', lastName: 'Stranger' }, status: 'Completed' });

    // The charity's console shows the donations from "Deleted member", and every total is as it was.
    const page = await report.page(charity.id, {}, 50);
    expect(page.items.filter((d) => [seeded.once, seeded.monthly, seeded.guestGift].includes(d.trackingNumber)).map((d) => d.donorName)).toEqual([
      ERASED_MEMBER_NAME,
      ERASED_MEMBER_NAME,
      ERASED_MEMBER_NAME,
    ]);
    expect(page.items.find((d) => d.trackingNumber === seeded.wiremuGift)?.donorName).toBe('Wiremu Parata');
    expect(await charityTotals()).toEqual(before);
    // Still counted exactly once (a redelivered stream record counts nothing).
    expect(await countDonation({ ledger }, donation!)).toBe('already');

    // The monthly donation is no longer due, ever; the saved card is gone here and at the gateway.
    expect(await schedules.listByMember(dana.memberId)).toEqual([]);
    expect((await schedules.listDue('2099-12-31', 500)).map((s) => s.scheduleId)).not.toContain(seeded.monthly);
    expect(await cards.list(dana.memberId)).toEqual([]);
    expect(await cards.getCustomer(dana.memberId, 'Trust')).toBeUndefined();
    expect(sandbox.snapshot().paymentMethods.filter((m) => m.id === savedCard!.paymentMethodId).map((m) => m.deleted)).toEqual([true]);
    // The gateway's customer, which held her e-mail, is deleted there too.
    const customers = sandbox.snapshot().customers;
    expect(customers.find((c) => c.id === customerBefore)).toMatchObject({ deleted: true, email: null });
    expect(JSON.stringify(customers).toLowerCase()).not.toContain(dana.email.toLowerCase());

    // The membership stays the charity's record, cancelled (never renewed), from "Deleted member".
    const membership = await memberships.get(seeded.membershipId);
    expect(membership).toMatchObject({ member: { name: ERASED_MEMBER_NAME, email: '' }, autoRenew: false, cancelledAt: clock.now().toISOString(), plan: { fee: { cents: 4000 } } });
    expect(membership?.member).not.toHaveProperty('memberId');
    expect(membership).not.toHaveProperty('savedCardId');
    expect(await memberships.listByMember(dana.memberId)).toEqual([]);
    expect((await memberships.listDueRenewals('2099-12-31', 500)).map((m) => m.membershipId)).not.toContain(seeded.membershipId);
    const members = await memberships.listByCharity(charity.id, {}, 50);
    expect(members.items.map((m) => m.member.name).sort()).toEqual([ERASED_MEMBER_NAME, 'Wiremu Parata']);
    expect((await memberships.listByCharity(charity.id, { q: dana.email }, 50)).items).toEqual([]);

    // The voucher keeps its value for its recipient; its buyer and her message are gone.
    const voucher = await vouchers.getByCodeHash(codes.hash(seeded.voucherCode));
    expect(voucher).toMatchObject({ balance: { cents: 5000 }, recipient: { name: 'Mere', email: 'mere@example.com' }, buyer: { firstName: ERASED_MEMBER_NAME, email: '' } });
    expect(voucher).not.toHaveProperty('message');
    expect(await vouchers.listByBuyerEmail(dana.email)).toEqual([]);
    expect((await vouchers.search({ q: dana.email }, 25)).items).toEqual([]);

    expect(await pledges.listByMember(dana.memberId)).toEqual([]);
    expect(await roles.rolesOf(dana.memberId, { kind: 'charity', id: charity.id })).toEqual([]);
    expect(await records.tenantRoles(dana.memberId)).toEqual([]);
    expect((await cardTestingLedger.activeBlocks(clock.now(), { consistent: true })).filter((b) => b.hash === attemptKey('email', dana.email).hash)).toEqual([]);

    // The other member is untouched.
    expect(await gatherMemberData(gatherDeps(), { memberId: wiremu.memberId, email: wiremu.email })).toEqual(wiremuBefore);
    expect(await roles.rolesOf(wiremu.memberId, { kind: 'charity', id: charity.id })).toEqual(['CharityAdmin']);
  });
});

describe('an erasure that stops half-way', () => {
  it('is finished by the next delivery: the gateway was unreachable, so only the saved card was left to remove', async () => {
    const aroha = aSignedInMember({ email: `aroha.${newId().toLowerCase()}@example.com`, givenName: 'Aroha', familyName: 'Ngata' });
    const gift = aGiftWithoutPrice();
    await adapters.gifts.put(gift);
    const trackingNumber = await give(aroha, gift.id, { card: { ...(await cardToken()), saveCard: true } });
    const saved = await adapters.cards.get(aroha.memberId, trackingNumber);
    const member = { memberId: aroha.memberId, email: aroha.email };

    // Nothing listens on port 9 here: the gateway cannot be reached.
    const unreachable = httpCardGateway({ baseUrl: 'http://127.0.0.1:9', apiKeys: { Platform: API_KEY, Trust: TRUST_API_KEY }, timeoutMs: 1000 });
    await expect(eraseMemberData({ ...eraseDeps(), gateway: unreachable }, member)).rejects.toMatchObject({ name: 'GatewayUnavailable' });
    // What came before the card is done, and the card is still hers (here and at the gateway) to be removed.
    expect(await adapters.history.listCompleted(aroha.memberId)).toEqual([]);
    expect((await adapters.cards.list(aroha.memberId)).map((card) => card.cardId)).toEqual([trackingNumber]);

    const retried = await eraseMemberData(eraseDeps(), member);
    expect(retried.filter((d) => d.erased + d.anonymised > 0)).toEqual([
      { name: 'saved-cards', erased: 1, anonymised: 0 },
      { name: 'card-provider-customers', erased: 1, anonymised: 0 },
    ]);
    expect(await adapters.cards.list(aroha.memberId)).toEqual([]);
    expect(sandbox.snapshot().paymentMethods.find((m) => m.id === saved!.paymentMethodId)?.deleted).toBe(true);
    expect(await gatherMemberData(gatherDeps(), member)).toEqual([]);
  });
});
