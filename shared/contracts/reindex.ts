import * as z from 'zod/mini';

/**
 * What a producer's ReIndex* operation answers (accounts' charities, donations' gifts, fundraising's events and pages):
 * the run's id (every re-emitted event carries it as `reindexId`), how many events it published and in how many
 * PutEvents calls (batches of up to 10).
 */
export const reindexRunSchema = z.object({ reindexId: z.string(), events: z.int(), batches: z.int() });
export type ReindexRun = z.infer<typeof reindexRunSchema>;
