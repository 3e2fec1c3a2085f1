import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import type { OutgoingMail } from '@giving/shared/mail';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoMembershipStore } from '../adapters/dynamo-charity-memberships';
import { dynamoSavedCards } from '../adapters/dynamo-member-giving';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import donations from '../service';
import { membershipNumber, paidUntilFrom, renewalKey, renewMemberships, statusOf, type MembershipJobDeps, type MembershipStore, type StoredMembership } from './charity-memberships';
import type { ChargeResult, PaymentRepository } from './ports';

describe('a membership’s dates', () => {
  it('is paid for a year or a month less a day, or for life; a month from the 31st ends on the month’s last day', () => {
    expect(paidUntilFrom('Yearly', '2026-11-26')).toBe('2027-11-25');
    expect(paidUntilFrom('Monthly', '2026-11-26')).toBe('2026-12-25');
    expect(paidUntilFrom('Monthly', '2027-01-31')).toBe('2027-02-27');
    expect(paidUntilFrom('Life', '2026-11-26')).toBeUndefined();
  });

  it('is New for 30 days, Current while paid, In grace for 30 days after, then Expired; Cancelled once cancelled', () => {
    const m = { joinedOn: '2026-01-10', paidUntil: '2027-01-09' };
    expect(statusOf(m, '2026-01-20')).toBe('New');
    expect(statusOf(m, '2026-03-01')).toBe('Current');
    expect(statusOf(m, '2027-01-09')).toBe('Current');
    expect(statusOf(m, '2027-01-10')).toBe('InGrace');
    expect(statusOf(m, '2027-02-08')).toBe('InGrace');
    expect(statusOf(m, '2027-02-09')).toBe('Expired');
    expect(statusOf({ joinedOn: '2020-01-01' }, '2030-01-01')).toBe('Current');
    expect(statusOf({ ...m, cancelledAt: '2026-05-01T00:00:00Z' }, '2026-06-01')).toBe('Cancelled');
  });

  it('numbers members with the charity’s initials', () => {
    expect(membershipNumber('Kiwi Coast Rescue', 42)).toBe('KCR-000042');
    expect(membershipNumber('Reef Life Trust of Australia', 7)).toBe('RLTO-000007');
  });
});

