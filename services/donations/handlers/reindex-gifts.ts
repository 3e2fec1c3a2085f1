import { newId } from '@giving/shared/ids';
import { ok } from '@giving/shared/lambda/http';
import { batchEvents, gifts } from '../adapters';
import { reindexGifts } from '../domain/gift-events';
import { donationsRoute } from '../http';

/** POST /donations/backoffice/ReIndexCharityGifts — every gift again, for search: {reindexId, events, batches}. */
export const reindexCharityGifts = donationsRoute({}, async () => ok(await reindexGifts({ gifts: gifts(), events: batchEvents(), newId: () => newId() })));
