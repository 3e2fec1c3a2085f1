import type { EventDefinition, EventEnvelope } from '@giving/shared/events';
import { ENV, EVENT_BUS_NAME } from '@giving/shared/manifest';
import { startEventBus } from '../eventbridge/server';

/**
 * The local event bus for tests that call publishing handlers in-process: the real EventBridge client puts events on
 * it (through AWS_ENDPOINT_URL_EVENTBRIDGE) and the test reads back what was put, as the event-capture rule does. It
 * has no rules, so nothing is delivered anywhere.
 */
export async function testEventBus() {
  // No rules: the bus never calls SQS, so no queue service is needed behind it.
  const bus = await startEventBus({ port: 0, manifests: [], sqsEndpoint: 'http://127.0.0.1:9' });
  return {
    /** What a handler's environment needs to publish to this bus. */
    environment: { AWS_ENDPOINT_URL_EVENTBRIDGE: bus.url, [ENV.eventBusName]: EVENT_BUS_NAME },
    /** The envelopes of one event put so far, oldest first. */
    envelopes<TName extends string, TData>(definition: EventDefinition<TName, TData>): EventEnvelope<TData>[] {
      return bus.events({ detailType: definition.name, source: definition.source }).map((event) => event.detail as unknown as EventEnvelope<TData>);
    },
    clear: () => bus.clearEvents(),
    stop: () => bus.stop(),
  };
}
