import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { CARD_FRAME_MESSAGE, type FromCardFrame, type ToCardFrame } from '@giving/shared/contracts/card-gateway';
import { GATEWAY_ORIGIN } from './fixtures';

type Reply =
  | { event: 'tokenised'; token: string; cardType: 'visa' | 'mastercard' | 'amex' | 'unknown'; last4: string }
  | { event: 'invalid'; errors: Record<string, string> }
  | { event: 'error'; message: string }
  | { event: 'silent' };

export const APPROVED_CARD: Reply = { event: 'tokenised', token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' };

/**
 * Plays the card gateway's hosted fields inside an <iframe> that happy-dom never loads: gives the iframe a window,
 * answers 'tokenise' requests with the queued replies, records 'validate' requests, and sends messages from the
 * gateway's origin.
 */
export function attachCardGateway(iframe: HTMLIFrameElement, { origin = GATEWAY_ORIGIN } = {}) {
  const replies: Reply[] = [];
  const frameWindow = {
    postMessage: vi.fn((message: ToCardFrame, targetOrigin: string) => {
      if (targetOrigin !== origin || message.type !== CARD_FRAME_MESSAGE || message.action !== 'tokenise') return;
      const reply = replies.shift() ?? APPROVED_CARD;
      if (reply.event === 'silent') return;
      // The real frame answers asynchronously, after talking to the gateway.
      queueMicrotask(() => send({ type: CARD_FRAME_MESSAGE, requestId: message.requestId, ...reply } as FromCardFrame));
    }),
  };
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => frameWindow });

  function send(data: unknown, from: { origin?: string; source?: unknown } = {}) {
    const event = new MessageEvent('message', {
      data,
      origin: from.origin ?? origin,
      source: (from.source === undefined ? frameWindow : from.source) as Window,
    });
    window.dispatchEvent(event);
  }

  return {
    frameWindow,
    /** Queues how the next 'tokenise' request is answered (default: an approved Visa token). */
    replyNext(reply: Reply) {
      replies.push(reply);
    },
    /** Sends a message as if from the frame (or, with `from`, from another origin or window). */
    send: (data: unknown, from?: { origin?: string; source?: unknown }) => act(() => send(data, from)),
    /**
     * The frame says it is ready. The page's listener is added by an effect after the render that drew the iframe; a
     * real frame's document loads well after that, but a test may find the iframe first, so pending effects are run
     * before the message is sent (under load it was otherwise lost, and the checkout said the card form was loading).
     */
    ready: async () => {
      await act(async () => {});
      await act(() => send({ type: CARD_FRAME_MESSAGE, event: 'ready' }));
    },
    tokeniseRequests: () => frameWindow.postMessage.mock.calls.map(([message]) => message).filter((message) => message.action === 'tokenise'),
    /** The page's requests to show the card errors ('validate'), each to the gateway's origin only. */
    validateRequests: () => frameWindow.postMessage.mock.calls.filter(([message, target]) => message.action === 'validate' && target === origin),
  };
}
