import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PaymentSearch } from '../domain/back-office-payments';
import type { Payment, PaymentRepository } from '../domain/ports';
import { paymentKey, paymentsMonth, toPayment } from './dynamo-payments';

/** How far back the list goes: months before the platform's first payments hold none. */
const MONTHS_BACK = 36;

interface Cursor {
  month: string;
  key?: Record<string, unknown>;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decode(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    return /^\d{4}-\d{2}$/.test(cursor.month) ? cursor : undefined;
  } catch {
    return undefined;
  }
}

const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * The back office's payments from gsi4 (PAYMENTS#<month> / <createdAt>#<tracking number>): a month at a time, newest
 * first, the filters applied by DynamoDB (FilterExpression) as it reads; the cursor is the month and the last key
 * read, so a page ends where the next begins. A filter that matches rarely reads further to fill a page: the back
 * office's, not donors', path.
 */
export function dynamoPaymentSearch(client: DynamoDBDocumentClient, tableName: string, payments: Pick<PaymentRepository, 'get'>, now: () => Date = () => new Date()): PaymentSearch {
  return {
    get: (trackingNumber) => payments.get(trackingNumber),
    async search(filter, limit, cursorText) {
      const conditions: string[] = [];
      const values: Record<string, unknown> = {};
      const names: Record<string, string> = {};
      if (filter.email) {
        conditions.push('donorEmailLower = :email');
        values[':email'] = filter.email;
      }
      if (filter.status) {
        conditions.push('#status = :status');
        names['#status'] = 'status';
        values[':status'] = filter.status;
      }
      if (filter.charityId) {
        conditions.push('(charityId = :charity OR priced.charity.id = :charity)');
        values[':charity'] = filter.charityId;
      }
      const start = decode(cursorText) ?? { month: now().toISOString().slice(0, 7) };
      const oldest = (() => {
        let month = now().toISOString().slice(0, 7);
        for (let i = 0; i < MONTHS_BACK; i++) month = previousMonth(month);
        return month;
      })();
      const items: Payment[] = [];
      let month = start.month;
      let key = start.key;
      while (month >= oldest) {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi4',
            KeyConditionExpression: 'gsi4pk = :month',
            ExpressionAttributeValues: { ':month': paymentsMonth(`${month}-01`), ...values },
            ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
            ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
            ScanIndexForward: false,
            Limit: limit - items.length + 1,
            ...(key ? { ExclusiveStartKey: key } : {}),
          }),
        );
        for (const item of page.Items ?? []) {
          if (items.length === limit) return { items, nextCursor: encode({ month, key: keyOf(items[items.length - 1] as Payment, month) }) };
          items.push(toPayment(item));
        }
        if (page.LastEvaluatedKey) {
          key = page.LastEvaluatedKey;
          continue;
        }
        month = previousMonth(month);
        key = undefined;
      }
      return { items };
    },
  };
}

/** The gsi4 key of a payment already read: where the next page starts. */
function keyOf(payment: Payment, month: string): Record<string, unknown> {
  return { gsi4pk: paymentsMonth(`${month}-01`), gsi4sk: `${payment.createdAt}#${payment.trackingNumber}`, ...paymentKey(payment.trackingNumber) };
}
