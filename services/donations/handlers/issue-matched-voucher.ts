import { systemClock } from '@giving/shared/clock';
import { DonationMatched } from '@giving/shared/events/matching';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { issueMatchedVoucher, matchedVoucherMail } from '../domain/matched-vouchers';
import { mailer, siteUrl, voucherCodes, vouchers } from '../adapters';

const store = () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) });

/**
 * DonationMatched of a Voucher campaign -> the member's matched gift voucher, once, and the e-mail with its code, once
 * (recorded as sent, so a redelivered event, or a retry after the voucher was made, sends none twice).
 */
export const handler = queueConsumer({ events: [DonationMatched] }, async ({ data }) => {
  const voucher = await issueMatchedVoucher({ vouchers: vouchers(), codes: voucherCodes(), clock: systemClock }, data);
  if (!voucher) return;
  const sent = store();
  const mailKey = `matched-voucher#${voucher.voucherId}`;
  const state = await sent.begin(mailKey);
  if (state === 'done') return;
  if (state === 'busy') throw new Error('this matched voucher e-mail is being sent by another consumer');
  try {
    await mailer().send(matchedVoucherMail(data, voucher, voucherCodes().codeFor(voucher.voucherId, voucher.codeVariant), siteUrl()));
  } catch (error) {
    await sent.release(mailKey);
    throw error;
  }
  await sent.complete(mailKey);
});
