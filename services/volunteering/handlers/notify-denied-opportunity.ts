import { documentClient } from '@giving/shared/lambda/aws';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { mailer, siteUrl, tableName } from '../adapters';
import { notifyOpportunityDenied } from '../domain/denials';
import type { StoredOpportunity } from '../domain/ports';

let once: ReturnType<typeof dynamoIdempotencyStore> | undefined;

/** Volunteering table stream, denied opportunities only (see the manifest's filter): e-mails the charity the reason. */
export const handler = streamConsumer<StoredOpportunity>(async ({ newImage }, { log }) => {
  if (!newImage) return;
  once ??= dynamoIdempotencyStore({ client: documentClient(), tableName: tableName() });
  const outcome = await notifyOpportunityDenied({ mailer: mailer(), siteUrl: siteUrl(), once }, newImage);
  log.info('denied opportunity notice', { opportunityId: newImage.id, outcome });
});
