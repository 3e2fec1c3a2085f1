import { systemClock } from '@giving/shared/clock';
import { voucherLookupRequestSchema } from '@giving/shared/contracts/vouchers';
import { ok } from '@giving/shared/lambda/http';
import { lookupVoucher } from '../domain/vouchers';
import { donationsRoute } from '../http';
import { voucherCodes, voucherLookupLimiter, vouchers } from '../adapters';

/**
 * POST /donations/vouchers/lookup — { isExpired, remainingBalance } of the voucher with this code, 404 when there is
 * none; a caller's lookups are limited per window (429). POST, so the code never sits in a URL or an access log.
 */
export const handler = donationsRoute({ body: voucherLookupRequestSchema }, async ({ body, sourceIp }) =>
  ok(await lookupVoucher({ vouchers: vouchers(), codes: voucherCodes(), limiter: voucherLookupLimiter(), clock: systemClock }, body.code, sourceIp)),
);
