import { pathParameters } from '@giving/shared/contracts/path-parameters';
import { ok } from '@giving/shared/lambda/http';
import { logger } from '@giving/shared/lambda/logger';
import { deps, engine } from '../adapters';
import { indexStatuses, rebuildIndex } from '../domain/indexer';
import { searchRoute } from '../http';


/** GET /search/backOffice/indexes */
export const list = searchRoute({}, async () => ok({ items: await indexStatuses(deps()) }));

/** POST /search/backOffice/indexes/{index}/rebuild */
export const rebuild = searchRoute({ params: pathParameters('index') }, async ({ params, log }) => {
  const outcome = await rebuildIndex(deps(), params.index);
  log.info('re-indexed', { ...outcome });
  return ok(outcome);
});

/** On deploy (a CDK trigger; the local platform as it starts): the index templates and each alias's first index. */
export const setup = async (): Promise<{ indexes: 'ready' }> => {
  await engine().ensureIndexes();
  logger.info('search indexes ready');
  return { indexes: 'ready' };
};
