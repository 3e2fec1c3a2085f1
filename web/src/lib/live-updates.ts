import { useEffect, useRef } from 'react';
import { liveSocketUrl, type LiveChannel } from '@giving/shared/live/channels';

/**
 * Live updates (a fundraising page's total, within seconds of a donation): one WebSocket per channel on the site's own
 * origin (/live, which CloudFront forwards to the WebSocket API), shared by everyone on the page who subscribes to it.
 * While the socket is not open (not yet, refused, dropped, or no WebSocket at all) each subscriber's `poll` runs every
 * `pollEveryMs`, so the page still moves; it stops once the socket is open. A dropped socket comes back after 1 s,
 * doubling to 30 s, each wait drawn at random from its upper half (so a deployment's dropped sockets do not all come
 * back at once); the waits start again at 1 s once a socket has opened. API Gateway closes a socket after 10 idle
 * minutes and after 2 hours in any case: that is one more reconnect.
 */
export interface LiveOptions {
  /** Fetches what the socket would have brought (the page's total), while the socket is not open. */
  poll?: () => unknown;
  /** Default 15 s. */
  pollEveryMs?: number;
}

export const DEFAULT_POLL_EVERY_MS = 15_000;
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

/** What the module needs from the page; tests give their own. */
export interface LiveEnvironment {
  /** The WebSocket constructor, or undefined where there is none. */
  webSocket: () => typeof WebSocket | undefined;
  /** The page's origin, e.g. https://koha.example. */
  origin: () => string;
  random?: () => number;
}

interface Subscriber {
  onMessage: (message: unknown) => void;
  options: LiveOptions;
  timer?: ReturnType<typeof setInterval>;
}

interface Shared {
  subscribers: Set<Subscriber>;
  socket?: WebSocket;
  open: boolean;
  retries: number;
  retryTimer?: ReturnType<typeof setTimeout>;
}

/** The wait before reconnect number `retries` (0-based): 1 s doubling to 30 s, from the upper half of each at random. */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export function createLiveUpdates(environment: LiveEnvironment) {
  const channels = new Map<LiveChannel, Shared>();
  const random = environment.random ?? Math.random;

  const startPolling = (subscriber: Subscriber) => {
    if (!subscriber.options.poll || subscriber.timer !== undefined) return;
    subscriber.timer = setInterval(() => {
      try {
        void Promise.resolve(subscriber.options.poll?.()).catch(() => undefined);
      } catch {
        // A failing poll is tried again at the next tick.
      }
    }, subscriber.options.pollEveryMs ?? DEFAULT_POLL_EVERY_MS);
  };
  const stopPolling = (subscriber: Subscriber) => {
    clearInterval(subscriber.timer);
    subscriber.timer = undefined;
  };

  function connect(channel: LiveChannel, shared: Shared): void {
    const Socket = environment.webSocket();
    if (!Socket) return; // Polling only.
    let socket: WebSocket;
    try {
      socket = new Socket(liveSocketUrl(environment.origin(), channel));
    } catch {
      return scheduleReconnect(channel, shared);
    }
    shared.socket = socket;
    socket.onopen = () => {
      shared.open = true;
      shared.retries = 0;
      for (const subscriber of shared.subscribers) stopPolling(subscriber);
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      for (const subscriber of [...shared.subscribers]) {
        try {
          subscriber.onMessage(message);
        } catch (error) {
          console.error('live update subscriber failed', error);
        }
      }
    };
    socket.onclose = () => {
      if (shared.socket !== socket) return;
      shared.socket = undefined;
      shared.open = false;
      if (channels.get(channel) !== shared) return; // Unsubscribed: nothing more to do.
      for (const subscriber of shared.subscribers) startPolling(subscriber);
      scheduleReconnect(channel, shared);
    };
    // An error is followed by close, which does the rest.
    socket.onerror = () => undefined;
  }

  function scheduleReconnect(channel: LiveChannel, shared: Shared): void {
    clearTimeout(shared.retryTimer);
    const delay = retryDelayMs(shared.retries, random);
    shared.retries += 1;
    shared.retryTimer = setTimeout(() => {
      shared.retryTimer = undefined;
      if (channels.get(channel) === shared) connect(channel, shared);
    }, delay);
  }

  /** Subscribes to a channel's messages (parsed JSON); returns the unsubscribe function. */
  function subscribeLive<T = unknown>(channel: LiveChannel, onMessage: (message: T) => void, options: LiveOptions = {}): () => void {
    let shared = channels.get(channel);
    const isNew = !shared;
    if (!shared) {
      shared = { subscribers: new Set(), open: false, retries: 0 };
      channels.set(channel, shared);
    }
    const subscriber: Subscriber = { onMessage: onMessage as (message: unknown) => void, options };
    shared.subscribers.add(subscriber);
    if (!shared.open) startPolling(subscriber);
    if (isNew) connect(channel, shared);

    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      const current = channels.get(channel);
      if (!current) return;
      stopPolling(subscriber);
      current.subscribers.delete(subscriber);
      if (current.subscribers.size > 0) return;
      channels.delete(channel);
      clearTimeout(current.retryTimer);
      const socket = current.socket;
      current.socket = undefined;
      current.open = false;
      socket?.close(1000, 'Left the page');
    };
  }

  return { subscribeLive, openChannels: () => [...channels.keys()] };
}

const pageLive = createLiveUpdates({
  webSocket: () => (typeof WebSocket === 'undefined' ? undefined : WebSocket),
  origin: () => window.location.origin,
});

/** The page's live updates: one socket per channel, shared by every subscriber. */
export const subscribeLive = pageLive.subscribeLive;

/**
 * Subscribes while mounted (and `channel` is given): the latest `onMessage` and `poll` are called, so passing new
 * functions on each render does not reconnect.
 */
export function useLiveChannel<T = unknown>(channel: LiveChannel | undefined, onMessage: (message: T) => void, options: LiveOptions = {}): void {
  const latest = useRef({ onMessage, poll: options.poll });
  latest.current = { onMessage, poll: options.poll };
  const polls = options.poll !== undefined;
  const { pollEveryMs } = options;
  useEffect(() => {
    if (!channel) return undefined;
    return subscribeLive<T>(channel, (message) => latest.current.onMessage(message), {
      ...(polls ? { poll: () => latest.current.poll?.() } : {}),
      ...(pollEveryMs !== undefined ? { pollEveryMs } : {}),
    });
  }, [channel, polls, pollEveryMs]);
}
