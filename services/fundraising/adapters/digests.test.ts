import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import type { OutgoingMail } from '@giving/shared/mail';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { DIGEST_ENTRIES_PER_MAIL, DIGEST_LIMIT, sendDueDigests } from '../domain/owner-mail';
import type { FundraisingStore, StoredPage } from '../domain/ports';
import fundraising from '../service';
import { dynamoFundraisingStore } from './dynamo-store';

/**
 * A page owner's donation digests against DynamoDB Local: the real digest item, its conditional take and its limit.
 * The page itself is a stand-in (its e-mail and totals are all the digest reads).
 */
let store: FundraisingStore;

beforeAll(async () => {
  const tables = await testTables([fundraising]);
  store = dynamoFundraisingStore(tables.client, tables.tableName('fundraising'));
});

const aPage = (id: string) =>
  ({
    id,
    title: 'Dana walks for kiwi',
    pageUrl: 'dana',
    eventUrl: 'kiwi-walk',
    country: 'nz',
    owner: { name: 'Dana Whitfield' },
    ownerEmail: 'dana@example.com',
    charity: { name: 'Kiwi Coast Rescue' },
    currency: 'NZD',
    targetAmount: 0,
    onlineAmount: 0,
    offlineAmount: 0,
    matchedAmount: 0,
    donationsCount: 0,
  }) as unknown as StoredPage;

function job(pageId: string, at: string, between?: () => Promise<void>) {
  const sent: OutgoingMail[] = [];
  const deps = {
    // The digest's own reads and writes are the real store's; the page is the stand-in above.
    store: Object.assign(Object.create(store) as FundraisingStore, {
      getPage: async () => {
        await between?.();
        return aPage(pageId);
      },
    }),
    clock: fixedClock(at),
    mail: { mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) }, siteUrl: 'https://koha.test' },
  };
  return { run: () => sendDueDigests(deps as never), sent };
}

const add = (pageId: string, n: number, at = '2026-11-26T10:00:00.000Z') =>
  store.addToDigest(pageId, `D${String(n).padStart(4, '0')}`, { name: `Donor ${n}`, amount: 1000, currency: 'NZD', donatedOn: at }, '2026-11-26T10:05:00.000Z');

describe('a page owner’s donation digest', () => {
  it('never names a donation twice: one that arrives while the e-mail is sent waits for the next one', async () => {
    const pageId = newId();
    await add(pageId, 1);
    await add(pageId, 2);
    const first = job(pageId, '2026-11-26T10:06:00.000Z', () => add(pageId, 3, '2026-11-26T10:05:59.000Z'));
    expect(await first.run()).toBe(1);
    expect(first.sent.map((mail) => mail.subject)).toEqual(['2 new donations to "Dana walks for kiwi"']);
    // A minute on, the late one is not due yet (a few minutes after it was taken); nothing is sent twice.
    const second = job(pageId, '2026-11-26T10:07:00.000Z');
    expect(await second.run()).toBe(0);
    const third = job(pageId, '2026-11-26T10:12:00.000Z');
    expect(await third.run()).toBe(1);
    expect(third.sent[0]!.subject).toBe('A new donation to "Dana walks for kiwi"');
    expect(third.sent[0]!.text).toContain('Donor 3 gave $10');
    expect(third.sent[0]!.text).not.toContain('Donor 1 gave');
    // Empty now: nothing more is due.
    expect(await job(pageId, '2026-11-26T11:00:00.000Z').run()).toBe(0);
  });

  it('lists at most 50 a mail (the rest go next, at once) and at most 500 in all, counting the rest', async () => {
    const pageId = newId();
    // 20 at a time (as the queue's consumers would add them): the digest keeps 500 whichever arrive first.
    const numbers = Array.from({ length: DIGEST_LIMIT + 3 }, (_, i) => i + 1);
    for (let start = 0; start < numbers.length; start += 20) await Promise.all(numbers.slice(start, start + 20).map((n) => add(pageId, n)));
    await add(pageId, 7); // a redelivered donation is not counted again
    const mails: OutgoingMail[] = [];
    for (let minute = 6; minute < 6 + 12; minute++) {
      const run = job(pageId, `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`);
      await run.run();
      mails.push(...run.sent);
    }
    expect(mails).toHaveLength(DIGEST_LIMIT / DIGEST_ENTRIES_PER_MAIL);
    expect(mails[0]!.subject).toBe(`${DIGEST_ENTRIES_PER_MAIL} new donations to "Dana walks for kiwi"`);
    const named = mails.flatMap((mail) => [...mail.text.matchAll(/Donor (\d+) gave/g)].map((m) => Number(m[1])));
    expect(new Set(named).size).toBe(DIGEST_LIMIT);
    expect(mails.at(-1)!.text).toContain('…and 3 more donations: see them all on your page.');
  }, 120_000); // 503 writes to one growing item, then twelve runs: DynamoDB Local is slow at it under a full run's load
});
