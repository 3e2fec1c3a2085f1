import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { backOfficeGiftParams, backOfficeGiftQuery, giftActiveSchema } from '@giving/shared/contracts/dollar-handles';
import { ok } from '@giving/shared/lambda/http';
import * as use from '../domain/dollar-handles';
import { gifts } from '../adapters';

/** GET /donations/backoffice/gifts?q=&charityId=&cursor= — every charity's gifts, a page at a time. */
export const search = donationsRoute({ query: backOfficeGiftQuery }, async ({ query }) => ok(await use.searchGifts({ gifts: gifts() }, query)));

/** PUT /donations/backoffice/gifts/{giftId}/active — the back office activates or deactivates any charity's gift. */
export const setActive = donationsRoute({ params: backOfficeGiftParams, body: giftActiveSchema }, async ({ params, body }) =>
  ok(await use.setGiftActive({ gifts: gifts(), clock: systemClock }, {}, params.giftId, body.isActive)),
);
