import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { CARD_FRAME_MESSAGE, type FromCardFrame, type ToCardFrame } from '@giving/shared/contracts/card-gateway';
import { cardTokenSchema, type CardToken } from '@giving/shared/contracts/donations-public';
import { randomId } from './random-id';
import { CARD_FRAME_NOT_READY, CARD_FRAME_TIMEOUT, CardFrameError, CardInvalidError } from './card-errors';

export interface CardGatewaySettings {
  /** The gateway's base URL, e.g. https://pay.example.com; its origin is the only one we listen to. */
  url: string;
  /** The merchant account's public key: a Platform account's publishable key, or the Trust account's client key. */
  key: string;
  /**
   * How the frame tokenises (spec §2: the nz country has its own behaviour): 'publishableKey' sends the card to the
   * gateway's tokens API; 'clientKey' (the Trust account, nz) encrypts card number and CVC in the frame first.
   */
  keyKind: 'publishableKey' | 'clientKey';
}

export interface CardFrameProps {
  ref: RefObject<HTMLIFrameElement | null>;
  src: string;
  title: string;
  style: CSSProperties;
}

export interface CardFrame {
  /** Spread onto an <iframe>; undefined until the gateway settings are known. */
  frameProps: CardFrameProps | undefined;
  /** The frame said 'ready'. */
  ready: boolean;
  /** Asks the frame for a single-use card token. Rejects with CardInvalidError or CardFrameError. */
  tokenise(): Promise<CardToken>;
  /** Moves keyboard focus into the card fields (after the frame reported invalid input). */
  focus(): void;
  /** Has the frame show what is wrong with the card as typed so far (the page's own fields were wrong). */
  showErrors(): void;
}

export const CARD_FRAME_TITLE = 'Card details';
export const DEFAULT_TOKENISE_TIMEOUT_MS = 20_000;
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 1200;


interface Pending {
  resolve: (token: CardToken) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Talks to the card gateway's hosted fields over postMessage (shared/contracts/card-gateway.ts).
 * The card number stays inside the gateway's iframe; this page only ever sees the token, card type and last 4 digits.
 * Messages count only when they come from the gateway's origin, from our iframe, with the protocol's type.
 */
export function useCardFrame(gateway: CardGatewaySettings | undefined, { timeoutMs = DEFAULT_TOKENISE_TIMEOUT_MS } = {}): CardFrame {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const pending = useRef(new Map<string, Pending>());
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState<number>();

  const url = gateway?.url;
  const key = gateway?.key;
  const keyKind = gateway?.keyKind;
  const origin = useMemo(() => (url ? new URL(url).origin : undefined), [url]);
  const src = useMemo(() => {
    if (!url || !key || !keyKind) return undefined;
    const query = new URLSearchParams({ parentOrigin: window.location.origin, [keyKind]: key });
    return `${url.replace(/\/+$/, '')}/hosted-fields?${query.toString()}`;
  }, [url, key, keyKind]);

  useEffect(() => {
    if (!origin) return;
    const requests = pending.current;
    const settle = (requestId: string, outcome: { token: CardToken } | { error: Error }) => {
      const request = requests.get(requestId);
      if (!request) return;
      requests.delete(requestId);
      clearTimeout(request.timer);
      if ('token' in outcome) request.resolve(outcome.token);
      else request.reject(outcome.error);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      const message = readMessage(event.data);
      if (!message) return;
      switch (message.event) {
        case 'ready':
          setReady(true);
          break;
        case 'resize':
          if (Number.isFinite(message.height)) setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(message.height))));
          break;
        case 'change':
          break;
        case 'tokenised': {
          const token = cardTokenSchema.safeParse({ token: message.token, cardType: message.cardType, last4: message.last4 });
          settle(message.requestId, token.success ? { token: token.data } : { error: new CardFrameError('The card could not be read. Please try again.') });
          break;
        }
        case 'invalid':
          settle(message.requestId, { error: new CardInvalidError(message.errors) });
          break;
        case 'error':
          settle(message.requestId, { error: new CardFrameError(message.message || 'Your card could not be processed. Please try again.') });
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      for (const [requestId, request] of requests) {
        clearTimeout(request.timer);
        request.reject(new CardFrameError('The card form was closed.'));
        requests.delete(requestId);
      }
      setReady(false);
    };
  }, [origin]);

  const tokenise = useCallback((): Promise<CardToken> => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!origin || !frameWindow || !ready) return Promise.reject(new CardFrameError(CARD_FRAME_NOT_READY));
    const requestId = randomId();
    return new Promise<CardToken>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.current.delete(requestId);
        reject(new CardFrameError(CARD_FRAME_TIMEOUT));
      }, timeoutMs);
      pending.current.set(requestId, { resolve, reject, timer });
      const message: ToCardFrame = { type: CARD_FRAME_MESSAGE, action: 'tokenise', requestId };
      // Addressed to the gateway's origin only: if the frame navigated elsewhere, the browser drops it.
      frameWindow.postMessage(message, origin);
    });
  }, [origin, ready, timeoutMs]);

  const focus = useCallback(() => frameRef.current?.focus(), []);

  const showErrors = useCallback(() => {
    const message: ToCardFrame = { type: CARD_FRAME_MESSAGE, action: 'validate' };
    if (origin && ready) frameRef.current?.contentWindow?.postMessage(message, origin);
  }, [origin, ready]);

  const frameProps = useMemo<CardFrameProps | undefined>(
    () => (src ? { ref: frameRef, src, title: CARD_FRAME_TITLE, style: { height: height ?? undefined } } : undefined),
    [src, height],
  );

  return { frameProps, ready, tokenise, focus, showErrors };
}

const EVENTS = new Set<FromCardFrame['event']>(['ready', 'resize', 'change', 'tokenised', 'invalid', 'error']);

/** Accepts only well-formed protocol messages; anything else on the window (extensions, other frames) is ignored. */
function readMessage(data: unknown): FromCardFrame | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (message.type !== CARD_FRAME_MESSAGE || typeof message.event !== 'string' || !EVENTS.has(message.event as FromCardFrame['event'])) {
    return undefined;
  }
  if (message.event === 'resize' && typeof message.height !== 'number') return undefined;
  if (['tokenised', 'invalid', 'error'].includes(message.event) && typeof message.requestId !== 'string') return undefined;
  if (message.event === 'invalid' && (typeof message.errors !== 'object' || message.errors === null)) return undefined;
  return message as unknown as FromCardFrame;
}
