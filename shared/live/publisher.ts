import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ENV } from '../manifest';
import { requireEnv } from '../lambda/env';
import { logger as rootLogger, type Logger } from '../lambda/logger';
import type { LiveChannel } from './channels';
import type { LiveConnections } from './connections';

/**
 * Sends a JSON message to every browser on a channel: one query for the channel's connections, then a
 * PostToConnection per connection through the WebSocket API's management API, at most `concurrency` at a time. A
 * connection the API says is gone (GoneException, 410: the browser left without `$disconnect` reaching us yet) is
 * deleted. Other failures are counted and logged, not thrown: a message is a snapshot (a page's total), so the next
 * one repairs a missed one, and retrying the whole channel would send everyone else theirs twice.
 */
export interface ChannelPostResult {
  connections: number;
  sent: number;
  gone: number;
  failed: number;
}

/**
 * What a round of posts sends: one message, or a function giving the newest message when each post is made. With the
 * function, a round of a thousand posts that takes a second sends a message that changed meanwhile to the connections
 * it has not reached yet, instead of finishing with the old one (the function is called once per post; keep it cheap).
 */
export type LiveMessage = unknown | (() => unknown);

export interface LivePublisher {
  postToChannel(channel: LiveChannel, message: LiveMessage): Promise<ChannelPostResult>;
  /** The same, to connections already read (`LiveConnections.ofChannel`): for a caller that skips a channel nobody is on. */
  postToConnections(channel: LiveChannel, connectionIds: readonly string[], message: LiveMessage): Promise<ChannelPostResult>;
}

/** API Gateway's limit for one WebSocket message (frames are 32 KB; a message up to 128 KB). */
export const MAX_LIVE_MESSAGE_BYTES = 128 * 1024;
/** Posts in flight at once: the SDK's HTTP agent keeps 50 sockets, so more would only queue inside it. */
export const DEFAULT_POST_CONCURRENCY = 50;

export interface LivePublisherOptions {
  connections: LiveConnections;
  client: Pick<ApiGatewayManagementApiClient, 'send'>;
  concurrency?: number;
  log?: Logger;
}

export function liveChannelPublisher(options: LivePublisherOptions): LivePublisher {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_POST_CONCURRENCY);
  const log = options.log ?? rootLogger;
  const postAll = async (channel: LiveChannel, ids: readonly string[], dataOf: () => Uint8Array): Promise<ChannelPostResult> => {
    const result: ChannelPostResult = { connections: ids.length, sent: 0, gone: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const connectionId = ids[next++] as string;
        try {
          await options.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: dataOf() }));
          result.sent++;
        } catch (error) {
          if (isGone(error)) {
            result.gone++;
            await options.connections.removeFromChannel(channel, connectionId).catch((cleanup: unknown) => {
              log.warn('could not forget a gone live connection', { channel, connectionId, error: cleanup });
            });
          } else {
            result.failed++;
            log.warn('live post failed', { channel, connectionId, error });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
    if (result.failed > 0 || result.gone > 0) log.info('live post', { channel, ...result });
    return result;
  };
  const publisher: LivePublisher = {
    async postToChannel(channel, message) {
      const dataOf = encoder(message);
      dataOf();
      return postAll(channel, await options.connections.ofChannel(channel), dataOf);
    },
    async postToConnections(channel, ids, message) {
      const dataOf = encoder(message);
      dataOf();
      return postAll(channel, ids, dataOf);
    },
  };
  return publisher;
}

/** The bytes of the message now: encoded (and checked) once per distinct message, not once per post. */
function encoder(message: LiveMessage): () => Uint8Array {
  if (typeof message !== 'function') {
    const data = encode(message);
    return () => data;
  }
  let last: { message: unknown; data: Uint8Array } | undefined;
  return () => {
    const now = (message as () => unknown)();
    if (!last || last.message !== now) last = { message: now, data: encode(now) };
    return last.data;
  };
}

function encode(message: unknown): Uint8Array {
  const data = new TextEncoder().encode(JSON.stringify(message));
  if (data.byteLength > MAX_LIVE_MESSAGE_BYTES) {
    throw new Error(`A live message is at most ${MAX_LIVE_MESSAGE_BYTES} bytes; this one is ${data.byteLength}`);
  }
  return data;
}

function isGone(error: unknown): boolean {
  return error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 410;
}

/** The management API client for LIVE_CONNECTIONS_ENDPOINT (set by CDK and by the local platform). */
export function liveConnectionsClient(): ApiGatewayManagementApiClient {
  return new ApiGatewayManagementApiClient({ endpoint: requireEnv(ENV.liveConnectionsEndpoint) });
}
