import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift, GiftPaymentRequest } from '@giving/shared/contracts/donations';
import { CARD_TESTING, CARD_TESTING_MESSAGE, RECENT_BLOCKS_MS } from '../../services/donations/domain/card-testing';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform, withFee } from './platform';

/**
 * Given someone trying a list of cards with small donations from one client, when the declines pile up, then further
 * attempts are refused with 429 and Retry-After and never reach the gateway (issue 11 item 4). Its own platform: the
 * client address it blocks is every test's here.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
let gift: Gift;

beforeAll(async () => {
  platform = await startTestPlatform(7200);
  client = platformClient(platform);
  gift = (await (await fetch(`${platform.siteUrl}/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick`)).json()) as Gift;
}, 90_000);

afterAll(async () => {
  await platform?.stop();
});

const attempt = async (n: number, number: string) => {
  const card = await client.cardToken(number, 'Card Tester');
  const request: GiftPaymentRequest = withFee({
    pageType: 'GIFT',
    country: 'nz',
    giftId: gift.id,
    donationAmount: gift.price.cents,
    quantity: 1,
    supportingAmount: 0,
    paymentType: 'CARD',
    isRecurring: false,
    isAnonymous: false,
    receiptName: 'Card Tester',
    // A new e-mail each time: the address and the cards are what give them away.
    donor: { firstName: 'Card', lastName: 'Tester', email: `tester.${n}.${Date.now()}@example.com` },
    card,
  } as const);
  return fetch(`${platform.siteUrl}/api/donations/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `card-testing-${n}-${Date.now()}` },
    body: JSON.stringify(request),
  });
};

describe('card-testing protection', () => {
  it('30 declining cards from one client: the gateway sees the first few, the rest get 429 with Retry-After', async () => {
    const charged: string[] = [];
    const refused: Response[] = [];
    const failedWithoutCharge: string[] = [];
    for (let n = 0; n < 30; n++) {
      const response = await attempt(n, n % 2 === 0 ? TEST_CARDS.decline : TEST_CARDS.insufficientFunds);
      if (response.status === 429) {
        refused.push(response);
        continue;
      }
      expect(response.status).toBe(202);
      const { trackingNumber } = (await response.json()) as { trackingNumber: string };
      const status = await client.settle(trackingNumber);
      expect(status.paymentProcessingStatus).toBe('Failed');
      if ((await client.chargesFor(trackingNumber)).length > 0) charged.push(trackingNumber);
      else failedWithoutCharge.push(status.messages[0] ?? '');
    }
    // Five declines from the address block it (the first card is blocked after three of its own).
    expect(charged).toHaveLength(CARD_TESTING.declinesAllowed.address);
    // An attempt accepted in the second before the API saw the block is failed by the workflow, never charged.
    expect(failedWithoutCharge.every((message) => message === CARD_TESTING_MESSAGE)).toBe(true);
    expect(refused.length + failedWithoutCharge.length).toBe(30 - CARD_TESTING.declinesAllowed.address);
    expect(refused.length).toBeGreaterThan(0);
    // Once the API's view has caught up (it reads the blocks at most once a second), every attempt is a 429.
    await new Promise((resolve) => setTimeout(resolve, RECENT_BLOCKS_MS + 200));
    const later = await attempt(99, TEST_CARDS.decline);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThan(CARD_TESTING.blockSeconds - 120);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(CARD_TESTING.blockSeconds);
    expect(await later.json()).toMatchObject({ status: 429, code: 'TooManyRequests', detail: CARD_TESTING_MESSAGE });
  }, 120_000);

  it('an approved card from the same client is refused too while the block lasts', async () => {
    const response = await attempt(100, TEST_CARDS.approve);
    expect(response.status).toBe(429);
  });
});
