import { DomainError } from '@giving/shared/errors';
import { CHANNEL_PARAMETER, channelProblem, type LiveChannel } from '@giving/shared/live/channels';
import { singleQueryValue, webSocketConnect, webSocketDisconnect } from '@giving/shared/lambda/websocket';
import { liveConnections } from '../adapters/live';

/**
 * The WebSocket API's `$connect`: a browser subscribes to one page's or event's progress with
 * `?channel=page:<pageId>` (or `event:<eventId>`). Anything else is refused with a 400 naming query.channel, so the
 * upgrade fails and nothing is written.
 */
export const connect = webSocketConnect(async ({ connectionId, query, connectedAt, log }) => {
  const channel = singleQueryValue(query, CHANNEL_PARAMETER);
  const problem = channelProblem(channel);
  if (problem) throw new DomainError('ValidationFailed', `query.${CHANNEL_PARAMETER}: ${problem}`, [{ field: `query.${CHANNEL_PARAMETER}`, message: problem }]);
  await liveConnections().add({ connectionId, channel: channel as LiveChannel, connectedAt });
  log.debug('subscribed', { channel });
});

/** `$disconnect`: the connection leaves its channel. */
export const disconnect = webSocketDisconnect(async ({ connectionId }) => {
  await liveConnections().remove(connectionId);
});