describe('renewals and reminders (the hourly job) against DynamoDB Local', () => {
  let store: MembershipStore;
  let payments: PaymentRepository;
  let deps: (at: string) => MembershipJobDeps & { sent: OutgoingMail[] };
  const declines = new Map<string, ChargeResult>();
  const memberId = '11111111-2222-3333-4444-555555555555';

  beforeAll(async () => {
    const tables = await testTables([donations]);
    const tableName = tables.tableName('donations');
    store = dynamoMembershipStore(tables.client, tableName);
    payments = dynamoPaymentRepository(tables.client, tableName);
    const cards = dynamoSavedCards(tables.client, tableName);
    await cards.save({ memberId, cardId: 'CARD1', cardType: 'visa', last4: '4242', expMonth: 12, expYear: 2030, customerId: 'cus_1', paymentMethodId: 'pm_1', account: 'Trust', savedAt: '2026-01-01T00:00:00Z' });
    const notices = dynamoIdempotencyStore({ client: tables.client, tableName });
    deps = (at) => {
      const sent: OutgoingMail[] = [];
      return {
        store,
        payments,
        cards,
        gateway: { findCharge: async ({ idempotencyKey }) => declines.get(idempotencyKey) },
        mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) },
        notices,
        clock: fixedClock(at),
        siteUrl: 'https://koha.test',
        sent,
      };
    };
  });

  const aMembership = (overrides: Partial<StoredMembership> = {}): StoredMembership => {
    const membershipId = newId();
    return {
      membershipId,
      membershipNumber: `KCR-${membershipId.slice(-6)}`,
      charity: { id: newId(), name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
      plan: { planId: newId(), name: 'Kiwi Guardian', period: 'Yearly', fee: money(4000, 'NZD') },
      member: { memberId, name: 'Dana Donor', email: 'dana@example.com' },
      joinedOn: '2025-12-01',
      paidUntil: '2026-11-30',
      autoRenew: true,
      source: 'Online',
      country: 'nz',
      createdAt: '2025-12-01T00:00:00Z',
      savedCardId: 'CARD1',
      renewalAttempts: 0,
      nextRenewalOn: '2026-12-01',
      ...overrides,
    };
  };
  const put = (membership: StoredMembership) => store.addManual(membership, `test-${membership.membershipId}`);

  it('charges a due renewal once from the saved card; a soft decline tries again a day later; a hard one stops it and tells the member once', async () => {
    const membership = await put(aMembership());
    // Not due yet on 30 November in New Zealand.
    expect((await renewMemberships(deps('2026-11-29T12:00:00Z'))).renewing).toBe(0);

    const first = deps('2026-12-01T00:00:00Z');
    expect((await renewMemberships(first)).renewing).toBe(1);
    expect((await renewMemberships(first)).inProgress).toBe(1);
    const key = renewalKey(membership);
    const payment = await payments.get((await payments.findByKey(key))!.trackingNumber);
    expect(payment).toMatchObject({ pageType: 'MEMBERSHIP', renewal: true, membershipId: membership.membershipId, donationAmountCents: 4000, card: { savedCardId: 'CARD1', last4: '4242' } });

    // Insufficient funds: tried again on 2 December (1 day after the renewal day).
    await payments.fail(payment!.trackingNumber, ['Your card has insufficient funds.'], new Date('2026-12-01T00:05:00Z'));
    declines.set(payment!.trackingNumber, { outcome: 'declined', message: 'Your card has insufficient funds.', retryable: true });
    expect((await renewMemberships(deps('2026-12-01T01:00:00Z'))).retrying).toBe(1);
    expect(await store.get(membership.membershipId)).toMatchObject({ renewalAttempts: 1, nextRenewalOn: '2026-12-02', autoRenew: true });
    expect((await renewMemberships(deps('2026-12-01T02:00:00Z'))).renewing).toBe(0);

    const retry = deps('2026-12-02T00:00:00Z');
    expect((await renewMemberships(retry)).renewing).toBe(1);
    const retried = (await payments.findByKey(`${key}#retry1`))!.trackingNumber;
    await payments.fail(retried, ['Your card was declined.'], new Date('2026-12-02T00:05:00Z'));
    declines.set(retried, { outcome: 'declined', message: 'Your card was declined.', retryable: false });
    const stopping = deps('2026-12-02T01:00:00Z');
    expect((await renewMemberships(stopping)).stopped).toBe(1);
    expect(await store.get(membership.membershipId)).toMatchObject({ autoRenew: false, renewalStopped: 'Your card was declined.' });
    expect(stopping.sent.map((mail) => mail.subject)).toEqual(['We could not renew your Kiwi Coast Rescue membership']);
    expect(stopping.sent[0]!.text).toContain('Your membership is paid until 30 November 2026; after that it is in grace for 30 days, then it expires.');
    // Stopped: nothing more is charged, and no second e-mail.
    const later = deps('2026-12-03T01:00:00Z');
    expect(await renewMemberships(later)).toMatchObject({ renewing: 0, stopped: 0 });
    expect(later.sent.filter((mail) => mail.subject.startsWith('We could not renew'))).toEqual([]);
  });

  it('reminds a member 14 days before their paid period ends, once: of the renewal, or that it will end', async () => {
    const renewing = await put(aMembership({ paidUntil: '2027-03-20', nextRenewalOn: '2027-03-21' }));
    const ending = await put(aMembership({ paidUntil: '2027-03-22', autoRenew: false, savedCardId: undefined, nextRenewalOn: undefined, member: { memberId, name: 'Dana Donor', email: 'dana.ending@example.com' } }));
    expect((await renewMemberships(deps('2027-03-01T00:00:00Z'))).reminded).toBe(0);
    const run = deps('2027-03-08T00:00:00Z');
    await renewMemberships(run);
    const mine = run.sent.filter((mail) => mail.text.includes(renewing.membershipNumber) || mail.text.includes(ending.membershipNumber));
    expect(mine.map((mail) => mail.subject).sort()).toEqual(['Your Kiwi Coast Rescue membership ends soon', 'Your Kiwi Coast Rescue membership renews soon']);
    expect(mine.find((mail) => mail.subject.endsWith('renews soon'))!.text).toContain('renews on 21 March 2027: we will charge $40.00 to your saved card.');
    const again = deps('2027-03-09T00:00:00Z');
    await renewMemberships(again);
    expect(again.sent.filter((mail) => mail.text.includes(renewing.membershipNumber) || mail.text.includes(ending.membershipNumber))).toEqual([]);
  });
});
