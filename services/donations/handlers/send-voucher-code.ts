import { VoucherPurchased } from '@giving/shared/events/donations';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { ENV } from '@giving/shared/manifest';
import { voucherCodeMails } from '../domain/vouchers';
import { mailer, siteUrl, voucherCodes } from '../adapters';

const store = () => dynamoIdempotencyStore({ client: documentClient(), tableName: requireEnv(ENV.tableName('donations')) });

/**
 * VoucherPurchased -> e-mails the code to the buyer (and the recipient, when an address was given). The code is
 * derived again from the voucher's id with the key; it is in the e-mail and nowhere else. Each e-mail is recorded as
 * sent, so a redelivered event, or a retry after one of the two went out, sends none twice.
 */
export const handler = queueConsumer(
  { events: [VoucherPurchased], idempotency: { scope: 'send-voucher-code', store } },
  async ({ data, metadata }) => {
    const code = voucherCodes().codeFor(data.voucherId, data.codeVariant);
    const sent = store();
    for (const { key, mail } of voucherCodeMails(data, code, siteUrl())) {
      const mailKey = `send-voucher-code#${metadata.id}#${key}`;
      const state = await sent.begin(mailKey);
      if (state === 'done') continue;
      if (state === 'busy') throw new Error('this voucher e-mail is being sent by another consumer');
      try {
        await mailer().send(mail);
      } catch (error) {
        await sent.release(mailKey);
        throw error;
      }
      await sent.complete(mailKey);
    }
  },
);
