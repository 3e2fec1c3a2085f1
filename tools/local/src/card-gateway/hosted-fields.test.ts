import { CARD_FRAME_MESSAGE, TEST_CARDS, type FromCardFrame } from '@giving/shared/contracts/card-gateway';
import { Browser, Window, type BrowserFrame } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCheckoutSite } from './checkout-site.testing';
import { startCardGateway, type RunningCardGateway } from './server';

/**
 * The hosted fields as our checkout uses them: a page on a "site" origin embeds the gateway's page in an iframe
 * and talks to it by postMessage. happy-dom runs both pages (two origins, real HTTP, the page's own script).
 */
const PUBLISHABLE_KEY = 'pk_test_hosted_fields';
const API_KEY = 'sk_test_hosted_fields';
let site: Awaited<ReturnType<typeof startCheckoutSite>>;
let siteOrigin: string;
let gateway: RunningCardGateway;

const fieldsUrl = (parentOrigin = siteOrigin, publishableKey = PUBLISHABLE_KEY) =>
  `${gateway.url}/hosted-fields?parentOrigin=${encodeURIComponent(parentOrigin)}&publishableKey=${encodeURIComponent(publishableKey)}`;

beforeAll(async () => {
  site = await startCheckoutSite(() => ({ gatewayUrl: gateway.url, fieldsUrl: fieldsUrl() }));
  siteOrigin = site.origin;
  gateway = await startCardGateway({ port: 0, siteOrigin, apiKey: API_KEY, publishableKey: PUBLISHABLE_KEY });
});

afterAll(async () => {
  await gateway.stop();
  await site.close();
});

