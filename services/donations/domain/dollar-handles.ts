import type { Clock } from '@giving/shared/clock';
import {
  PRODUCT_URL_TAKEN_MESSAGE,
  type AdminGift,
  type AdminGiftList,
  type BackOfficeGiftQuery,
  type GiftImageUpload,
  type GiftInput,
} from '@giving/shared/contracts/dollar-handles';
import { COUNTRIES } from '@giving/shared/countries';
import { DomainError, notFound } from '@giving/shared/errors';
import { storeImage } from '@giving/shared/media';
import { money } from '@giving/shared/money';
import type { CharityDirectory, GiftAdminStore, GiftRecord, MediaStore } from './ports';

/**
 * Managing gifts ("dollar handles"): a charity's admins list, create, edit, activate/deactivate and picture their
 * gifts; the back office sees every charity's and activates/deactivates them. The public gift page reads the same items.
 */

export const GIFT_CHANGED_MESSAGE = 'This gift was changed by someone else meanwhile. Reload it and try again.';
export const BACK_OFFICE_PAGE_SIZE = 50;
/** Writes retried when another write landed between our read and our conditional write. */
const CHANGED_ATTEMPTS = 5;

type Deps = { gifts: GiftAdminStore; clock: Clock };

const taken = () => new DomainError('Conflict', PRODUCT_URL_TAKEN_MESSAGE, [{ field: 'body.productUrl', message: PRODUCT_URL_TAKEN_MESSAGE }]);

/** The gift, if it belongs to the charity (another charity's gift id is 'not found', never someone else's data). */
async function giftOf(gifts: GiftAdminStore, giftId: string, charityId: string | undefined): Promise<GiftRecord> {
  const record = await gifts.getRecord(giftId);
  if (!record || (charityId !== undefined && record.gift.charity.id !== charityId)) throw notFound('Gift');
  return record;
}

/**
 * Reads the gift, applies the change and writes it conditioned on what was read; another write in between makes it
 * read again and reapply (a few times), so concurrent toggles and uploads never undo each other.
 */
async function changeGift(deps: Deps, giftId: string, charityId: string | undefined, change: (gift: AdminGift) => AdminGift): Promise<AdminGift> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const current = await giftOf(deps.gifts, giftId, charityId);
    const next = { ...change(current.gift), updatedAt: deps.clock.now().toISOString() };
    const outcome = await deps.gifts.replace(current, next);
    if (outcome === 'saved') return next;
    if (outcome === 'taken') throw taken();
  }
  throw new DomainError('Conflict', GIFT_CHANGED_MESSAGE);
}

export async function listCharityGifts(deps: { gifts: GiftAdminStore }, charityId: string): Promise<AdminGiftList> {
  return { items: await deps.gifts.listByCharityId(charityId) };
}

/**
 * A new, active gift in the charity's currency, at a page address no other gift of the charity has. Idempotent on
 * the request's key: a retry answers the gift it created.
 */
export async function createGift(
  deps: Deps & { charities: Pick<CharityDirectory, 'getById'>; newId: () => string },
  charityId: string,
  input: GiftInput,
  idempotencyKey: string,
): Promise<AdminGift> {
  const charity = await deps.charities.getById(charityId);
  if (!charity) throw notFound('Charity');
  const at = deps.clock.now().toISOString();
  const gift: AdminGift = {
    id: deps.newId(),
    title: input.title,
    description: input.description,
    productUrl: input.productUrl,
    price: money(input.priceCents, COUNTRIES[charity.country].currency),
    isActive: true,
    imageUrl: '',
    iconUrl: '',
    charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
    createdAt: at,
    updatedAt: at,
  };
  const result = await deps.gifts.create(gift, idempotencyKey);
  if (result.outcome === 'taken') throw taken();
  return result.outcome === 'repeat' ? result.gift : gift;
}

/** Title, description, page address and price (in the gift's currency); the page address stays unique. */
export function updateGift(deps: Deps, charityId: string, giftId: string, input: GiftInput): Promise<AdminGift> {
  return changeGift(deps, giftId, charityId, (gift) => ({
    ...gift,
    title: input.title,
    description: input.description,
    productUrl: input.productUrl,
    price: money(input.priceCents, gift.price.currency),
  }));
}

/** An inactive gift keeps its page, which says 'Project has been fulfilled…' and takes no donations. `charityId` absent: the back office. */
export function setGiftActive(deps: Deps, scope: { charityId?: string }, giftId: string, isActive: boolean): Promise<AdminGift> {
  return changeGift(deps, giftId, scope.charityId, (gift) => ({ ...gift, isActive }));
}

/**
 * Stores the picture in the media bucket (shared/media.ts checks its bytes and names it by its hash) and puts it on
 * the gift page (`image`) or its card (`icon`).
 */
export async function uploadGiftImage(
  deps: Deps & { media: MediaStore },
  charityId: string,
  giftId: string,
  upload: GiftImageUpload,
): Promise<AdminGift> {
  await giftOf(deps.gifts, giftId, charityId);
  const url = await storeImage(deps.media, `gifts/${charityId}/${giftId}/${upload.kind}`, upload);
  return changeGift(deps, giftId, charityId, (gift) => (upload.kind === 'image' ? { ...gift, imageUrl: url } : { ...gift, iconUrl: url }));
}

/** The back office: every charity's gifts, searchable by title or charity name, or one charity's. */
export async function searchGifts(deps: { gifts: GiftAdminStore }, query: BackOfficeGiftQuery): Promise<AdminGiftList> {
  return deps.gifts.search(query, BACK_OFFICE_PAGE_SIZE);
}
