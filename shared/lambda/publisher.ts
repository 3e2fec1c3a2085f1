import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { BatchEventPublisher, EventDefinition, EventEnvelope, EventPublisher } from '../events';
import { newId } from '../ids';
import { requireEnv } from './env';
import { ENV } from '../manifest';

let client: EventBridgeClient | undefined;

/** Publishes `{metadata, data}` envelopes to the one bus. Validates data against the event's schema first. */
export function eventBridgePublisher(
  options: { busName?: string; client?: EventBridgeClient; now?: () => Date } = {},
): EventPublisher {
  const busName = options.busName ?? requireEnv(ENV.eventBusName);
  const now = options.now ?? (() => new Date());
  return {
    async publish(definition, data, publishOptions = {}) {
      const parsed = definition.schema.parse(data);
      const envelope: EventEnvelope<typeof parsed> = {
        metadata: {
          id: publishOptions.id ?? newId(),
          name: definition.name,
          version: definition.version,
          source: definition.source,
          occurredAt: now().toISOString(),
          ...(publishOptions.correlationId ? { correlationId: publishOptions.correlationId } : {}),
        },
        data: parsed,
      };
      client = options.client ?? (client ??= new EventBridgeClient({}));
      const result = await client.send(
        new PutEventsCommand({
          Entries: [
            { EventBusName: busName, Source: definition.source, DetailType: definition.name, Detail: JSON.stringify(envelope) },
          ],
        }),
      );
      if ((result.FailedEntryCount ?? 0) > 0) {
        const entry = result.Entries?.find((e) => e.ErrorCode);
        throw new Error(`PutEvents failed for ${definition.name}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`);
      }
      return envelope;
    },
  };
}

/** PutEvents takes at most 10 entries (and 256 KB) per call. */
export const PUT_EVENTS_BATCH = 10;

/** Publishes many envelopes of one event in PutEvents calls of up to 10 entries; any failed entry fails the call. */
export function eventBridgeBatchPublisher(options: { busName?: string; client?: EventBridgeClient; now?: () => Date } = {}): BatchEventPublisher {
  const busName = options.busName ?? requireEnv(ENV.eventBusName);
  const now = options.now ?? (() => new Date());
  return {
    async publishAll(definition, items, publishOptions = {}) {
      client = options.client ?? (client ??= new EventBridgeClient({}));
      let batches = 0;
      for (let start = 0; start < items.length; start += PUT_EVENTS_BATCH) {
        const entries = items.slice(start, start + PUT_EVENTS_BATCH).map((item) => {
          const envelope: EventEnvelope<unknown> = {
            metadata: {
              id: item.id ?? newId(),
              name: definition.name,
              version: definition.version,
              source: definition.source,
              occurredAt: now().toISOString(),
              ...(publishOptions.correlationId ? { correlationId: publishOptions.correlationId } : {}),
            },
            data: definition.schema.parse(item.data),
          };
          return { EventBusName: busName, Source: definition.source, DetailType: definition.name, Detail: JSON.stringify(envelope) };
        });
        const result = await client.send(new PutEventsCommand({ Entries: entries }));
        if ((result.FailedEntryCount ?? 0) > 0) {
          const entry = result.Entries?.find((e) => e.ErrorCode);
          throw new Error(`PutEvents failed for ${definition.name}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`);
        }
        batches++;
      }
      return { events: items.length, batches };
    },
  };
}

export type { EventDefinition };
