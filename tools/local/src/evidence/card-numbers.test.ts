import { describe, expect, it } from 'vitest';
import { findCardNumbers } from './card-numbers';

describe('findCardNumbers', () => {
  it('finds test card numbers written plainly, in groups, inside JSON and at the edges of text', () => {
    expect(findCardNumbers('4242424242424242')).toEqual(['4242424242424242']);
    expect(findCardNumbers('card 4000 0000 0000 0002 declined')).toEqual(['4000000000000002']);
    expect(findCardNumbers('{"number":"5555-5555-5555-4444"}')).toEqual(['5555555555554444']);
    expect(findCardNumbers('amex 378282246310005, and 3782 822463 10005')).toEqual(['378282246310005', '378282246310005']);
  });

  it('ignores what is not a card: failing Luhn, epoch milliseconds, padded sequence numbers, dates, ids, last 4', () => {
    expect(findCardNumbers('4242424242424241')).toEqual([]);
    expect(findCardNumbers('"at":1763719283123')).toEqual([]);
    expect(findCardNumbers('0000000000000000000000000000004242424242')).toEqual([]);
    expect(findCardNumbers('2026-11-21 10:15:00 and 2026 11 21')).toEqual([]);
    // A compact timestamp that passes Luhn by chance (it was once part of an S3 key and failed the browser tests' scan).
    expect(findCardNumbers('actuals/20261126105854801/allocations.json')).toEqual([]);
    expect(findCardNumbers('2223003122003222')).toEqual(['2223003122003222']);
    expect(findCardNumbers('{"last4":"4242","amount":2500}')).toEqual([]);
    // A random hex id or a content hash may hold a Luhn-valid run of digits by chance.
    expect(findCardNumbers('PAYMENTKEY#a4242424242424242f09c and sha256-4000000000000002ab')).toEqual([]);
  });
});
