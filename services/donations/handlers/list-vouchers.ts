import { systemClock } from '@giving/shared/clock';
import { voucherListQuerySchema } from '@giving/shared/contracts/vouchers';
import { ok } from '@giving/shared/lambda/http';
import { listMyVouchers, searchVouchers } from '../domain/vouchers';
import { donationsRoute } from '../http';
import { vouchers } from '../adapters';

/** GET /donations/me/vouchers — the signed-in member's vouchers: those bought with the e-mail of their sign-in. */
export const mine = donationsRoute({}, async ({ caller }) => ok(await listMyVouchers({ vouchers: vouchers(), clock: systemClock }, caller?.email)));

/** GET /donations/backoffice/vouchers?q=&cursor= — every voucher, newest first, 25 a page; q searches buyer e-mails. */
export const backOffice = donationsRoute({ query: voucherListQuerySchema }, async ({ query }) =>
  ok(await searchVouchers({ vouchers: vouchers(), clock: systemClock }, query)),
);
