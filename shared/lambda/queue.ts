import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { EventDefinition, EventEnvelope } from '../events';
import type { IdempotencyStore } from './idempotency';
import { logger as rootLogger, type Logger } from './logger';
import { loadSecrets } from './secrets';

export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

type Envelopes<D extends readonly EventDefinition<string, unknown>[]> = {
  [K in keyof D]: D[K] extends EventDefinition<infer N, infer T> ? EventEnvelope<T> & { metadata: { name: N } } : never;
}[number];

/**
 * The one queue wrapper. Each SQS record holds an EventBridge event whose detail is `{metadata, data}`.
 * Records are validated against their event schema, run once per event id (when given a store),
 * and failures are reported per record so only they return to the queue (and reach the DLQ after 5 receives).
 */
export function queueConsumer<const D extends readonly EventDefinition<string, unknown>[]>(
  options: { events: D; idempotency?: { store: () => IdempotencyStore; scope: string } },
  handle: (envelope: Envelopes<D>, context: { log: Logger }) => Promise<void>,
): QueueHandler {
  return async (event) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    try {
      await loadSecrets();
    } catch (error) {
      rootLogger.error('secrets could not be read', { error });
      return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
    }
    for (const record of event.Records) {
      const log = rootLogger.child({ messageId: record.messageId });
      try {
        const envelope = parseRecord(record.body, options.events);
        const childLog = log.child({ eventId: envelope.metadata.id, event: envelope.metadata.name });
        const key = options.idempotency ? `${options.idempotency.scope}#${envelope.metadata.id}` : undefined;
        const store = options.idempotency?.store();
        if (store && key) {
          const state = await store.begin(key);
          if (state === 'done') {
            childLog.info('duplicate delivery skipped');
            continue;
          }
          if (state === 'busy') throw new Error('event is being handled by another consumer');
        }
        try {
          await handle(envelope as Envelopes<D>, { log: childLog });
        } catch (error) {
          if (store && key) await store.release(key);
          throw error;
        }
        if (store && key) await store.complete(key);
      } catch (error) {
        log.error('message failed', { error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

function parseRecord(body: string, definitions: readonly EventDefinition<string, unknown>[]): EventEnvelope<unknown> {
  const event = JSON.parse(body) as { 'detail-type'?: string; source?: string; detail?: EventEnvelope<unknown> };
  const definition = definitions.find((d) => d.name === event['detail-type'] && d.source === event.source);
  if (!definition) throw new Error(`no consumer for ${event.source}/${event['detail-type']}`);
  const envelope = event.detail;
  if (!envelope?.metadata?.id) throw new Error('event detail has no metadata');
  return { metadata: envelope.metadata, data: definition.schema.parse(envelope.data) };
}