describe('the hosted-fields page', () => {
  async function load(url = fieldsUrl()) {
    const response = await fetch(url);
    const html = await response.text();
    const window = new Window({ url: gateway.url });
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    return { response, html, document, close: () => window.happyDOM.close() };
  }

  it('has a labelled, autocompleting input per card field with the spec limits', async () => {
    const { response, document, close } = await load();
    expect(response.status).toBe(200);
    const fields = [
      ['name', 'Name on Card', 'cc-name', '100', null],
      ['number', 'Card Number', 'cc-number', '23', 'numeric'],
      ['expMonth', 'Expiry Month', 'cc-exp-month', '2', 'numeric'],
      ['expYear', 'Expiry Year', 'cc-exp-year', '4', 'numeric'],
      ['cvc', 'CVC', 'cc-csc', '4', 'numeric'],
    ] as const;
    for (const [id, label, autocomplete, maxLength, inputMode] of fields) {
      const input = document.getElementById(id);
      expect(input?.tagName).toBe('INPUT');
      expect(document.querySelector(`label[for="${id}"]`)?.textContent).toBe(label);
      expect(input?.getAttribute('autocomplete')).toBe(autocomplete);
      expect(input?.getAttribute('maxlength')).toBe(maxLength);
      expect(input?.getAttribute('inputmode')).toBe(inputMode);
      // Nothing to describe until the field shows an error.
      expect(input?.hasAttribute('aria-describedby')).toBe(false);
      expect(document.getElementById(`${id}-error`)).not.toBeNull();
    }
    expect(document.getElementById('expMonth')?.getAttribute('placeholder')).toBe('MM');
    expect(document.getElementById('expYear')?.getAttribute('placeholder')).toBe('YY');
    close();
  });

  it('may be framed only by our site, loads nothing from elsewhere, and runs only its own nonce-bearing script', async () => {
    const { response, html, document, close } = await load();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${siteOrigin}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    for (const script of document.querySelectorAll('script')) expect(script.getAttribute('nonce')).toBe(nonce);
    expect(document.querySelectorAll('script[src], link, img, iframe')).toHaveLength(0);
    expect(html).not.toMatch(/\s(src|href)=/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    close();
  });

  it('refuses a parent origin other than our site, and an unknown publishable key', async () => {
    const other = await fetch(fieldsUrl('https://evil.example'));
    expect(other.status).toBe(400);
    expect(other.headers.get('content-security-policy')).toContain(`frame-ancestors ${siteOrigin}`);
    expect(await other.text()).not.toContain('card-form');
    expect((await fetch(`${gateway.url}/hosted-fields?publishableKey=${PUBLISHABLE_KEY}`)).status).toBe(400);
    expect((await fetch(fieldsUrl(siteOrigin, 'pk_wrong'))).status).toBe(401);
  });
});

describe('inside the checkout', () => {
  let browser: Browser;
  let frame: BrowserFrame;
  let parent: { received: FromCardFrame[]; tokenise(requestId: string): void; validate(): void };

  beforeAll(() => {
    browser = new Browser({ settings: { enableJavaScriptEvaluation: true, enableIframePageLoading: true, suppressInsecureJavaScriptEnvironmentWarning: true } });
  });

  afterAll(async () => {
    await browser.close();
  });

  async function openCheckout(): Promise<void> {
    const page = browser.newPage();
    await page.goto(siteOrigin);
    await page.waitUntilComplete();
    parent = page.mainFrame.window as unknown as typeof parent;
    await until(() => parent.received.some((m) => m.event === 'ready'));
    frame = page.mainFrame.childFrames[0]!;
  }

  afterEach(async () => {
    await frame?.page.close();
  });

  async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out; messages so far: ${JSON.stringify(parent?.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const input = (id: string) => frame.document.getElementById(id) as unknown as { value: string; getAttribute(name: string): string | null; dispatchEvent(event: unknown): boolean };
  const message = (id: string) => frame.document.getElementById(`${id}-error`)?.textContent ?? '';
  function type(id: string, value: string): void {
    input(id).value = value;
    input(id).dispatchEvent(new frame.window.Event('input', { bubbles: true }));
  }
  function blur(id: string): void {
    input(id).dispatchEvent(new frame.window.Event('blur'));
  }
  function fill(card: { name: string; number: string; expMonth: string; expYear: string; cvc: string }): void {
    for (const [id, value] of Object.entries(card)) {
      type(id, value);
      blur(id);
    }
  }
  const answer = async (requestId: string) => {
    await until(() => parent.received.some((m) => 'requestId' in m && m.requestId === requestId));
    return parent.received.find((m) => 'requestId' in m && m.requestId === requestId)!;
  };

  it('says ready and reports its height on load', async () => {
    await openCheckout();
    expect(parent.received[0]).toEqual({ type: CARD_FRAME_MESSAGE, event: 'ready' });
    expect(parent.received.find((m) => m.event === 'resize')).toMatchObject({ height: expect.any(Number) });
  });

  it('shows a field message after blur, pads the month and trims the name', async () => {
    await openCheckout();
    type('expMonth', '13');
    expect(message('expMonth')).toBe('');
    blur('expMonth');
    expect(message('expMonth')).toBe('Invalid Month!');
    expect(input('expMonth').getAttribute('aria-invalid')).toBe('true');
    expect(input('expMonth').getAttribute('aria-describedby')).toBe('expMonth-error');

    type('expMonth', '3a');
    expect(input('expMonth').value).toBe('3');
    blur('expMonth');
    expect(input('expMonth').value).toBe('03');
    expect(input('expMonth').getAttribute('aria-invalid')).toBeNull();
    expect(input('expMonth').getAttribute('aria-describedby')).toBeNull();

    type('name', '  Jane Doe  ');
    blur('name');
    expect(input('name').value).toBe('Jane Doe');
    expect(message('name')).toBe('');
    type('name', '4242');
    expect(message('name')).toBe('Invalid Card Name!');

    type('number', '4242424242424242');
    blur('number');
    expect(input('number').value).toBe('4242 4242 4242 4242');
    expect(message('number')).toBe('');
  });

  it('answers a tokenise request on an empty form with every spec message, and shows them', async () => {
    await openCheckout();
    parent.tokenise('empty-1');
    expect(await answer('empty-1')).toEqual({
      type: CARD_FRAME_MESSAGE,
      event: 'invalid',
      requestId: 'empty-1',
      errors: { name: 'Invalid Card Name!', number: 'Invalid Card Number!', expMonth: 'Invalid Month!', expYear: 'Invalid Year!', cvc: 'Invalid Number!' },
    });
    expect(message('name')).toBe('Invalid Card Name!');
    expect(message('number')).toBe('Invalid Card Number!');
    expect(message('expMonth')).toBe('Invalid Month!');
    expect(message('expYear')).toBe('Invalid Year!');
    expect(message('cvc')).toBe('Invalid Number!');
    for (const id of ['name', 'number', 'expMonth', 'expYear', 'cvc']) {
      expect(input(id).getAttribute('aria-invalid')).toBe('true');
      expect(input(id).getAttribute('aria-describedby')).toBe(`${id}-error`);
    }
    // The checkout focuses the frame next: the first field to fix has focus inside it.
    expect(frame.document.activeElement).toBe(input('name'));
  });

  it('shows every field’s message when the checkout asks it to (its own fields were wrong), answering nothing', async () => {
    await openCheckout();
    type('name', 'Jane Doe');
    parent.validate();
    await until(() => message('number') !== '');
    expect(message('name')).toBe('');
    expect(message('number')).toBe('Invalid Card Number!');
    expect(message('expMonth')).toBe('Invalid Month!');
    expect(message('expYear')).toBe('Invalid Year!');
    expect(message('cvc')).toBe('Invalid Number!');
    expect(parent.received.filter((m) => m.event === 'invalid' || m.event === 'tokenised')).toEqual([]);
  });

  it('makes a four-digit expiry year its last two digits (spec §5: the year has 2 characters)', async () => {
    await openCheckout();
    type('expYear', '2030');
    expect(input('expYear').value).toBe('30');
    type('expYear', '203');
    blur('expYear');
    expect(message('expYear')).toBe('Invalid Year!');
  });

  it('checks the CVC against the card type and the month against the year', async () => {
    await openCheckout();
    fill({ name: 'Jane Doe', number: '378282246310005', expMonth: '01', expYear: '20', cvc: '123' });
    parent.tokenise('amex-1');
    const reply = await answer('amex-1');
    expect(reply).toMatchObject({ event: 'invalid', errors: { cvc: 'Invalid Number!', expMonth: 'Invalid Date!' } });
    expect(message('expMonth')).toBe('Invalid Date!');
  });

  it('tokenises a complete card on the gateway and hands back only the token, card type and last 4', async () => {
    await openCheckout();
    fill({ name: 'Aroha Ngata', number: TEST_CARDS.approve, expMonth: '7', expYear: '39', cvc: '123' });
    await until(() => parent.received.some((m) => m.event === 'change' && m.complete));
    parent.tokenise('pay-1');
    const reply = await answer('pay-1');
    expect(reply).toEqual({ type: CARD_FRAME_MESSAGE, event: 'tokenised', requestId: 'pay-1', token: expect.stringMatching(/^tok_/), cardType: 'visa', last4: '4242' });
    // The checkout never saw the number: nothing it received carries it.
    expect(JSON.stringify(parent.received)).not.toContain(TEST_CARDS.approve);
    const token = (reply as { token: string }).token;
    expect(gateway.snapshot().tokens.find((t) => t.id === token)?.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 7, expYear: 2039, fingerprint: expect.any(String) });

    // Our server charges the token with the secret key.
    const charge = await fetch(`${gateway.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'idempotency-key': 'hosted-fields-pay-1', 'content-type': 'application/json' },
      body: JSON.stringify({ source: token, amount: 1500, currency: 'nzd' }),
    });
    expect(charge.status).toBe(200);
  });

  it('tells the checkout when the card becomes incomplete again', async () => {
    await openCheckout();
    fill({ name: 'Aroha Ngata', number: TEST_CARDS.approve, expMonth: '07', expYear: '39', cvc: '123' });
    await until(() => parent.received.some((m) => m.event === 'change' && m.complete));
    type('cvc', '1');
    await until(() => parent.received.some((m, i) => i > 0 && m.event === 'change' && !m.complete));
  });

  it('ignores tokenise requests that do not come from the parent at our origin', async () => {
    await openCheckout();
    // happy-dom stamps every postMessage as coming from the parent, so forged senders are dispatched directly.
    const data = (requestId: string) => ({ type: CARD_FRAME_MESSAGE, action: 'tokenise', requestId });
    const parentWindow = frame.window.parent;
    frame.window.dispatchEvent(new frame.window.MessageEvent('message', { data: data('other-origin'), origin: 'https://evil.example', source: parentWindow }));
    frame.window.dispatchEvent(new frame.window.MessageEvent('message', { data: data('other-window'), origin: siteOrigin, source: frame.window }));
    frame.window.dispatchEvent(new frame.window.MessageEvent('message', { data: { ...data('wrong-type'), type: 'something-else' }, origin: siteOrigin, source: parentWindow }));
    frame.window.dispatchEvent(new frame.window.MessageEvent('message', { data: data('genuine'), origin: siteOrigin, source: parentWindow }));
    await answer('genuine');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answered = parent.received.flatMap((m) => ('requestId' in m ? [m.requestId] : []));
    expect(answered).toEqual(['genuine']);
  });
});
