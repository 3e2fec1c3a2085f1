import * as z from 'zod/mini';
import { idSchema } from './accounts';
import { slugSchema } from './common';
import { giftSchema, MAX_DONATION_CENTS, MIN_DONATION_CENTS } from './donations-public';
import { imageUploadFields } from './media';
import { MESSAGES } from './messages';
import { pathParameters } from './path-parameters';

/**
 * Managing gifts ("dollar handles"): the charity console (/admin/charity/{id}/dollar-handles) and the back office
 * (/admin/backoffice/dollar-handles). The public gift page and gift lists keep using `giftSchema`.
 */
export const MAX_GIFT_TITLE_LENGTH = 100;
export const MAX_GIFT_DESCRIPTION_LENGTH = 2000;

const trimmed = (max: number) =>
  z.pipe(
    z.pipe(z.string({ error: MESSAGES.requiredField }), z.transform((s) => s.trim())),
    z.string().check(z.minLength(1, MESSAGES.requiredField), z.maxLength(max, MESSAGES.tooLong(max))),
  );

/** A gift's price in cents: 0 lets the donor choose the amount (e.g. 'Where it is needed most'); otherwise at least $1. */
export const giftPriceCentsSchema = z.int({ error: MESSAGES.invalidAmount }).check(
  z.gte(0, MESSAGES.invalidAmount),
  z.lte(MAX_DONATION_CENTS, MESSAGES.invalidAmount),
  z.refine((cents) => cents === 0 || cents >= MIN_DONATION_CENTS, MESSAGES.invalidAmount),
);

/** POST /donations/charity/{charityId}/gifts and PUT .../gifts/{giftId}: what a charity admin edits. */
export const giftInputSchema = z.object({
  title: trimmed(MAX_GIFT_TITLE_LENGTH),
  description: trimmed(MAX_GIFT_DESCRIPTION_LENGTH),
  /** The gift page's address under the charity's (/{charityUrl}/{productUrl}); unique within the charity. */
  productUrl: slugSchema,
  priceCents: giftPriceCentsSchema,
});
export type GiftInput = z.infer<typeof giftInputSchema>;

/** Refused with 409 on body.productUrl when the charity already has a gift at that address. */
export const PRODUCT_URL_TAKEN_MESSAGE = 'Another gift of this charity already uses this page address.';

/** A gift as the consoles list it: the public gift plus when it was created and last changed. */
export const adminGiftSchema = z.extend(giftSchema, { createdAt: z.string(), updatedAt: z.string() });
export type AdminGift = z.infer<typeof adminGiftSchema>;

export const adminGiftListSchema = z.object({ items: z.array(adminGiftSchema), nextCursor: z.optional(z.string()) });
export type AdminGiftList = z.infer<typeof adminGiftListSchema>;

/** PUT .../gifts/{giftId}/active — an inactive gift stays on its page with the spec's 'Project has been fulfilled…'. */
export const giftActiveSchema = z.object({ isActive: z.boolean({ error: MESSAGES.requiredField }) });

export const GIFT_IMAGE_KINDS = ['image', 'icon'] as const;
export type GiftImageKind = (typeof GIFT_IMAGE_KINDS)[number];

/**
 * PUT .../gifts/{giftId}/image — the picture on the gift page (`image`) or on its card (`icon`): an image upload
 * (shared/contracts/media.ts: types, size limit, base64) with its kind.
 */
export const giftImageUploadSchema = z.object({ kind: z.enum(GIFT_IMAGE_KINDS, { error: MESSAGES.invalidInput }), ...imageUploadFields });
export type GiftImageUpload = z.infer<typeof giftImageUploadSchema>;

export const charityParams = pathParameters('charityId');
export const charityGiftParams = pathParameters('charityId', 'giftId');
export const backOfficeGiftParams = pathParameters('giftId');

/** GET /donations/backoffice/gifts?q=&charityId=&cursor= — `q` matches a gift's title or its charity's name. */
export const backOfficeGiftQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(100, MESSAGES.tooLong(100)))),
  charityId: z.optional(idSchema),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});
export type BackOfficeGiftQuery = z.infer<typeof backOfficeGiftQuery>;
