import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { GENERAL_DONATION } from '@giving/shared/contracts/charity-reports';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { invalid } from '@giving/shared/errors';
import type { Donation, DonationReportFilter, DonationReportSource } from '../domain/ports';
import { donationFromItem } from './donation-items';

/**
 * A charity's donations, as a Query (never a Scan): each DONATION#<id> / DONATION item carries
 *   gsi2: CHARITY#<charity id>#DONATIONS / <completedAt>#<donation id>
 * written with the donation (adapters/dynamo-payments.ts `complete`), so a date range is a key condition and the
 * newest come first. The gift and payment type filters are filter expressions over that range.
 */
export const donationReportKeys = (donation: Pick<Donation, 'donationId' | 'completedAt' | 'priced'>) => ({
  gsi2pk: `CHARITY#${donation.priced.charity.id}#DONATIONS`,
  gsi2sk: `${donation.completedAt}#${donation.donationId}`,
});

type Item = Record<string, unknown>;

const CURSOR_KEYS = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;
const badCursor = () => invalid([{ field: 'query.cursor', message: MESSAGES.invalidInput }]);

function encodeCursor(item: Item): string {
  return Buffer.from(JSON.stringify(CURSOR_KEYS.map((key) => item[key]))).toString('base64url');
}

/** A cursor from another charity's report, or made up, is refused rather than handed to DynamoDB. */
function decodeCursor(cursor: string, gsi2pk: string): Item {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== CURSOR_KEYS.length || !values.every((v) => typeof v === 'string') || values[2] !== gsi2pk) throw badCursor();
  return Object.fromEntries(CURSOR_KEYS.map((key, i) => [key, values[i]]));
}

/** The Query for a charity's donations in [fromIso, toIso), newest first, with the filters as a filter expression. */
function reportQuery(tableName: string, charityId: string, filter: DonationReportFilter): QueryCommandInput {
  const gsi2pk = `CHARITY#${charityId}#DONATIONS`;
  const values: Record<string, unknown> = { ':pk': gsi2pk };
  let range = '';
  // Sort keys are '<completedAt>#<id>': '<from>' sorts before every key at or after it, '<to>' after every key before
  // it and before 'to#<id>', so BETWEEN keeps exactly [from, to).
  if (filter.fromIso && filter.toIso) {
    range = ' AND gsi2sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': filter.fromIso, ':to': filter.toIso });
  } else if (filter.fromIso) {
    range = ' AND gsi2sk >= :from';
    values[':from'] = filter.fromIso;
  } else if (filter.toIso) {
    range = ' AND gsi2sk < :to';
    values[':to'] = filter.toIso;
  }
  const filters: string[] = [];
  const names: Record<string, string> = {};
  if (filter.giftId === GENERAL_DONATION) {
    filters.push('attribute_not_exists(#priced.#gift)');
    Object.assign(names, { '#priced': 'priced', '#gift': 'gift' });
  } else if (filter.giftId) {
    filters.push('#priced.#gift.#id = :giftId');
    Object.assign(names, { '#priced': 'priced', '#gift': 'gift', '#id': 'id' });
    values[':giftId'] = filter.giftId;
  }
  if (filter.paymentType) {
    filters.push('#paymentType = :paymentType');
    names['#paymentType'] = 'paymentType';
    values[':paymentType'] = filter.paymentType;
  }
  return {
    TableName: tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: `gsi2pk = :pk${range}`,
    ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

export function dynamoDonationReport(client: DynamoDBDocumentClient, tableName: string): DonationReportSource {
  /** Follows pages until `stop` says enough; answers the items and whether more remain. */
  const read = async (input: QueryCommandInput, stop: (count: number) => boolean, start?: Item) => {
    const items: Item[] = [];
    let next: Item | undefined = start;
    do {
      const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: next }));
      for (const item of result.Items ?? []) {
        if (stop(items.length)) return { items, more: true };
        items.push(item);
      }
      next = result.LastEvaluatedKey;
    } while (next);
    return { items, more: false };
  };

  return {
    async page(charityId, filter, limit, cursor) {
      const input = reportQuery(tableName, charityId, filter);
      const start = cursor ? decodeCursor(cursor, input.ExpressionAttributeValues?.[':pk'] as string) : undefined;
      const { items, more } = await read({ ...input, Limit: limit + 1 }, (count) => count >= limit, start);
      const last = items[items.length - 1];
      return { items: items.map(donationFromItem), ...(more && last ? { nextCursor: encodeCursor(last) } : {}) };
    },
    async totals(charityId, filter) {
      const input = reportQuery(tableName, charityId, filter);
      const { items } = await read(
        {
          ...input,
          ProjectionExpression: '#priced.#amount.#cents',
          ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#priced': 'priced', '#amount': 'amount', '#cents': 'cents' },
        },
        () => false,
      );
      return { count: items.length, cents: items.reduce((sum, item) => sum + Number((item.priced as { amount?: { cents?: number } } | undefined)?.amount?.cents ?? 0), 0) };
    },
    async all(charityId, filter, max) {
      const { items, more } = await read(reportQuery(tableName, charityId, filter), (count) => count >= max);
      return more ? 'too-many' : items.map(donationFromItem);
    },
  };
}
