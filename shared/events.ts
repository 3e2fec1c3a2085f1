import type { ZodMiniType } from 'zod/mini';

/**
 * Every event on the bus is `{metadata, data}`. EventBridge carries it as the Detail;
 * Source is `giving.<service>` and DetailType is the event name (e.g. DonationCompleted).
 */
export interface EventMetadata {
  /** ULID; consumers dedupe on it. Producers that may retry pass a stable id. */
  id: string;
  name: string;
  version: number;
  source: string;
  occurredAt: string;
  correlationId?: string;
}

export interface EventEnvelope<TData> {
  metadata: EventMetadata;
  data: TData;
}

export interface EventDefinition<TName extends string, TData> {
  readonly name: TName;
  readonly source: string;
  readonly version: number;
  readonly schema: ZodMiniType<TData>;
}

export function defineEvent<TName extends string, TData>(definition: EventDefinition<TName, TData>) {
  return definition;
}

export type EventData<E> = E extends EventDefinition<string, infer D> ? D : never;

/** The EventBridge pattern that matches exactly this event. */
export function patternFor(definition: EventDefinition<string, unknown>) {
  return { source: [definition.source], 'detail-type': [definition.name] };
}

/** What a domain use case needs to emit events: a port, implemented by the EventBridge publisher. */
export interface EventPublisher {
  publish<TName extends string, TData>(
    definition: EventDefinition<TName, TData>,
    data: TData,
    options?: { id?: string; correlationId?: string },
  ): Promise<EventEnvelope<TData>>;
}

/** Many events of one kind at once (re-emitting search documents): sent in PutEvents batches of up to 10. */
export interface BatchEventPublisher {
  publishAll<TName extends string, TData>(
    definition: EventDefinition<TName, TData>,
    items: readonly { data: TData; id?: string }[],
    options?: { correlationId?: string },
  ): Promise<{ events: number; batches: number }>;
}
