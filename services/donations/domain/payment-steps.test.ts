import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { EventPublisher } from '@giving/shared/events';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoCardTestingLedger } from '../adapters/dynamo-card-testing';
import type { CardTestingDeps } from './card-testing';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import {
  chargeCard,
  emitDonationCompleted,
  failPayment,
  GATEWAY_UNREACHABLE_MESSAGE,
  reconcileCharge,
  reconcileStuckPayments,
  recordDonation,
  validatePayment,
} from './payment-steps';
import { CHARITY_MISSING_MESSAGE, createPayment, DEFAULT_FAILURE_MESSAGE, GIFT_INACTIVE_MESSAGE, GIFT_PRICE_CHANGED_MESSAGE } from './payments';
import { aCharity, aCharityRequest, aGift, aRequest, gatewaySettings, recordingWorkflow, scriptedGateway } from './test-support';

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

async function paymentFor(giftOverrides = {}, key = `key-${Math.random().toString(36).slice(2, 12)}`) {
  const gift = aGift(giftOverrides);
  await gifts.put(gift);
  const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aRequest(gift.id), key);
  return { gift, trackingNumber };
}

function capturingPublisher(): EventPublisher & { published: { name: string; id?: string; data: unknown }[] } {
  const published: { name: string; id?: string; data: unknown }[] = [];
  return {
    published,
    async publish(definition, data, options) {
      published.push({ name: definition.name, id: options?.id, data: definition.schema.parse(data) });
      return { metadata: { id: options?.id ?? 'x', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
    },
  };
}

describe('the payment workflow steps', () => {
  it('validate prices the payment on the server and marks it Processing', async () => {
    const { trackingNumber } = await paymentFor();
    expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({ trackingNumber, outcome: 'valid', chargeAttempts: 0 });
    const payment = await payments.get(trackingNumber);
    expect(payment?.status).toBe('Processing');
    expect(payment?.priced?.total).toEqual({ cents: 5000, currency: 'NZD' });
  });

  it('validate turns a fulfilled gift into a failure message for the donor', async () => {
    const { trackingNumber } = await paymentFor({ isActive: false });
    expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({ trackingNumber, outcome: 'invalid', message: GIFT_INACTIVE_MESSAGE });
  });

  it('validate fails, before any charge, a payment accepted at a price the gift no longer has', async () => {
    const { gift, trackingNumber } = await paymentFor();
    await gifts.put({ ...gift, price: { cents: 3000, currency: 'NZD' } });
    expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({ trackingNumber, outcome: 'invalid', message: GIFT_PRICE_CHANGED_MESSAGE });
  });

  it('charge, record and emit complete the payment once, with the tracking number as event id', async () => {
    const { trackingNumber } = await paymentFor();
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    const gateway = scriptedGateway({});
    const charged = await chargeCard({ payments, gateway , cardTesting: cardTestingLedger, clock }, { trackingNumber, chargeAttempts: 0 });
    expect(charged).toEqual({ trackingNumber, chargeAttempts: 1, outcome: 'approved', chargeId: `ch_${trackingNumber}` });
    // New Zealand: the Trust's merchant account, the $50.00 gift (2 x $25) plus the fee (1.9% + 30c = $1.25) the donor covers.
    expect(gateway.charged.get(trackingNumber)).toEqual({ account: 'Trust', amount: { cents: 5125, currency: 'NZD' } });
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: `ch_${trackingNumber}` });
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: `ch_${trackingNumber}` });
    const publisher = capturingPublisher();
    await emitDonationCompleted({ payments, publisher }, { trackingNumber });
    expect((await payments.get(trackingNumber))?.status).toBe('Completed');
    expect(await payments.getDonation(trackingNumber)).toMatchObject({ priced: { amount: { cents: 5000 }, total: { cents: 5000 } }, transactionFee: { cents: 125, currency: 'NZD' } });
    expect(publisher.published).toHaveLength(1);
    expect(publisher.published[0]).toMatchObject({
      name: 'DonationCompleted',
      id: trackingNumber,
      data: { amount: { cents: 5000, currency: 'NZD' }, total: { cents: 5000, currency: 'NZD' }, transactionFee: { cents: 125, currency: 'NZD' }, receiptName: 'Jane Donor' },
    });
    expect(JSON.stringify(publisher.published)).not.toContain('tok_');
  });

  it('a general donation to a charity is priced from donations’ copy of it, charged and completed without a gift', async () => {
    const charity = aCharity({ name: 'Harbour City Food Bank' });
    await charities.save(charity);
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-${charity.id}`);
    expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({ trackingNumber, outcome: 'valid', chargeAttempts: 0 });
    expect((await payments.get(trackingNumber))?.priced?.total).toEqual({ cents: 2700, currency: 'NZD' });

    const descriptions: string[] = [];
    const gateway = scriptedGateway({});
    const recording = { ...gateway, charge: (request: Parameters<typeof gateway.charge>[0]) => (descriptions.push(request.description), gateway.charge(request)) };
    const charged = await chargeCard({ payments, gateway: recording , cardTesting: cardTestingLedger, clock }, { trackingNumber });
    expect(descriptions).toEqual(['General donation to Harbour City Food Bank']);
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: (charged as { chargeId: string }).chargeId });
    const publisher = capturingPublisher();
    await emitDonationCompleted({ payments, publisher }, { trackingNumber });
    const event = publisher.published[0]?.data as Record<string, unknown>;
    expect(event).toMatchObject({
      pageType: 'CHARITY',
      quantity: 1,
      charity: { id: charity.id, name: 'Harbour City Food Bank', charityUrl: charity.charityUrl },
      amount: { cents: 2500, currency: 'NZD' },
      tip: { cents: 200, currency: 'NZD' },
      total: { cents: 2700, currency: 'NZD' },
    });
    expect(event).not.toHaveProperty('gift');
  });

  it('validate fails a general donation whose charity stopped taking donations after it was accepted', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, aCharityRequest(charity.id), `key-${charity.id}`);
    await charities.save({ ...charity, isActive: false, version: '2026-11-02T00:00:00.000Z' });
    expect(await validatePayment({ payments, gifts, charities, clock }, { trackingNumber })).toEqual({
      trackingNumber,
      outcome: 'invalid',
      message: CHARITY_MISSING_MESSAGE,
    });
  });

  it('a decline ends Failed with the gateway’s message', async () => {
    const { trackingNumber } = await paymentFor();
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    const gateway = scriptedGateway({ charge: async () => ({ outcome: 'declined', message: 'Your card was declined.' }) });
    const declined = await chargeCard({ payments, gateway , cardTesting: cardTestingLedger, clock }, { trackingNumber });
    expect(declined).toMatchObject({ outcome: 'declined', message: 'Your card was declined.' });
    await failPayment({ payments, clock }, declined as { trackingNumber: string; message: string });
    expect(await payments.get(trackingNumber)).toMatchObject({ status: 'Failed', messages: ['Your card was declined.'] });
  });

  it('reconcile reports a lost charge the gateway never saw as notCharged, counting the attempt, asking the payment’s account', async () => {
    const { trackingNumber } = await paymentFor();
    const gateway = scriptedGateway({});
    expect(await reconcileCharge({ payments, gateway }, { trackingNumber, chargeAttempts: 0 })).toEqual({
      trackingNumber,
      chargeAttempts: 1,
      outcome: 'notCharged',
    });
    expect(gateway.accounts).toEqual(['Trust']);
    expect(await reconcileCharge({ payments, gateway: scriptedGateway({ find: { outcome: 'approved', chargeId: 'ch_1' } }) }, { trackingNumber })).toMatchObject({
      outcome: 'approved',
      chargeId: 'ch_1',
    });
  });

  it('an Australian payment is charged on the Platform account with the Australian fee', async () => {
    const gift = aGift({ price: { cents: 1700, currency: 'AUD' } });
    await gifts.put(gift);
    const request = aRequest(gift.id, { country: 'au', donationAmount: 1700, quantity: 1, supportingAmount: 500 });
    expect(request.transactionFeeCents).toBe(69); // 1.75% of $22.00 = 38.5c -> 39c, + 30c
    const { trackingNumber } = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock }, request, `key-au-${gift.id}`);
    await validatePayment({ payments, gifts, charities, clock }, { trackingNumber });
    const gateway = scriptedGateway({});
    await chargeCard({ payments, gateway , cardTesting: cardTestingLedger, clock }, { trackingNumber });
    expect(gateway.charged.get(trackingNumber)).toEqual({ account: 'Platform', amount: { cents: 2269, currency: 'AUD' } });
    await recordDonation({ payments, clock }, { trackingNumber, chargeId: `ch_${trackingNumber}` });
    // The charity's report and remittance count the amount only (never the tip, never the fee).
    expect(await payments.getDonation(trackingNumber)).toMatchObject({ priced: { amount: { cents: 1700 }, tip: { cents: 500 }, total: { cents: 2200 } }, transactionFee: { cents: 69 } });
  });

  it('failing without a message uses the default, or the unreachable-gateway text when nothing was charged', async () => {
    const a = await paymentFor();
    await failPayment({ payments, clock }, { trackingNumber: a.trackingNumber });
    expect((await payments.get(a.trackingNumber))?.messages).toEqual([DEFAULT_FAILURE_MESSAGE]);
    const b = await paymentFor();
    await failPayment({ payments, clock }, { trackingNumber: b.trackingNumber, outcome: 'notCharged' });
    expect((await payments.get(b.trackingNumber))?.messages).toEqual([GATEWAY_UNREACHABLE_MESSAGE]);
  });
});

describe('reconcileStuckPayments', () => {
  it('restarts a workflow that never started and settles a Processing payment from the gateway’s record, never charging', async () => {
    const old = fixedClock('2026-11-20T08:00:00Z');
    const gift = aGift();
    await gifts.put(gift);
    const neverStarted = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock: old }, aRequest(gift.id), 'stuck-initiated-1');
    const lost = await createPayment({ payments, charities, gifts, cardTesting, gatewaySettings, clock: old }, aRequest(gift.id), 'stuck-processing-1');
    await validatePayment({ payments, gifts, charities, clock: old }, { trackingNumber: lost.trackingNumber });

    const workflow = recordingWorkflow();
    const gateway = scriptedGateway({ find: { outcome: 'approved', chargeId: 'ch_found' } });
    const publisher = capturingPublisher();
    const counts = await reconcileStuckPayments({ payments, gateway, workflow, publisher, clock });
    expect(counts).toMatchObject({ restarted: expect.any(Number), completed: expect.any(Number) });
    expect(workflow.started).toContain(neverStarted.trackingNumber);
    expect(await payments.get(lost.trackingNumber)).toMatchObject({ status: 'Completed', chargeId: 'ch_found' });
    expect(publisher.published.map((p) => p.id)).toContain(lost.trackingNumber);
    expect(gateway.charges.size).toBe(0);
    expect(gateway.accounts).toContain('Trust');
  });
});
