import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { logger } from '@giving/shared/lambda/logger';
import { EVENT_BUS_NAME, queueName, ruleName, type EventPattern, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';
import { ACCOUNT_ID, REGION } from '../config';
import { sqsClient } from '../sqs/queues';
import { AwsError, awsJsonHandler, listen, sendJson, type LocalRoute } from './aws-json';
import { closeServer } from '../runtime/http-server';
import { InvalidEventPatternError, compilePattern } from './pattern';

/** An event as EventBridge delivers it to a target (the SQS message body). */
export interface EventBridgeEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

export interface BusRule {
  name: string;
  arn: string;
  service: ServiceName;
  subscription: string;
  pattern: EventPattern;
  queueName: string;
}

export interface EventFilter {
  detailType?: string;
  source?: string;
}

export interface RunningEventBus {
  url: string;
  port: number;
  rules: readonly BusRule[];
  /** Recent events put on the bus, oldest first (the event-capture rule tests assert on). */
  events(filter?: EventFilter): EventBridgeEvent[];
  clearEvents(): void;
  stop(): Promise<void>;
}

const MAX_ENTRIES = 10;
const MAX_REQUEST_BYTES = 256 * 1024;
const DELIVERY_ATTEMPTS = 4;
const log = logger.child({ component: 'eventbridge' });

/**
 * The event bus: answers PutEvents (AWS JSON 1.1) and, for each manifest subscription, runs a rule with its event
 * pattern whose target is the subscription's SQS queue; a matching event is sent there as the full EventBridge event
 * JSON, as AWS does. Delivery happens before PutEvents answers, so a caller that got an EventId can expect the
 * message in the queue. Also answers TestEventPattern and ListRules, and keeps recent events for
 * GET /_local/events?detailType=&source= (DELETE clears them).
 */
export async function startEventBus(options: {
  port: number;
  manifests: readonly ServiceManifest[];
  sqsEndpoint: string;
  busName?: string;
  /** How many recent events GET /_local/events keeps. */
  captureLimit?: number;
  hostname?: string;
}): Promise<RunningEventBus> {
  const busName = options.busName ?? EVENT_BUS_NAME;
  const busArn = `arn:aws:events:${REGION}:${ACCOUNT_ID}:event-bus/${busName}`;
  const captureLimit = options.captureLimit ?? 1000;
  const rules = compileRules(options.manifests, busName);
  const sqs = sqsClient(options.sqsEndpoint);
  const queueUrls = new Map<string, Promise<string>>();
  let captured: EventBridgeEvent[] = [];

  const queueUrl = (name: string) => {
    let url = queueUrls.get(name);
    if (!url) {
      url = sqs.send(new GetQueueUrlCommand({ QueueName: name })).then(({ QueueUrl }) => {
        if (!QueueUrl) throw new Error(`no URL for queue ${name}`);
        return QueueUrl;
      });
      url.catch(() => queueUrls.delete(name)); // look it up again next time (e.g. queues created later)
      queueUrls.set(name, url);
    }
    return url;
  };

  const deliver = async (rule: (typeof rules)[number], event: EventBridgeEvent) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await sqs.send(new SendMessageCommand({ QueueUrl: await queueUrl(rule.queueName), MessageBody: JSON.stringify(event) }));
        return;
      } catch (error) {
        if (attempt >= DELIVERY_ATTEMPTS) {
          // AWS would keep retrying for 24 h; locally we say so loudly instead.
          log.error('delivery to the rule target failed', { rule: rule.name, eventId: event.id, error });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * 4 ** attempt));
      }
    }
  };

  const isOurBus = (name: unknown) => name === busName || name === busArn;

  const putEvents = async (input: Record<string, unknown>) => {
    const entries = input.Entries;
    if (!Array.isArray(entries)) throw validation("Value null at 'entries' failed to satisfy constraint: Member must not be null");
    if (entries.length < 1) {
      throw validation("Value '[]' at 'entries' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    if (entries.length > MAX_ENTRIES) {
      throw validation(`Value at 'entries' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ENTRIES}`);
    }
    if (Buffer.byteLength(JSON.stringify(entries)) > MAX_REQUEST_BYTES) {
      throw validation('Total size of the entries in the request is over the limit.');
    }
    const results = entries.map((entry: unknown) => {
      const checked = checkEntry(entry, isOurBus, busName);
      if ('ErrorCode' in checked) return { result: checked };
      const event: EventBridgeEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': checked.detailType,
        source: checked.source,
        account: ACCOUNT_ID,
        time: checked.time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: REGION,
        resources: checked.resources,
        detail: checked.detail,
      };
      return { result: { EventId: event.id }, event };
    });
    const deliveries: Promise<void>[] = [];
    for (const { event } of results) {
      if (!event) continue;
      captured.push(event);
      const matched = rules.filter((rule) => rule.match(event));
      log.debug('event put', { eventId: event.id, source: event.source, detailType: event['detail-type'], rules: matched.map((r) => r.name) });
      for (const rule of matched) deliveries.push(deliver(rule, event));
    }
    if (captured.length > captureLimit) captured = captured.slice(-captureLimit);
    await Promise.all(deliveries);
    const out = results.map(({ result }) => result);
    return { FailedEntryCount: out.filter((r) => 'ErrorCode' in r).length, Entries: out };
  };

  const testEventPattern = (input: Record<string, unknown>) => {
    if (typeof input.EventPattern !== 'string' || typeof input.Event !== 'string') {
      throw validation('EventPattern and Event are required strings');
    }
    let pattern: unknown;
    let event: unknown;
    try {
      pattern = JSON.parse(input.EventPattern);
    } catch {
      throw new AwsError('InvalidEventPatternException', 'Event pattern is not valid. Reason: it is not valid JSON');
    }
    try {
      event = JSON.parse(input.Event);
    } catch {
      throw validation('Parameter Event is not valid.');
    }
    try {
      return { Result: compilePattern(pattern)(event) };
    } catch (error) {
      if (error instanceof InvalidEventPatternError) throw new AwsError('InvalidEventPatternException', error.message);
      throw error;
    }
  };

  const listRules = (input: Record<string, unknown>) => {
    if (input.EventBusName !== undefined && !isOurBus(input.EventBusName)) {
      throw new AwsError('ResourceNotFoundException', `Event bus ${String(input.EventBusName)} does not exist.`);
    }
    const prefix = typeof input.NamePrefix === 'string' ? input.NamePrefix : '';
    return {
      Rules: rules
        .filter((rule) => rule.name.startsWith(prefix))
        .map((rule) => ({ Name: rule.name, Arn: rule.arn, EventPattern: JSON.stringify(rule.pattern), State: 'ENABLED', EventBusName: busName })),
    };
  };

  const events = (filter: EventFilter = {}) =>
    captured.filter(
      (event) =>
        (filter.detailType === undefined || event['detail-type'] === filter.detailType) &&
        (filter.source === undefined || event.source === filter.source),
    );

  const localRoutes: LocalRoute = (req, res, url) => {
    if (url.pathname !== '/_local/events') return false;
    if (req.method === 'GET') {
      const filter: EventFilter = {};
      const detailType = url.searchParams.get('detailType');
      const source = url.searchParams.get('source');
      if (detailType) filter.detailType = detailType;
      if (source) filter.source = source;
      sendJson(res, 200, { events: events(filter) });
    } else if (req.method === 'DELETE') {
      captured = [];
      res.writeHead(204).end();
    } else {
      res.writeHead(405, { Allow: 'GET, DELETE' }).end();
    }
    return true;
  };

  const { server, port, url } = await listen(
    awsJsonHandler({
      protocol: '1.1',
      targetPrefix: 'AWSEvents',
      operations: { PutEvents: putEvents, TestEventPattern: testEventPattern, ListRules: listRules },
      localRoutes,
    }),
    options.port,
    options.hostname,
  );
  log.info('event bus listening', { url, bus: busName, rules: rules.length });

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    rules: rules.map(({ match: _match, ...rule }) => rule),
    events,
    clearEvents: () => {
      captured = [];
    },
    stop() {
      stopping ??= closeServer(server).finally(() => sqs.destroy());
      return stopping;
    },
  };
}

