import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { PRODUCT_URL_TAKEN_MESSAGE, type GiftInput } from '@giving/shared/contracts/dollar-handles';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { createGift, listCharityGifts, searchGifts, setGiftActive, updateGift, uploadGiftImage } from '../domain/dollar-handles';
import { pricePayment } from '../domain/payments';
import type { CharityProjection, MediaStore } from '../domain/ports';
import { dynamoCharityDirectory } from './dynamo-charities';
import { dynamoGiftCatalog } from './dynamo-gifts';

let gifts: ReturnType<typeof dynamoGiftCatalog>;
let charities: ReturnType<typeof dynamoCharityDirectory>;
const clock = fixedClock('2026-11-21T09:00:00.000Z');

beforeAll(async () => {
  const tables = await testTables([donations]);
  gifts = dynamoGiftCatalog(tables.client, tables.tableName('donations'));
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
});

async function aCharity(overrides: Partial<CharityProjection> = {}): Promise<CharityProjection> {
  const id = newId();
  const charity: CharityProjection = {
    id,
    name: 'Kiwi Coast Rescue',
    charityUrl: `kiwi-${id.toLowerCase()}`,
    country: 'nz',
    logoImageUrl: '/media/kiwi.svg',
    isActive: true,
    version: '1'.padStart(40, '0'),
    ...overrides,
  };
  await charities.save(charity);
  return charity;
}

const input = (overrides: Partial<GiftInput> = {}): GiftInput => ({
  title: 'Feed a kiwi chick for a week',
  description: 'Worms and grubs for a growing chick.',
  productUrl: 'feed-a-kiwi-chick',
  priceCents: 2500,
  ...overrides,
});

