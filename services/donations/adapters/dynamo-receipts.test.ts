import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import type { IssuedReceipt } from '../domain/receipts';
import donations from '../service';
import { dynamoReceiptStore } from './dynamo-receipts';

let store: ReturnType<typeof dynamoReceiptStore>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  store = dynamoReceiptStore(tables.client, tables.tableName('donations'));
});

const aReceipt = (overrides: Partial<IssuedReceipt> = {}): IssuedReceipt => ({
  donationId: newId(),
  linkToken: `token-${newId()}`,
  issuedAt: '2026-04-01T00:00:00.000Z',
  charity: { name: 'Kiwi Coast Rescue', registrationNumber: 'CC54021', taxApproved: true },
  ...overrides,
});

describe('issued receipts (DynamoDB Local)', () => {
  it('keeps the first receipt of a donation: issuing again, even many at once, answers the one kept', async () => {
    const first = aReceipt();
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.issue({ ...first, linkToken: `other-${i}`, charity: { name: 'Renamed', taxApproved: false } })),
    );
    const kept = await store.get(first.donationId);
    expect(kept).toBeDefined();
    for (const answer of attempts) expect(answer).toEqual(kept);
    expect(await store.issue(first)).toEqual(kept);
  });

  it('reads many at once, past BatchGetItem’s 100 keys, leaving out donations without a receipt', async () => {
    const receipts = Array.from({ length: 130 }, () => aReceipt());
    for (const receipt of receipts) await store.issue(receipt);
    const missing = newId();
    const found = await store.getMany([...receipts.map((r) => r.donationId), missing, receipts[0]!.donationId]);
    expect(found.size).toBe(130);
    expect(found.get(receipts[129]!.donationId)).toEqual(receipts[129]);
    expect(found.has(missing)).toBe(false);
  });
});
