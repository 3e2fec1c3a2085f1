import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { documentClient } from '@giving/shared/lambda/aws';
import { logger } from '@giving/shared/lambda/logger';
import { newImagesOf } from '@giving/shared/lambda/stream';
import { store, tableName } from '../adapters';
import { liveConnections, liveProgressPorts, livePublisher } from '../adapters/live';
import { postLiveProgress, type LiveProgressPorts } from '../domain/live-progress';

/**
 * Fundraising table stream, pages and events only (the manifest's filter) -> each one's newest version in the batch
 * posted to its live channel (domain/live-progress.ts). A subscription of its own, beside publish-documents: posting
 * to a thousand sockets neither waits for nor holds up search's documents, and it never reports a failure (a missed
 * message is repaired by the next; retrying would post everyone else theirs again).
 */
let ports: LiveProgressPorts | undefined;

export function liveProgressStreamHandler(portsOf: () => LiveProgressPorts) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    try {
      const outcomes = await postLiveProgress(portsOf(), newImagesOf(event));
      if (outcomes.size > 0) logger.debug('live progress', { records: event.Records.length, channels: Object.fromEntries(outcomes) });
    } catch (error) {
      logger.error('live progress batch failed', { error });
    }
    return { batchItemFailures: [] };
  };
}

export const handler = liveProgressStreamHandler(
  () => (ports ??= liveProgressPorts({ client: documentClient(), tableName: tableName(), store: store(), connections: liveConnections(), publisher: livePublisher() })),
);
