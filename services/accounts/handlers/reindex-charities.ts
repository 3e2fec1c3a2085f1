import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { ok } from '@giving/shared/lambda/http';
import { batchEvents, publishedProfiles } from '../adapters';
import { reindexCharities as reindex } from '../domain/charity-events';
import { accountsRoute } from '../http';

/** POST /accounts/backoffice/ReIndexCharities — every charity's profile again, for search: {reindexId, events, batches}. */
export const reindexCharities = accountsRoute({}, async () =>
  ok(await reindex({ published: publishedProfiles(), events: batchEvents(), clock: systemClock, newId: () => newId() })),
);
