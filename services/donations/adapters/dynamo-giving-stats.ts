import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@giving/shared/dynamo-query';
import type { Currency } from '@giving/shared/money';
import type { CountedDonation, GivingStats, StatsLine } from '../domain/ports';

/**
 * The dashboards' running figures (issue 17 item 6), added to by the ledger's countDonation in its once-only
 * transaction (adapters/dynamo-charity-ledger.ts), so a redelivered stream record adds nothing twice:
 *   CHARITY#<charity id> / STATS#DAY#<YYYY-MM-DD>#<currency>            the charity's donations that local day
 *   CHARITY#<charity id> / STATS#MONTH#<YYYY-MM>#GIFT#<gift id>#<cur>    a gift's donations that month (its title)
 *   CHARITY#<charity id> / STATS#MONTH#<YYYY-MM>#PAGE#<page id>#<cur>    a fundraising page's (its title and address)
 *   PLATFORM / STATS#DAY#<YYYY-MM-DD>#<currency>                         every charity's donations that local day
 * Each holds `donationCount` and `amountCents`; a completed refund takes its amount off its donation's day, gift or page
 * (and the donation off their counts once none of it is left), in the refund's own once-only transaction
 * (adapters/dynamo-refunds.ts). A dashboard reads two months of days (at most 62 items a currency)
 * and one month's gifts and pages, never the donations themselves.
 *
 * The platform's day is one item every donation's transaction adds to: the stream handles a shard's records one at a
 * time, and a transaction that meets another shard's on it (TransactionConflict) fails and is retried from that
 * record. At thousands of donations a second the day would want sharding by a suffix, read back with one Query each.
 */
const PLATFORM = 'PLATFORM';
const charityPk = (charityId: string) => `CHARITY#${charityId}`;
const dayKey = (pk: string, day: string, currency: Currency) => ({ pk, sk: `STATS#DAY#${day}#${currency}` });

type Update = { Update: { TableName: string; Key: Record<string, string>; UpdateExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> } };

/**
 * The transaction's updates that add one donation to the figures; with `change`, what a refund takes off them instead
 * (its amount, and the donation itself once none of it is left: `{ donations: -1 or 0, cents: -amount }`).
 */
export function givingStatsUpdates(tableName: string, donation: CountedDonation, change: { donations: number; cents: number } = { donations: 1, cents: donation.amount.cents }): Update[] {
  const { currency } = donation.amount;
  const add = (Key: Record<string, string>, set: Record<string, string> = {}): Update => {
    const names = Object.fromEntries(Object.keys(set).map((name) => [`#${name}`, name]));
    const values = Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value]));
    return {
      Update: {
        TableName: tableName,
        Key,
        UpdateExpression: `ADD donationCount :count, amountCents :cents SET currency = :currency${Object.keys(set).map((name) => `, #${name} = :${name}`).join('')}`,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ':count': change.donations, ':cents': change.cents, ':currency': currency, ...values },
      },
    };
  };
  const month = `STATS#MONTH#${donation.month}`;
  return [
    add(dayKey(charityPk(donation.charityId), donation.day, currency), { day: donation.day }),
    add(dayKey(PLATFORM, donation.day, currency), { day: donation.day }),
    ...(donation.gift ? [add({ pk: charityPk(donation.charityId), sk: `${month}#GIFT#${donation.gift.id}#${currency}` }, { giftId: donation.gift.id, title: donation.gift.title })] : []),
    ...(donation.page
      ? [
          add(
            { pk: charityPk(donation.charityId), sk: `${month}#PAGE#${donation.page.id}#${currency}` },
            { pageId: donation.page.id, title: donation.page.title, ownerName: donation.page.ownerName, eventUrl: donation.page.eventUrl, pageUrl: donation.page.pageUrl },
          ),
        ]
      : []),
  ];
}

type Item = Record<string, unknown>;
const line = (item: Item): StatsLine => ({ currency: item.currency as Currency, donations: Number(item.donationCount ?? 0), cents: Number(item.amountCents ?? 0) });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function dynamoGivingStats(client: DynamoDBDocumentClient, tableName: string): GivingStats {
  // '~' sorts after '#' and every digit and letter: the last day's every currency is inside the range.
  const days = async (pk: string, fromDay: string, toDay: string) =>
    (
      await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': `STATS#DAY#${fromDay}`, ':to': `STATS#DAY#${toDay}~` },
      } satisfies QueryCommandInput)
    ).map((item) => ({ ...line(item), day: text(item.day) }));

  return {
    charityDays: (charityId, fromDay, toDay) => days(charityPk(charityId), fromDay, toDay),
    platformDays: (fromDay, toDay) => days(PLATFORM, fromDay, toDay),
    async charityMonthTargets(charityId, month) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :month)',
        ExpressionAttributeValues: { ':pk': charityPk(charityId), ':month': `STATS#MONTH#${month}#` },
      });
      const kind = (item: Item) => String(item.sk).slice(`STATS#MONTH#${month}#`.length).split('#')[0];
      return {
        gifts: items.filter((item) => kind(item) === 'GIFT').map((item) => ({ ...line(item), giftId: text(item.giftId), title: text(item.title) })),
        pages: items
          .filter((item) => kind(item) === 'PAGE')
          .map((item) => ({ ...line(item), pageId: text(item.pageId), title: text(item.title), ownerName: text(item.ownerName), eventUrl: text(item.eventUrl), pageUrl: text(item.pageUrl) })),
      };
    },
  };
}
