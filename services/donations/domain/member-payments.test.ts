import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { EventPublisher } from '@giving/shared/events';
import { DomainError } from '@giving/shared/errors';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import type { CardTestingDeps } from './card-testing';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoSavedCards } from '../adapters/dynamo-member-giving';
import { chargeCard, emitDonationCompleted, recordDonation, validatePayment } from './payment-steps';
import { createMemberPayment, createPayment, donorFromSignIn, SIGN_IN_WITHOUT_EMAIL_MESSAGE } from './payments';
import { aCharity, aGift, aMemberRequest, aRequest, aSignedInMember, feeFor, gatewaySettings, scriptedGateway } from './test-support';

/** Spec §6: signed-in donors skip e-mail and names; the donor is whoever the verified token names. */
let payments: ReturnType<typeof dynamoPaymentRepository>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let gifts: ReturnType<typeof dynamoGiftCatalog>;
let cardTestingLedger: ReturnType<typeof dynamoCardTestingLedger>;
let cardTesting: CardTestingDeps;
let cards: ReturnType<typeof dynamoSavedCards>;
const clock = fixedClock('2026-11-21T09:00:00Z');
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

beforeAll(async () => {
  const tables = await testTables([donations]);
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
  gifts = dynamoGiftCatalog(tables.client, tables.tableName('donations'));
  cardTestingLedger = dynamoCardTestingLedger(tables.client, tables.tableName('donations'));
  cardTesting = { blocks: () => cardTestingLedger.activeBlocks(clock.now(), { consistent: true }), gateway: scriptedGateway({}), clock };
  cards = dynamoSavedCards(tables.client, tables.tableName('donations'));
});

describe('donorFromSignIn', () => {
  it('takes the e-mail and the given and family names from the token', () => {
    expect(donorFromSignIn(aSignedInMember())).toEqual({ email: 'dana.donor@demo.koha.nz', firstName: 'Dana', lastName: 'Whitfield' });
  });

  it('without a given name, the first name is the e-mail’s local part; without a family name, the last name is empty', () => {
    expect(donorFromSignIn(aSignedInMember({ givenName: undefined, familyName: undefined }))).toEqual({
      email: 'dana.donor@demo.koha.nz',
      firstName: 'dana.donor',
      lastName: '',
    });
    expect(donorFromSignIn(aSignedInMember({ givenName: '  ', familyName: ' Whitfield ' }))).toEqual({
      email: 'dana.donor@demo.koha.nz',
      firstName: 'dana.donor',
      lastName: 'Whitfield',
    });
  });

  it('trims names and cuts them to the guest form’s 50 characters', () => {
    const donor = donorFromSignIn(aSignedInMember({ givenName: ` ${'A'.repeat(60)}`, email: ' dana@example.com ' }));
    expect(donor.firstName).toBe('A'.repeat(50));
    expect(donor.email).toBe('dana@example.com');
  });

  it('a token without a usable e-mail is a 400 with a message that says why', () => {
    for (const email of [undefined, '', 'not-an-email']) {
      let error: unknown;
      try {
        donorFromSignIn(aSignedInMember({ email }));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'ValidationFailed', message: SIGN_IN_WITHOUT_EMAIL_MESSAGE });
    }
  });
});

describe('createMemberPayment', () => {
  it('stores the member id and the donor from the token, once per key', async () => {
    const member = aSignedInMember();
    const k = key();
    const first = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest('gift-1'), member, k);
    const retry = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest('gift-1'), member, k);
    expect(retry.trackingNumber).toBe(first.trackingNumber);
    expect(await payments.get(first.trackingNumber)).toMatchObject({
      status: 'Initiated',
      memberId: member.memberId,
      donor: { email: 'dana.donor@demo.koha.nz', firstName: 'Dana', lastName: 'Whitfield' },
      receiptName: 'Jane Donor',
      quantity: 2,
      donationAmountCents: 2500,
    });
  });

  it('refuses the key when another member, or a guest, reuses it', async () => {
    const k = key();
    await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest('gift-1'), aSignedInMember(), k);
    await expect(createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest('gift-1'), aSignedInMember(), k)).rejects.toMatchObject({
      code: 'IdempotencyKeyReused',
    });
    await expect(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), k)).rejects.toMatchObject({ code: 'IdempotencyKeyReused' });
  });

  it('a guest payment keeps no member id', async () => {
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), key());
    expect(await payments.get(trackingNumber)).not.toHaveProperty('memberId');
  });

  it('refuses an unknown charity before anything is written, as for guests', async () => {
    const { giftId: _giftId, ...rest } = aMemberRequest('g');
    const request = { ...rest, pageType: 'CHARITY' as const, charityId: 'no-such-charity', quantity: 1 as const, transactionFeeCents: feeFor({ ...rest, quantity: 1 }) };
    await expect(createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, request, aSignedInMember(), key())).rejects.toMatchObject({ code: 'NotFound' });
    const charity = aCharity();
    await charities.save(charity);
    const { trackingNumber } = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, { ...request, charityId: charity.id }, aSignedInMember(), key());
    expect(await payments.get(trackingNumber)).toMatchObject({ pageType: 'CHARITY', charityId: charity.id });
  });
});

describe('a member’s payment through the workflow', () => {
  function capturingPublisher(): EventPublisher & { published: Record<string, unknown>[] } {
    const published: Record<string, unknown>[] = [];
    return {
      published,
      async publish(definition, data, options) {
        published.push(definition.schema.parse(data) as Record<string, unknown>);
        return { metadata: { id: options?.id ?? 'x', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
      },
    };
  }

  async function complete(trackingNumber: string) {
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    await chargeCard({ payments, gateway: scriptedGateway({}) , cardTesting: cardTestingLedger, clock }, { trackingNumber, chargeAttempts: 0 });
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: `ch_${trackingNumber}` });
    const publisher = capturingPublisher();
    await emitDonationCompleted({ payments, publisher }, { trackingNumber });
    return publisher.published[0];
  }

  it('DonationCompleted carries donorMemberId and the member’s e-mail; a guest’s carries no member id', async () => {
    const gift = aGift();
    await gifts.put(gift);
    const member = aSignedInMember();
    const { trackingNumber } = await createMemberPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock, cards }, aMemberRequest(gift.id), member, key());
    expect(await complete(trackingNumber)).toMatchObject({ donorMemberId: member.memberId, donorEmail: 'dana.donor@demo.koha.nz', receiptName: 'Jane Donor' });
    expect(await payments.getDonation(trackingNumber)).toMatchObject({ memberId: member.memberId, donorName: 'Dana Whitfield' });

    const guest = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest(gift.id), key());
    expect(await complete(guest.trackingNumber)).not.toHaveProperty('donorMemberId');
  });
});