const deps = () => ({ gifts, charities, clock, newId: () => newId() });
const key = () => `key-${newId()}`;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('managing gifts (DynamoDB Local)', () => {
  it('creates an active gift in the charity’s currency that the public gift page and checkout find', async () => {
    const charity = await aCharity({ country: 'au' });
    const gift = await createGift(deps(), charity.id, input(), key());
    expect(gift).toMatchObject({
      title: 'Feed a kiwi chick for a week',
      price: { cents: 2500, currency: 'AUD' },
      isActive: true,
      charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    const page = await gifts.getByUrl(charity.charityUrl, 'feed-a-kiwi-chick');
    const { createdAt: _c, updatedAt: _u, ...publicGift } = gift;
    expect(page).toEqual(publicGift);
    // Nothing internal reaches the public page.
    expect(Object.keys(page ?? {}).sort()).toEqual(['charity', 'description', 'iconUrl', 'id', 'imageUrl', 'isActive', 'price', 'productUrl', 'title']);
    expect((await gifts.getById(gift.id))?.id).toBe(gift.id);
    expect((await gifts.listByCharity(charity.charityUrl, 24)).map((g) => g.id)).toEqual([gift.id]);
  });

  it('keeps page addresses unique within a charity (409 on productUrl), but not across charities', async () => {
    const charity = await aCharity();
    await createGift(deps(), charity.id, input(), key());
    const error = await refusal(createGift(deps(), charity.id, input({ title: 'Another' }), key()));
    expect(error.code).toBe('Conflict');
    expect(error.fieldErrors).toEqual([{ field: 'body.productUrl', message: PRODUCT_URL_TAKEN_MESSAGE }]);
    const other = await aCharity();
    await expect(createGift(deps(), other.id, input(), key())).resolves.toMatchObject({ productUrl: 'feed-a-kiwi-chick' });
    expect((await listCharityGifts({ gifts }, charity.id)).items).toHaveLength(1);
  });

  it('answers a retried create (same Idempotency-Key) with the gift it made, and makes no second one', async () => {
    const charity = await aCharity();
    const requestKey = key();
    const first = await createGift(deps(), charity.id, input(), requestKey);
    const again = await createGift(deps(), charity.id, input(), requestKey);
    expect(again.id).toBe(first.id);
    expect((await listCharityGifts({ gifts }, charity.id)).items.map((g) => g.id)).toEqual([first.id]);
  });

  it('refuses a gift for a charity donations does not know', async () => {
    const error = await refusal(createGift(deps(), newId(), input(), key()));
    expect(error.code).toBe('NotFound');
  });

  it('edits a gift, moving it to a new page address; the old address is free again', async () => {
    const charity = await aCharity();
    const gift = await createGift(deps(), charity.id, input(), key());
    clock.advance(60_000);
    const edited = await updateGift(deps(), charity.id, gift.id, input({ title: 'Feed two chicks', productUrl: 'feed-two-chicks', priceCents: 5000 }));
    expect(edited).toMatchObject({ id: gift.id, title: 'Feed two chicks', productUrl: 'feed-two-chicks', price: { cents: 5000, currency: 'NZD' } });
    expect(edited.updatedAt).not.toBe(gift.updatedAt);
    expect(await gifts.getByUrl(charity.charityUrl, 'feed-a-kiwi-chick')).toBeUndefined();
    expect((await gifts.getByUrl(charity.charityUrl, 'feed-two-chicks'))?.id).toBe(gift.id);
    expect((await gifts.getById(gift.id))?.title).toBe('Feed two chicks');
    await expect(createGift(deps(), charity.id, input(), key())).resolves.toMatchObject({ productUrl: 'feed-a-kiwi-chick' });
  });

  it('refuses to move a gift onto another gift’s address, and leaves both as they were', async () => {
    const charity = await aCharity();
    const first = await createGift(deps(), charity.id, input(), key());
    const second = await createGift(deps(), charity.id, input({ productUrl: 'buy-a-trap', title: 'Buy a trap' }), key());
    const error = await refusal(updateGift(deps(), charity.id, second.id, input({ productUrl: 'feed-a-kiwi-chick' })));
    expect(error.fieldErrors[0]?.field).toBe('body.productUrl');
    expect((await gifts.getByUrl(charity.charityUrl, 'feed-a-kiwi-chick'))?.id).toBe(first.id);
    expect((await gifts.getByUrl(charity.charityUrl, 'buy-a-trap'))?.id).toBe(second.id);
  });

  it('answers 404 for another charity’s gift: a charity admin never reaches someone else’s gift', async () => {
    const mine = await aCharity();
    const theirs = await aCharity();
    const gift = await createGift(deps(), theirs.id, input(), key());
    expect((await refusal(updateGift(deps(), mine.id, gift.id, input({ title: 'Mine now' })))).code).toBe('NotFound');
    expect((await refusal(setGiftActive(deps(), { charityId: mine.id }, gift.id, false))).code).toBe('NotFound');
    expect((await gifts.getById(gift.id))?.title).toBe('Feed a kiwi chick for a week');
  });

  it('deactivates a gift: it stays on its page, and checkout refuses it with the spec’s text', async () => {
    const charity = await aCharity();
    const gift = await createGift(deps(), charity.id, input(), key());
    await setGiftActive(deps(), { charityId: charity.id }, gift.id, false);
    const page = await gifts.getByUrl(charity.charityUrl, gift.productUrl);
    expect(page?.isActive).toBe(false);
    const priced = pricePayment({ country: 'nz', donationAmountCents: 2500, quantity: 1, supportingAmountCents: 0 }, await gifts.getById(gift.id));
    expect(priced).toEqual({ ok: false, message: MESSAGES.giftInactive });
    await setGiftActive(deps(), {}, gift.id, true); // the back office
    expect((await gifts.getById(gift.id))?.isActive).toBe(true);
  });

  it('concurrent changes to one gift all land (each write is conditioned on the revision it read)', async () => {
    const charity = await aCharity();
    const gift = await createGift(deps(), charity.id, input(), key());
    const media: MediaStore = { put: async (k) => `/media/${k}` };
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
    await Promise.all([
      setGiftActive(deps(), { charityId: charity.id }, gift.id, false),
      uploadGiftImage({ ...deps(), media }, charity.id, gift.id, { kind: 'image', contentType: 'image/png', data: png }),
      uploadGiftImage({ ...deps(), media }, charity.id, gift.id, { kind: 'icon', contentType: 'image/png', data: png }),
    ]);
    const stored = await gifts.getRecord(gift.id);
    expect(stored?.gift.isActive).toBe(false);
    expect(stored?.gift.imageUrl).toMatch(new RegExp(`^/media/gifts/${charity.id}/${gift.id}/image-[0-9a-f]{20}\\.png$`));
    expect(stored?.gift.iconUrl).toMatch(/\/icon-[0-9a-f]{20}\.png$/);
  });

  it('stores only images whose bytes are the declared type, up to 1 MB', async () => {
    const charity = await aCharity();
    const gift = await createGift(deps(), charity.id, input(), key());
    const stored: string[] = [];
    const media: MediaStore = { put: async (k) => (stored.push(k), `/media/${k}`) };
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const error = await refusal(uploadGiftImage({ ...deps(), media }, charity.id, gift.id, { kind: 'image', contentType: 'image/png', data: html }));
    expect(error.fieldErrors).toEqual([{ field: 'body.data', message: 'Choose a PNG, JPEG, WebP or GIF image.' }]);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1024 * 1024)]).toString('base64');
    const tooBig = await refusal(uploadGiftImage({ ...deps(), media }, charity.id, gift.id, { kind: 'image', contentType: 'image/jpeg', data: big }));
    expect(tooBig.fieldErrors[0]).toEqual({ field: 'body.data', message: 'Choose an image of 1 MB or less.' });
    expect(stored).toEqual([]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString('base64');
    const done = await uploadGiftImage({ ...deps(), media }, charity.id, gift.id, { kind: 'image', contentType: 'image/jpeg', data: jpeg });
    expect(done.imageUrl).toMatch(/\.jpg$/);
  });

  it('lists every charity’s gifts for the back office, searchable by title or charity name, a page at a time', async () => {
    const tag = newId().toLowerCase().slice(-8);
    const a = await aCharity({ name: `Harbour Food ${tag}` });
    const b = await aCharity({ name: `Forest Trust ${tag}` });
    for (let i = 0; i < 3; i++) await createGift(deps(), a.id, input({ productUrl: `parcel-${i}`, title: `Parcel ${i} ${tag}` }), key());
    await createGift(deps(), b.id, input({ productUrl: 'plant-a-tree', title: `Plant a tree ${tag}` }), key());

    const byCharityName = await searchGifts({ gifts }, { q: `HARBOUR FOOD ${tag}` });
    expect(byCharityName.items).toHaveLength(3);
    const byTitle = await searchGifts({ gifts }, { q: `plant a tree ${tag}` });
    expect(byTitle.items.map((g) => g.charity.id)).toEqual([b.id]);
    const oneCharity = await searchGifts({ gifts }, { charityId: b.id });
    expect(oneCharity.items.map((g) => g.title)).toEqual([`Plant a tree ${tag}`]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await gifts.search({ q: tag, cursor }, 2);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(4);
    expect(seen).toHaveLength(4);
  });

  it('lists every gift once with the revision it was read at (ReIndexCharityGifts), a moved one under its new address', async () => {
    const a = await aCharity();
    const kept = await createGift(deps(), a.id, input({ productUrl: 'kept' }), key());
    const moved = await createGift(deps(), a.id, input({ productUrl: 'before' }), key());
    await updateGift(deps(), a.id, moved.id, input({ productUrl: 'after' }));
    await setGiftActive(deps(), { charityId: a.id }, moved.id, false);
    const mine = (await gifts.listAll()).filter((record) => record.gift.charity.id === a.id).sort((x, y) => x.revision - y.revision);
    expect(mine.map((record) => [record.gift.id, record.gift.productUrl, record.gift.isActive, record.revision])).toEqual([
      [kept.id, 'kept', true, 1],
      [moved.id, 'after', false, 3],
    ]);
    expect(mine[0]?.gift.createdAt).toBe(clock.now().toISOString());
  });

  it('refuses a made-up cursor, or one from another charity’s list, naming query.cursor', async () => {
    const error = await refusal(gifts.search({ cursor: 'not-a-cursor' }, 2));
    expect(error.fieldErrors[0]?.field).toBe('query.cursor');
    const a = await aCharity();
    for (let i = 0; i < 3; i++) await createGift(deps(), a.id, input({ productUrl: `gift-${i}` }), key());
    const page = await gifts.search({ charityId: a.id }, 1);
    expect(page.nextCursor).toBeDefined();
    const other = await aCharity();
    expect((await refusal(gifts.search({ charityId: other.id, cursor: page.nextCursor }, 1))).fieldErrors[0]?.field).toBe('query.cursor');
  });
});
