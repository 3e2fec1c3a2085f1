import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { money } from '@giving/shared/money';
import { voucherItem } from '../../../../services/donations/adapters/dynamo-vouchers';
import { voucherCodeBook, voucherFor } from '../../../../services/donations/domain/vouchers';
import { VOUCHER_CODE_SECRET } from '../config';

/**
 * Two gift vouchers Dana bought last month, so the demo can give by voucher at once: one that covers most gifts and
 * one a card tops up. Their ids are fixed, so their codes (derived from the id with the local key) are the same on
 * every start; `npm start` prints them. The purchase payments are not seeded (their charges were never made here).
 */
export const DEMO_VOUCHERS = [
  { voucherId: '01KDEM0VCH0000000000000001', valueCents: 10_000 },
  { voucherId: '01KDEM0VCH0000000000000002', valueCents: 1_000 },
] as const;

const codes = voucherCodeBook(VOUCHER_CODE_SECRET);

/** The demo vouchers' codes and values, for the start-up banner. */
export const demoVoucherCodes = () => DEMO_VOUCHERS.map(({ voucherId, valueCents }) => ({ code: codes.codeFor(voucherId, 0), valueCents }));

export async function seedVouchers(client: DynamoDBDocumentClient, tableName: string, buyer: { email: string; firstName: string; lastName: string }, now: Date) {
  const boughtAt = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  for (const { voucherId, valueCents } of DEMO_VOUCHERS) {
    const voucher = voucherFor({ trackingNumber: voucherId, country: 'nz', donor: buyer }, money(valueCents, 'NZD'), codes, 0, boughtAt);
    await client.send(new PutCommand({ TableName: tableName, Item: voucherItem(voucher), ConditionExpression: 'attribute_not_exists(pk)' }));
  }
  return DEMO_VOUCHERS.length;
}
