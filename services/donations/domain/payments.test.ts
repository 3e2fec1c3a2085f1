import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { TRANSACTION_FEE_CHANGED_MESSAGE } from '@giving/shared/contracts/payment-gateway';
import { DomainError } from '@giving/shared/errors';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import type { CardTestingDeps } from './card-testing';
import { recentGifts } from './recent-gifts';
import {
  CHARITY_MISSING_MESSAGE,
  CHARITY_WRONG_COUNTRY_MESSAGE,
  createPayment,
  fingerprintOf,
  startAcceptedPayment,
  getPaymentStatus,
  GIFT_INACTIVE_MESSAGE,
  GIFT_PRICE_CHANGED_MESSAGE,
  GIFT_WRONG_COUNTRY_MESSAGE,
  priceCharityDonation,
  pricePayment,
} from './payments';
import { aCharity, aCharityRequest, aGift, aGiftWithoutPrice, aRequest, gatewaySettings, recordingWorkflow, scriptedGateway } from './test-support';

let payments: ReturnType<typeof dynamoPaymentRepository>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
let gifts: ReturnType<typeof dynamoGiftCatalog>;
let cardTestingLedger: ReturnType<typeof dynamoCardTestingLedger>;
let cardTesting: CardTestingDeps;
const clock = fixedClock('2026-11-21T09:00:00Z');

beforeAll(async () => {
  const tables = await testTables([donations]);
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
  gifts = dynamoGiftCatalog(tables.client, tables.tableName('donations'));
  cardTestingLedger = dynamoCardTestingLedger(tables.client, tables.tableName('donations'));
  cardTesting = { blocks: () => cardTestingLedger.activeBlocks(clock.now(), { consistent: true }), gateway: scriptedGateway({}), clock };
});

describe('createPayment', () => {
  it('stores the payment as Initiated and returns a tracking number', async () => {
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), 'key-first-attempt');
    expect(trackingNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await getPaymentStatus({ payments }, trackingNumber)).toEqual({ trackingNumber, paymentProcessingStatus: 'Initiated', messages: [] });
  });

  it('returns the same tracking number to a retry with the same key', async () => {
    const first = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), 'key-retried-01');
    const retry = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), 'key-retried-01');
    expect(retry.trackingNumber).toBe(first.trackingNumber);
  });

  it('refuses the same key with a different request', async () => {
    await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1'), 'key-reused-001');
    await expect(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1', { quantity: 3 }), 'key-reused-001')).rejects.toMatchObject({
      code: 'IdempotencyKeyReused',
    });
  });

  it('answers NotFound for an unknown tracking number', async () => {
    await expect(getPaymentStatus({ payments }, '01JZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toBeInstanceOf(DomainError);
  });
});

describe('the transaction fee the donor was shown', () => {
  it('is checked against the country’s fee on the card’s part, and the rates are kept with the payment', async () => {
    const request = aRequest('gift-1', { donationAmount: 5000, quantity: 2, supportingAmount: 500 });
    expect(request.transactionFeeCents).toBe(30 + 200); // 1.9% of $105.00 = $1.995 -> $2.00, + 30c
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, request, 'key-fee-ok-0001');
    expect(await payments.get(trackingNumber)).toMatchObject({ transactionFees: { percentBasisPoints: 190, fixedCents: 30 } });
  });

  it('another figure is a 409 naming the field with the spec’s words, and nothing is written', async () => {
    for (const [key, fee] of [
      ['key-fee-stale-01', 229],
      ['key-fee-stale-02', 0],
    ] as const) {
      const refused = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest('gift-1', { transactionFeeCents: fee }), key).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({
        code: 'Conflict',
        message: TRANSACTION_FEE_CHANGED_MESSAGE,
        fieldErrors: [{ field: 'body.transactionFeeCents', message: TRANSACTION_FEE_CHANGED_MESSAGE }],
      });
      expect(await payments.findByKey(key)).toBeUndefined();
    }
  });

  it('when the rates change, a new request with the old fee is refused, but a retry of an accepted one gets its answer', async () => {
    const request = aRequest('gift-1');
    const first = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, request, 'key-fee-rates-01');
    const raised = { ...gatewaySettings, transactionProcessingFees: { ...gatewaySettings.transactionProcessingFees, nz: { percentBasisPoints: 200, fixedCents: 30 } } };
    expect((await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings: raised, clock }, request, 'key-fee-rates-01')).trackingNumber).toBe(first.trackingNumber);
    await expect(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings: raised, clock }, request, 'key-fee-rates-02')).rejects.toMatchObject({ code: 'Conflict' });
    // 2% + 30c of the card's $50.00.
    const shown = aRequest('gift-1', { transactionFeeCents: 100 + 30 });
    expect((await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings: raised, clock }, shown, 'key-fee-rates-03')).trackingNumber).toMatch(/^[0-9A-Z]{26}$/);
  });

  it('uses the country’s rates: Australia’s differ from New Zealand’s', async () => {
    const australian = aRequest('gift-au', { country: 'au', donationAmount: 2000, quantity: 1 });
    expect(australian.transactionFeeCents).toBe(35 + 30);
    await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, australian, 'key-fee-au-0001');
    await expect(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, { ...australian, transactionFeeCents: 38 + 30 }, 'key-fee-au-0002')).rejects.toMatchObject({
      code: 'Conflict',
    });
  });
});

