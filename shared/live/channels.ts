/**
 * Live updates: a browser opens one WebSocket per channel on the site's own origin, at LIVE_PATH?channel=<channel>;
 * the owning service posts JSON messages to everyone on the channel (shared/live/publisher.ts). A channel names one
 * thing by its id (ULID): a fundraising page or event. Imported by the SPA too, so nothing here touches AWS.
 */

/** The path browsers connect to (CloudFront forwards it to the WebSocket API, whose stage has the same name). */
export const LIVE_PATH = '/live';
/** The WebSocket API's stage: `wss://<api>.execute-api.<region>.amazonaws.com/live` is LIVE_PATH behind CloudFront. */
export const LIVE_STAGE = 'live';
/** The query parameter naming the channel. */
export const CHANNEL_PARAMETER = 'channel';

export const CHANNEL_KINDS = ['page', 'event'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export type LiveChannel = `${ChannelKind}:${string}`;

/** A ULID as our id generator writes it: 26 Crockford base32 capitals, the first 0-7 (48-bit time). */
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const CHANNEL = /^(page|event):(.*)$/;

export const liveChannel = {
  page: (pageId: string): LiveChannel => `page:${pageId}`,
  event: (eventId: string): LiveChannel => `event:${eventId}`,
};

/** Why a value is not a channel (the detail of the 400 that refuses the upgrade), or undefined when it is one. */
export function channelProblem(value: unknown): string | undefined {
  if (value === undefined || value === '') return `Name the channel: ?${CHANNEL_PARAMETER}=page:<pageId> or event:<eventId>.`;
  if (typeof value !== 'string') return `Give one ${CHANNEL_PARAMETER}.`;
  const match = CHANNEL.exec(value);
  if (!match) return `A channel is page:<pageId> or event:<eventId>.`;
  if (!ULID.test(match[2] as string)) return `The ${match[1]} id must be a 26-character ULID.`;
  return undefined;
}

export function isLiveChannel(value: unknown): value is LiveChannel {
  return channelProblem(value) === undefined;
}

/** The address a browser opens for a channel, on the page's own origin (ws: under http:, wss: under https:). */
export function liveSocketUrl(origin: string, channel: LiveChannel): string {
  const url = new URL(LIVE_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set(CHANNEL_PARAMETER, channel);
  return url.toString();
}
