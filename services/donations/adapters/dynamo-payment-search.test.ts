import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import type { NewPayment } from '../domain/ports';
import { dynamoPaymentRepository } from './dynamo-payments';
import { dynamoPaymentSearch } from './dynamo-payment-search';

let search: ReturnType<typeof dynamoPaymentSearch>;
let repo: ReturnType<typeof dynamoPaymentRepository>;
const NOW = new Date('2026-11-20T10:00:00.000Z');

const newPayment = (createdAt: string, email: string): NewPayment =>
  ({
    idempotencyKey: `key-${newId()}`,
    pageType: 'CHARITY',
    charityId: email.startsWith('kiwi') ? 'CHARITY-KIWI' : 'CHARITY-REEF',
    country: 'nz',
    donationAmountCents: 2500,
    quantity: 1,
    supportingAmountCents: 0,
    isAnonymous: false,
    receiptName: 'A Donor',
    donor: { firstName: 'A', lastName: 'Donor', email },
    card: { token: 'tok_abcdefgh12', cardType: 'visa', last4: '4242' },
    createdAt,
  }) as NewPayment;

beforeAll(async () => {
  const tables = await testTables([donations]);
  repo = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  search = dynamoPaymentSearch(tables.client, tables.tableName('donations'), repo, () => NOW);
  // 40 payments over three months (November, October, August), a minute apart; every fourth by the same donor.
  const months = ['2026-11', '2026-10', '2026-08'];
  for (let i = 0; i < 40; i++) {
    const month = months[i % 3]!;
    const at = `${month}-0${1 + (i % 9)}T0${i % 10}:${String(i).padStart(2, '0')}:00.000Z`;
    await repo.createOnce(newPayment(at, i % 4 === 0 ? 'kiwi.fan@example.org' : `donor${i}@example.org`), `fp-${i}`);
  }
});

describe('the back office’s payment search (DynamoDB Local)', () => {
  it('pages through every month newest first, 25 then the rest, nothing twice or left out', async () => {
    const first = await search.search({}, 25);
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toBeDefined();
    const second = await search.search({}, 25, first.nextCursor);
    expect(second.items).toHaveLength(15);
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((p) => p.trackingNumber)).size).toBe(40);
    const stamps = all.map((p) => p.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('narrows by e-mail, status and charity as it reads, across months and pages', async () => {
    const fan = await search.search({ email: 'kiwi.fan@example.org' }, 4);
    const rest = await search.search({ email: 'kiwi.fan@example.org' }, 4, fan.nextCursor);
    const third = rest.nextCursor ? await search.search({ email: 'kiwi.fan@example.org' }, 4, rest.nextCursor) : { items: [] };
    expect([...fan.items, ...rest.items, ...third.items]).toHaveLength(10);
    expect([...fan.items, ...rest.items, ...third.items].every((p) => p.donor.email === 'kiwi.fan@example.org')).toBe(true);
    expect((await search.search({ charityId: 'CHARITY-KIWI' }, 50)).items).toHaveLength(10);
    expect((await search.search({ status: 'Completed' }, 50)).items).toEqual([]);
    expect((await search.search({ status: 'Initiated' }, 50)).items).toHaveLength(40);
  });

  it('takes a cursor it did not make as the start', async () => {
    expect((await search.search({}, 5, 'nonsense')).items).toHaveLength(5);
  });
});