describe('a priced gift is sold at its price (spec 1 §2)', () => {
  it('refuses another amount per item with a 409 naming body.donationAmount, and writes nothing', async () => {
    const gift = aGift();
    await gifts.put(gift);
    const key = 'key-cheap-kiwi-01';
    const twiceForTen = aRequest(gift.id, { donationAmount: 1000, quantity: 2 });
    const refused = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, twiceForTen, key).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'Conflict', fieldErrors: [{ field: 'body.donationAmount', message: GIFT_PRICE_CHANGED_MESSAGE }] });
    expect(await payments.findByKey(key)).toBeUndefined();
    const atItsPrice = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest(gift.id, { donationAmount: 2500, quantity: 2 }), 'key-kiwi-at-price');
    expect(await payments.get(atItsPrice.trackingNumber)).toMatchObject({ donationAmountCents: 2500, quantity: 2 });
  });

  it('takes the donor’s amount for a gift without a price', async () => {
    const gift = aGiftWithoutPrice();
    await gifts.put(gift);
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest(gift.id, { donationAmount: 3700, quantity: 1 }), 'key-greatest-need');
    expect(await payments.get(trackingNumber)).toMatchObject({ donationAmountCents: 3700 });
  });

  it('reads a gift at most once a minute, but never refuses a donor for a price it remembered wrongly', async () => {
    const gift = aGift();
    await gifts.put(gift);
    let reads = 0;
    const counting = { getById: async (id: string) => (reads++, gifts.getById(id)) };
    const remembered = recentGifts(counting, clock);
    const deps = { payments, charities, gifts: remembered, cardTesting, gatewaySettings, clock };
    await createPayment(deps, aRequest(gift.id), 'key-recent-0001');
    await createPayment(deps, aRequest(gift.id), 'key-recent-0002');
    expect(reads).toBe(1);
    // The charity raises the price: a donor shown the new one is accepted at once (the refusal reads again) ...
    await gifts.put({ ...gift, price: { cents: 3000, currency: 'NZD' } });
    await createPayment(deps, aRequest(gift.id, { donationAmount: 3000 }), 'key-recent-0003');
    expect(reads).toBe(2);
    // ... and the old price, now remembered as changed, is refused.
    await expect(createPayment(deps, aRequest(gift.id), 'key-recent-0004')).rejects.toMatchObject({ code: 'Conflict' });
  });
});

