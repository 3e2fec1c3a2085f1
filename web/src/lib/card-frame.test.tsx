import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_FRAME_MESSAGE } from '@giving/shared/contracts/card-gateway';
import { attachCardGateway } from '../testing/card-gateway-fake';
import { GATEWAY_ORIGIN } from '../testing/fixtures';
import { CARD_FRAME_NOT_READY, CARD_FRAME_TIMEOUT, CardFrameError, CardInvalidError } from './card-errors';
import { useCardFrame, type CardFrame } from './card-frame';

function setup({ timeoutMs = 5000 } = {}) {
  const latest: { frame?: CardFrame } = {};
  function Harness() {
    const frame = useCardFrame({ url: `${GATEWAY_ORIGIN}/`, key: 'pk_test_local_platform', keyKind: 'publishableKey' }, { timeoutMs });
    latest.frame = frame;
    return frame.frameProps ? <iframe {...frame.frameProps} /> : null;
  }
  render(<Harness />);
  const iframe = screen.getByTitle('Card details') as HTMLIFrameElement;
  const gateway = attachCardGateway(iframe);
  return { iframe, gateway, frame: () => latest.frame as CardFrame };
}

describe('useCardFrame', () => {
  it('points the iframe at the gateway’s hosted fields with our origin and the publishable key', () => {
    const { iframe } = setup();
    expect(iframe.getAttribute('src')).toBe(
      `${GATEWAY_ORIGIN}/hosted-fields?parentOrigin=${encodeURIComponent('http://localhost:3000')}&publishableKey=pk_test_local_platform`,
    );
  });

  it('ignores messages from any other origin, even from the frame’s window', async () => {
    const { gateway, frame, iframe } = setup();

    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'ready' }, { origin: 'https://evil.example' });
    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'resize', height: 400 }, { origin: 'http://localhost:3000' });
    expect(frame().ready).toBe(false);
    expect(iframe.style.height).toBe('');

    await gateway.ready();
    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'resize', height: 400 });
    expect(frame().ready).toBe(true);
    expect(iframe.style.height).toBe('400px');
  });

  it('ignores messages from the gateway origin that come from another window or break the protocol', async () => {
    const { gateway, frame } = setup();
    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'ready' }, { source: window });
    await gateway.send({ type: 'something-else', event: 'ready' });
    await gateway.send('ready');
    expect(frame().ready).toBe(false);
  });

  it('does not let a forged reply from another origin settle a tokenise request', async () => {
    const { gateway, frame } = setup();
    await gateway.ready();
    gateway.replyNext({ event: 'silent' });
    const tokenising = frame().tokenise();
    const { requestId } = gateway.tokeniseRequests()[0] as { requestId: string };
    const settled = vi.fn();
    tokenising.then(settled, settled);

    await gateway.send(
      { type: CARD_FRAME_MESSAGE, event: 'tokenised', requestId, token: 'tok_forged000000', cardType: 'visa', last4: '0000' },
      { origin: 'https://evil.example' },
    );
    expect(settled).not.toHaveBeenCalled();

    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'tokenised', requestId, token: 'tok_real12345678', cardType: 'mastercard', last4: '4444' });
    await expect(tokenising).resolves.toEqual({ token: 'tok_real12345678', cardType: 'mastercard', last4: '4444' });
  });

  it('resizes the iframe when the frame asks', async () => {
    const { gateway, iframe } = setup();
    await gateway.send({ type: CARD_FRAME_MESSAGE, event: 'resize', height: 212.4 });
    expect(iframe.style.height).toBe('213px');
  });

  it('sends a tokenise request to the gateway origin only', async () => {
    const { gateway, frame } = setup();
    await gateway.ready();
    await act(() => frame().tokenise());
    const [message, targetOrigin] = gateway.frameWindow.postMessage.mock.calls[0] ?? [];
    expect(targetOrigin).toBe(GATEWAY_ORIGIN);
    expect(message).toEqual({ type: CARD_FRAME_MESSAGE, action: 'tokenise', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('rejects with the frame’s field errors when the card is invalid, and with the message on a gateway error', async () => {
    const { gateway, frame } = setup();
    await gateway.ready();

    gateway.replyNext({ event: 'invalid', errors: { number: 'Invalid Card Number!' } });
    const invalid = await frame().tokenise().catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(CardInvalidError);
    expect((invalid as CardInvalidError).errors).toEqual({ number: 'Invalid Card Number!' });

    gateway.replyNext({ event: 'error', message: 'The card gateway is unavailable.' });
    const failed = await frame().tokenise().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CardFrameError);
    expect((failed as Error).message).toBe('The card gateway is unavailable.');
  });

  it('refuses to tokenise before the frame is ready', async () => {
    const { frame } = setup();
    await expect(frame().tokenise()).rejects.toThrow(CARD_FRAME_NOT_READY);
  });

  it('gives up when the frame does not answer in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { gateway, frame } = setup({ timeoutMs: 1000 });
    await gateway.ready();
    gateway.replyNext({ event: 'silent' });
    const tokenising = frame().tokenise().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await tokenising;
    expect(error).toBeInstanceOf(CardFrameError);
    expect((error as Error).message).toBe(CARD_FRAME_TIMEOUT);
  });
});
