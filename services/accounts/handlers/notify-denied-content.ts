import type { ContentItem } from '@giving/shared/contracts/accounts';
import { documentClient } from '@giving/shared/lambda/aws';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { streamConsumer } from '@giving/shared/lambda/stream';
import { notifyContentDenied } from '../domain/content-notices';
import { accountsTable } from '../adapters';
import { mailer, memberships, siteUrl, tenants } from '../adapters/people';
import { templates } from '../adapters/site';

let once: ReturnType<typeof dynamoIdempotencyStore> | undefined;

/** Accounts table stream, denied content only (see the manifest's filter): e-mails the charity the reason. */
export const handler = streamConsumer<ContentItem>(async ({ newImage }, { log }) => {
  if (!newImage) return;
  once ??= dynamoIdempotencyStore({ client: documentClient(), tableName: accountsTable() });
  const { sent } = await notifyContentDenied({ memberships: memberships(), tenants: tenants(), templates: templates(), mailer: mailer(), once, siteUrl: siteUrl() }, newImage);
  log.info('denied content notice', { contentId: newImage.id, sent });
});