describe('createPayment for a general donation to a charity (CHARITY)', () => {
  it('stores a payment for the charity, with no gift, once per key', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const first = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-charity-${charity.id}`);
    const retry = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-charity-${charity.id}`);
    expect(retry.trackingNumber).toBe(first.trackingNumber);
    const stored = await payments.get(first.trackingNumber);
    expect(stored).toMatchObject({ pageType: 'CHARITY', charityId: charity.id, quantity: 1, donationAmountCents: 2500, supportingAmountCents: 200 });
    expect(stored).not.toHaveProperty('giftId');
  });

  it('answers a retry the same even after the charity stopped taking donations (the retry is of an accepted request)', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const first = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-then-inactive-${charity.id}`);
    expect(await charities.save({ ...charity, isActive: false, version: '2026-11-02T00:00:00.000Z' })).toBe('saved');

    const retry = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-then-inactive-${charity.id}`);
    expect(retry.trackingNumber).toBe(first.trackingNumber);
    await expect(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-new-${charity.id}`)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('refuses an unknown or inactive charity (404) and one from another country (400), naming charityId, writing nothing', async () => {
    const problem = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (e: unknown) => (e instanceof DomainError ? { code: e.code, fieldErrors: e.fieldErrors } : e),
      );
    const unknown = await problem(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest('no-such-charity'), 'key-unknown-charity'));
    expect(unknown).toEqual({ code: 'NotFound', fieldErrors: [{ field: 'body.charityId', message: CHARITY_MISSING_MESSAGE }] });

    const inactive = aCharity({ isActive: false });
    await charities.save(inactive);
    expect(await problem(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(inactive.id), 'key-inactive-charity'))).toMatchObject({ code: 'NotFound' });

    const australian = aCharity({ country: 'au' });
    await charities.save(australian);
    const wrongCountry = await problem(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(australian.id), 'key-wrong-country'));
    expect(wrongCountry).toEqual({ code: 'ValidationFailed', fieldErrors: [{ field: 'body.charityId', message: CHARITY_WRONG_COUNTRY_MESSAGE }] });

    // Nothing was claimed: the same key still works for a good request.
    const nz = aCharity();
    await charities.save(nz);
    expect(await problem(createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(nz.id), 'key-wrong-country'))).toBe('accepted');
  });
});

describe('priceCharityDonation', () => {
  it('prices the amount (quantity 1) + tip in the country’s currency, for the charity and no gift', () => {
    const charity = aCharity({ country: 'au', name: 'Reef Guardians Australia' });
    const result = priceCharityDonation({ country: 'au', donationAmountCents: 3550, supportingAmountCents: 500 }, charity);
    expect(result).toEqual({
      ok: true,
      priced: {
        amount: { cents: 3550, currency: 'AUD' },
        tip: { cents: 500, currency: 'AUD' },
        total: { cents: 4050, currency: 'AUD' },
        charity: { id: charity.id, name: 'Reef Guardians Australia', charityUrl: charity.charityUrl, logoImageUrl: '/media/logo.svg' },
      },
    });
  });

  it('refuses a missing or inactive charity and a charity from another country', () => {
    const payment = { country: 'nz' as const, donationAmountCents: 1000, supportingAmountCents: 0 };
    expect(priceCharityDonation(payment, undefined)).toEqual({ ok: false, message: CHARITY_MISSING_MESSAGE });
    expect(priceCharityDonation(payment, aCharity({ isActive: false }))).toEqual({ ok: false, message: CHARITY_MISSING_MESSAGE });
    expect(priceCharityDonation(payment, aCharity({ country: 'au' }))).toEqual({ ok: false, message: CHARITY_WRONG_COUNTRY_MESSAGE });
  });
});

describe('startAcceptedPayment', () => {
  it('starts the workflow of a payment stored as Initiated, and of nothing else', async () => {
    const workflow = recordingWorkflow();
    await startAcceptedPayment({ workflow }, { trackingNumber: 'A', status: 'Initiated' });
    await startAcceptedPayment({ workflow }, { trackingNumber: 'B', status: 'Completed' });
    expect(workflow.started).toEqual(['A']);
  });
});

describe('pricePayment', () => {
  it('prices a priced gift at its price x quantity + tip in the country’s currency from the gift’s current state', () => {
    const result = pricePayment({ country: 'nz', donationAmountCents: 2500, quantity: 3, supportingAmountCents: 500 }, aGift());
    expect(result.ok && result.priced.total).toEqual({ cents: 8000, currency: 'NZD' });
    expect(result.ok && result.priced.amount).toEqual({ cents: 7500, currency: 'NZD' });
  });

  it('sells a priced gift at its price: another amount per item is refused as a price change', () => {
    const twiceForTen = { country: 'nz' as const, donationAmountCents: 1000, quantity: 2, supportingAmountCents: 0 };
    expect(pricePayment(twiceForTen, aGift())).toEqual({ ok: false, message: GIFT_PRICE_CHANGED_MESSAGE, priceChanged: true });
    expect(pricePayment({ ...twiceForTen, donationAmountCents: 2600 }, aGift())).toMatchObject({ ok: false, priceChanged: true });
    // A monthly gift's later charges keep the amount its donor agreed to.
    expect(pricePayment(twiceForTen, aGift(), { agreedAmount: true })).toMatchObject({ ok: true, priced: { amount: { cents: 2000 } } });
  });

  it('takes the donor’s amount for a gift without a price (Area of greatest need)', () => {
    const result = pricePayment({ country: 'nz', donationAmountCents: 3750, quantity: 1, supportingAmountCents: 200 }, aGiftWithoutPrice());
    expect(result.ok && result.priced.total).toEqual({ cents: 3950, currency: 'NZD' });
  });

  it('refuses a fulfilled gift, a missing gift and a gift from another country', () => {
    const payment = { country: 'nz' as const, donationAmountCents: 1000, quantity: 1, supportingAmountCents: 0 };
    expect(pricePayment(payment, aGift({ isActive: false }))).toEqual({ ok: false, message: GIFT_INACTIVE_MESSAGE });
    expect(pricePayment(payment, undefined)).toMatchObject({ ok: false });
    expect(pricePayment(payment, aGift({ price: { cents: 1000, currency: 'AUD' } }))).toEqual({ ok: false, message: GIFT_WRONG_COUNTRY_MESSAGE });
  });
});

describe('fingerprintOf', () => {
  it('ignores key order but not values', () => {
    const a = aRequest('g');
    const reordered = JSON.parse(JSON.stringify({ ...a, donor: { email: a.donor.email, lastName: a.donor.lastName, firstName: a.donor.firstName } }));
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(a));
    expect(fingerprintOf({ ...a, quantity: 3 })).not.toBe(fingerprintOf(a));
  });
});
