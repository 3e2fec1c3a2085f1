import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { ok } from '@giving/shared/lambda/http';
import { batchEvents, store } from '../adapters';
import * as documents from '../domain/documents';
import { fundraisingRoute } from '../http';

const reindexDeps = () => ({ store: store(), events: batchEvents(), clock: systemClock, newId: () => newId() });

/** POST /fundraising/backOffice/ReIndexFundraisingEvents — every event's document again, for search: {reindexId, events, batches}. */
export const reindexEvents = fundraisingRoute({}, async () => ok(await documents.reindexEvents(reindexDeps())));

/** POST /fundraising/backOffice/ReIndexFundraisingPages — every page's document again, for search: {reindexId, events, batches}. */
export const reindexPages = fundraisingRoute({}, async () => ok(await documents.reindexPages(reindexDeps())));
