import { CARD_FRAME_MESSAGE, TEST_CARDS, type FromCardFrame } from '@giving/shared/contracts/card-gateway';
import { Browser, Window, type BrowserFrame } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCheckoutSite } from './checkout-site.testing';
import { startCardGateway, type RunningCardGateway } from './server';

/**
 * The nz variant of the hosted fields (framed with `clientKey=`): the page fetches the Trust account's public key,
 * encrypts the card number and CVC in the frame with WebCrypto and sends only ciphertext; the checkout gets the same
 * 'tokenised' message as with the publishable key. Only the encrypted-tokens API makes tokens of the Trust's account,
 * so a Trust token shows the card went that way.
 */
const PUBLISHABLE_KEY = 'pk_test_hosted_encrypted';
const TRUST = { name: 'trust', clientKey: 'ck_test_hosted_encrypted', apiKey: 'sk_test_hosted_encrypted_trust' };
let site: Awaited<ReturnType<typeof startCheckoutSite>>;
let siteOrigin: string;
let gateway: RunningCardGateway;

const fieldsUrl = (clientKey = TRUST.clientKey, parentOrigin = siteOrigin) =>
  `${gateway.url}/hosted-fields?parentOrigin=${encodeURIComponent(parentOrigin)}&clientKey=${encodeURIComponent(clientKey)}`;

beforeAll(async () => {
  site = await startCheckoutSite(() => ({ gatewayUrl: gateway.url, fieldsUrl: fieldsUrl() }));
  siteOrigin = site.origin;
  gateway = await startCardGateway({ port: 0, siteOrigin, apiKey: 'sk_test_hosted_encrypted', publishableKey: PUBLISHABLE_KEY, encryptingAccounts: [TRUST] });
});

afterAll(async () => {
  await gateway.stop();
  await site.close();
});

describe('the clientKey hosted-fields page', () => {
  it('renders the same labelled fields, with only its own nonce-bearing script and a CSP that lets it reach the gateway alone', async () => {
    const response = await fetch(fieldsUrl());
    expect(response.status).toBe(200);
    const html = await response.text();
    const window = new Window({ url: gateway.url });
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    for (const id of ['name', 'number', 'expMonth', 'expYear', 'cvc']) expect(document.getElementById(id)?.tagName).toBe('INPUT');

    const csp = response.headers.get('content-security-policy') ?? '';
    // What the variant needs: its inline script (nonce), and fetch to its own origin for the key and the encrypted token.
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors ${siteOrigin}`);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    for (const script of document.querySelectorAll('script')) expect(script.getAttribute('nonce')).toBe(nonce);
    expect(document.querySelectorAll('script[src], link, img, iframe')).toHaveLength(0);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');

    const config = JSON.parse(document.getElementById('hosted-fields-config')?.textContent ?? '{}') as Record<string, unknown>;
    expect(config).toMatchObject({ parentOrigin: siteOrigin, clientKey: TRUST.clientKey });
    expect(config).not.toHaveProperty('publishableKey');
    expect(html).not.toContain(TRUST.apiKey);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await window.happyDOM.close();
  });

  it('refuses an unknown client key (401), a secret key as client key, and a foreign parent origin', async () => {
    expect((await fetch(fieldsUrl('ck_test_nobody'))).status).toBe(401);
    expect((await fetch(fieldsUrl(TRUST.apiKey))).status).toBe(401);
    expect((await fetch(fieldsUrl(PUBLISHABLE_KEY))).status).toBe(401);
    expect((await fetch(fieldsUrl(TRUST.clientKey, 'https://evil.example'))).status).toBe(400);
  });
});

describe('inside the nz checkout', () => {
  let browser: Browser;
  let frame: BrowserFrame;
  let parent: { received: FromCardFrame[]; tokenise(requestId: string): void };

  beforeAll(() => {
    browser = new Browser({ settings: { enableJavaScriptEvaluation: true, enableIframePageLoading: true, suppressInsecureJavaScriptEnvironmentWarning: true } });
  });

  afterAll(async () => {
    await browser.close();
  });

  afterEach(async () => {
    await frame?.page.close();
  });

  async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out; messages so far: ${JSON.stringify(parent?.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function openCheckout(): Promise<void> {
    const page = browser.newPage();
    await page.goto(siteOrigin);
    await page.waitUntilComplete();
    parent = page.mainFrame.window as unknown as typeof parent;
    await until(() => parent.received.some((m) => m.event === 'ready'));
    frame = page.mainFrame.childFrames[0]!;
  }

  const input = (id: string) => frame.document.getElementById(id) as unknown as { value: string; dispatchEvent(event: unknown): boolean };
  function fill(card: Record<string, string>): void {
    for (const [id, value] of Object.entries(card)) {
      input(id).value = value;
      input(id).dispatchEvent(new frame.window.Event('input', { bubbles: true }));
      input(id).dispatchEvent(new frame.window.Event('blur'));
    }
  }
  const answer = async (requestId: string) => {
    await until(() => parent.received.some((m) => 'requestId' in m && m.requestId === requestId));
    return parent.received.find((m) => 'requestId' in m && m.requestId === requestId)!;
  };

  it('encrypts in the frame and hands the checkout only a Trust token, card type and last 4', async () => {
    await openCheckout();
    fill({ name: 'Aroha Ngata', number: TEST_CARDS.approve, expMonth: '7', expYear: '39', cvc: '123' });
    parent.tokenise('nz-1');
    const reply = await answer('nz-1');
    expect(reply).toEqual({ type: CARD_FRAME_MESSAGE, event: 'tokenised', requestId: 'nz-1', token: expect.stringMatching(/^tok_/), cardType: 'visa', last4: '4242' });
    expect(JSON.stringify(parent.received)).not.toContain(TEST_CARDS.approve);
    const token = (reply as { token: string }).token;
    // Only the encrypted-tokens API makes tokens of the Trust's account.
    expect(gateway.snapshot().tokens.find((t) => t.id === token)).toMatchObject({ account: 'trust', card: { brand: 'visa', last4: '4242', expMonth: 7, expYear: 2039 } });

    const charge = await fetch(`${gateway.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TRUST.apiKey}`, 'idempotency-key': 'hosted-encrypted-nz-1', 'content-type': 'application/json' },
      body: JSON.stringify({ source: token, amount: 1578, currency: 'nzd' }),
    });
    expect(charge.status).toBe(200);
  });

  it('answers invalid fields before encrypting anything, with the spec messages', async () => {
    await openCheckout();
    fill({ name: 'Aroha Ngata', number: '4242424242424241', expMonth: '07', expYear: '39', cvc: '12' });
    parent.tokenise('nz-bad');
    expect(await answer('nz-bad')).toMatchObject({ event: 'invalid', errors: { number: 'Invalid Card Number!', cvc: 'Invalid Number!' } });
  });
});
