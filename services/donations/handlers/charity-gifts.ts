import { donationsRoute } from '../http';
import { systemClock } from '@giving/shared/clock';
import { charityGiftParams, charityParams, giftActiveSchema, giftImageUploadSchema, giftInputSchema } from '@giving/shared/contracts/dollar-handles';
import { newId } from '@giving/shared/ids';
import { created, ok } from '@giving/shared/lambda/http';
import * as use from '../domain/dollar-handles';
import { charities, gifts, media } from '../adapters';

/** The charity console's gifts ("dollar handles"); the manifest's tenant policy has checked the caller's roles in the charity. */

/** GET /donations/charity/{charityId}/gifts — every gift of the charity, active or not. */
export const list = donationsRoute({ params: charityParams }, async ({ params }) => ok(await use.listCharityGifts({ gifts: gifts() }, params.charityId)));

/** POST /donations/charity/{charityId}/gifts — a new active gift (201); the same Idempotency-Key again answers that gift. */
export const create = donationsRoute({ params: charityParams, body: giftInputSchema, idempotencyKey: 'required' }, async ({ params, body, idempotencyKey }) =>
  created(
    await use.createGift({ gifts: gifts(), charities: charities(), clock: systemClock, newId: () => newId() }, params.charityId, body, idempotencyKey as string),
  ),
);

/** PUT /donations/charity/{charityId}/gifts/{giftId} — title, description, page address, price. */
export const update = donationsRoute({ params: charityGiftParams, body: giftInputSchema }, async ({ params, body }) =>
  ok(await use.updateGift({ gifts: gifts(), clock: systemClock }, params.charityId, params.giftId, body)),
);

/** PUT /donations/charity/{charityId}/gifts/{giftId}/active — activate or deactivate. */
export const setActive = donationsRoute({ params: charityGiftParams, body: giftActiveSchema }, async ({ params, body }) =>
  ok(await use.setGiftActive({ gifts: gifts(), clock: systemClock }, { charityId: params.charityId }, params.giftId, body.isActive)),
);

/** PUT /donations/charity/{charityId}/gifts/{giftId}/image — the gift page's picture or its card's icon. */
export const uploadImage = donationsRoute({ params: charityGiftParams, body: giftImageUploadSchema }, async ({ params, body }) =>
  ok(await use.uploadGiftImage({ gifts: gifts(), media: media(), clock: systemClock }, params.charityId, params.giftId, body)),
);