function compileRules(manifests: readonly ServiceManifest[], busName: string) {
  const rules: (BusRule & { match: (event: unknown) => boolean })[] = [];
  for (const manifest of manifests) {
    for (const subscription of manifest.subscriptions) {
      const name = ruleName(manifest.service, subscription.name);
      if (rules.some((rule) => rule.name === name)) throw new Error(`two subscriptions make the rule ${name}`);
      let match: (event: unknown) => boolean;
      try {
        match = compilePattern(subscription.pattern);
      } catch (error) {
        throw new Error(`services/${manifest.service} subscription ${subscription.name}: ${(error as Error).message}`);
      }
      rules.push({
        name,
        arn: `arn:aws:events:${REGION}:${ACCOUNT_ID}:rule/${busName}/${name}`,
        service: manifest.service,
        subscription: subscription.name,
        pattern: subscription.pattern,
        queueName: queueName(manifest.service, subscription.name),
        match,
      });
    }
  }
  return rules;
}

type CheckedEntry = { source: string; detailType: string; detail: Record<string, unknown>; resources: string[]; time: Date };
type EntryError = { ErrorCode: string; ErrorMessage: string };

/** Per-entry checks, answered per entry (FailedEntryCount) as AWS does. */
function checkEntry(entry: unknown, isOurBus: (name: unknown) => boolean, busName: string): CheckedEntry | EntryError {
  const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const required = (field: string): EntryError => ({
    ErrorCode: 'InvalidArgument',
    ErrorMessage: `Parameter ${field} is not valid. Reason: ${field} is a required argument.`,
  });
  if (typeof e.Source !== 'string' || e.Source === '') return required('Source');
  if (typeof e.DetailType !== 'string' || e.DetailType === '') return required('DetailType');
  if (typeof e.Detail !== 'string' || e.Detail === '') return required('Detail');
  // AWS would accept any name and drop the event silently when no such bus exists; locally we say so.
  if (!isOurBus(e.EventBusName)) {
    return {
      ErrorCode: 'InvalidArgument',
      ErrorMessage: `Parameter EventBusName is not valid. Reason: the only event bus is "${busName}" (got ${JSON.stringify(e.EventBusName ?? 'default')}).`,
    };
  }
  if (e.Source.startsWith('aws.')) return { ErrorCode: 'NotAuthorizedForSourceException', ErrorMessage: 'Not authorized for the source.' };
  let detail: unknown;
  try {
    detail = JSON.parse(e.Detail);
  } catch {
    detail = undefined;
  }
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  const resources = Array.isArray(e.Resources) ? e.Resources.filter((r): r is string => typeof r === 'string') : [];
  const time = typeof e.Time === 'number' ? new Date(e.Time * 1000) : new Date();
  return { source: e.Source, detailType: e.DetailType, detail: detail as Record<string, unknown>, resources, time };
}

const validation = (message: string) => new AwsError('ValidationException', `1 validation error detected: ${message}`);
