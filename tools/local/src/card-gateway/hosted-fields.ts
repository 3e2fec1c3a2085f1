import { CARD_FRAME_MESSAGE } from '@giving/shared/contracts/card-gateway';
import { cardValidationSource } from './validation';

/**
 * The hosted card fields: a page on the gateway's origin that our checkout embeds in an iframe, so card numbers
 * are typed into, validated on and sent from the gateway, never our site (PCI SAQ-A). It talks to the checkout
 * only by postMessage with the checkout's origin (the protocol in shared/contracts/card-gateway.ts).
 *
 * Two variants, by the key the checkout frames it with: a publishable key sends the card to /v1/tokens; a client
 * key (the nz variant) fetches the account's RSA public key, encrypts the card number and CVC in the frame with
 * WebCrypto (RSA-OAEP-256) and sends them to /v1/encrypted-tokens. Both answer the checkout the same way.
 */
export interface HostedFieldsConfig {
  parentOrigin: string;
  key: { publishableKey: string } | { clientKey: string };
  nonce: string;
}

export function hostedFieldsCsp(parentOrigin: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${parentOrigin}`,
  ].join('; ');
}

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const STYLE = `
  :root { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 16px; color: #1f2430; }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; background: transparent; }
  form { padding: 2px; }
  .field { margin: 0 0 .75rem; }
  .row { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: .75rem; }
  label { display: block; font-size: .875rem; font-weight: 600; margin: 0 0 .25rem; }
  input { display: block; width: 100%; min-height: 2.9rem; font: inherit; padding: .6rem .85rem; border: 1.5px solid #b9ae9f; border-radius: 8px; background: #fff; color: inherit; }
  input:focus { outline: 3px solid #1d4ed8; outline-offset: 1px; border-color: #1d4ed8; }
  input[aria-invalid="true"] { border-color: #b42318; }
  input:disabled { background: #f3f4f6; }
  .error { color: #b42318; font-size: .875rem; margin: .25rem 0 0; min-height: 0; }
  .error:empty { display: none; }
  @media (max-width: 360px) { .row { grid-template-columns: 1fr 1fr; } }
`;

interface FieldSpec {
  id: string;
  label: string;
  autocomplete: string;
  maxLength: number;
  numeric: boolean;
  placeholder?: string;
}

const FIELDS: FieldSpec[] = [
  { id: 'name', label: 'Name on Card', autocomplete: 'cc-name', maxLength: 100, numeric: false },
  // 19 digits and the spaces between their groups.
  { id: 'number', label: 'Card Number', autocomplete: 'cc-number', maxLength: 23, numeric: true },
  { id: 'expMonth', label: 'Expiry Month', autocomplete: 'cc-exp-month', maxLength: 2, numeric: true, placeholder: 'MM' },
  // Room for a four-digit year (typed, pasted or autofilled), which becomes its last two digits (spec §5: 2 characters).
  { id: 'expYear', label: 'Expiry Year', autocomplete: 'cc-exp-year', maxLength: 4, numeric: true, placeholder: 'YY' },
  { id: 'cvc', label: 'CVC', autocomplete: 'cc-csc', maxLength: 4, numeric: true },
];

function field(spec: FieldSpec): string {
  const attributes = [
    `id="${spec.id}"`,
    `name="${spec.id}"`,
    'type="text"',
    `autocomplete="${spec.autocomplete}"`,
    `maxlength="${spec.maxLength}"`,
    spec.numeric ? 'inputmode="numeric"' : 'autocapitalize="words"',
    spec.placeholder ? `placeholder="${spec.placeholder}"` : '',
    'spellcheck="false"',
  ].filter(Boolean);
  return `<div class="field">
  <label for="${spec.id}">${spec.label}</label>
  <input ${attributes.join(' ')}>
  <p id="${spec.id}-error" class="error" aria-live="polite"></p>
</div>`;
}

/**
 * The page's behaviour. Plain browser script (this project type-checks for Node, not the DOM); it runs after
 * cardValidationSource(), whose functions it calls.
 */
const PAGE_SCRIPT = `
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('hosted-fields-config').textContent);
  var FIELDS = ['name', 'number', 'expMonth', 'expYear', 'cvc'];
  var inputs = {};
  var messages = {};
  var touched = {};
  FIELDS.forEach(function (field) {
    inputs[field] = document.getElementById(field);
    messages[field] = document.getElementById(field + '-error');
  });
  var lastComplete = false;
  var lastHeight = -1;

  function post(message) {
    message.type = config.messageType;
    window.parent.postMessage(message, config.parentOrigin);
  }

  var form = document.getElementById('card-form');

  /** The form's own height: the document's would never shrink below the iframe's current height. */
  function reportHeight() {
    var height = Math.ceil(form.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post({ event: 'resize', height: height });
    }
  }

  function values() {
    return {
      name: inputs.name.value,
      number: inputs.number.value,
      expMonth: inputs.expMonth.value,
      expYear: inputs.expYear.value,
      cvc: inputs.cvc.value
    };
  }

  /** A field in error says so, and its message describes it (WCAG 3.3.1); a field without one points at nothing. */
  function show(field, message) {
    messages[field].textContent = message || '';
    if (message) {
      inputs[field].setAttribute('aria-invalid', 'true');
      inputs[field].setAttribute('aria-describedby', field + '-error');
    } else {
      inputs[field].removeAttribute('aria-invalid');
      inputs[field].removeAttribute('aria-describedby');
    }
  }

  /** Validates everything, shows the messages of touched fields, and tells the checkout when completeness changes. */
  function refresh() {
    var errors = validateCard(values(), new Date());
    FIELDS.forEach(function (field) {
      if (touched[field]) show(field, errors[field]);
    });
    var complete = Object.keys(errors).length === 0;
    if (complete !== lastComplete) {
      lastComplete = complete;
      post({ event: 'change', complete: complete });
    }
    reportHeight();
    return errors;
  }

  function normalise(field) {
    var input = inputs[field];
    if (field === 'name') input.value = input.value.trim();
    if (field === 'expMonth') input.value = padMonth(input.value);
    if (field === 'number') input.value = formatCardNumber(input.value);
  }

  FIELDS.forEach(function (field) {
    var input = inputs[field];
    input.addEventListener('input', function () {
      if (field === 'number') input.value = input.value.replace(/[^\\d ]/g, '');
      else if (field !== 'name') input.value = input.value.replace(/\\D/g, '');
      if (field === 'expYear') input.value = twoDigitYear(input.value);
      refresh();
    });
    input.addEventListener('blur', function () {
      touched[field] = true;
      normalise(field);
      refresh();
    });
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });

  function setBusy(busy) {
    FIELDS.forEach(function (field) { inputs[field].disabled = busy; });
  }

  /** The publishable-key variant: the card goes to the gateway as it is (over TLS in production). */
  function plainRequest(card) {
    return fetch('/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + config.publishableKey },
      body: JSON.stringify({
        name: card.name.trim(),
        number: cardDigits(card.number),
        expMonth: padMonth(card.expMonth),
        expYear: card.expYear.trim(),
        cvc: card.cvc.trim()
      })
    });
  }

  var encryptionKey = null;
  /** The client-key variant's public key, fetched once (and again after a failure). */
  function loadEncryptionKey() {
    if (!encryptionKey) {
      encryptionKey = fetch('/v1/accounts/' + encodeURIComponent(config.clientKey) + '/encryption-key')
        .then(function (response) {
          if (!response.ok) throw new Error('no key');
          return response.json();
        })
        .then(function (jwk) {
          return window.crypto.subtle.importKey('jwk', jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
        });
      encryptionKey.catch(function () { encryptionKey = null; });
    }
    return encryptionKey;
  }

  function base64(buffer) {
    var bytes = new Uint8Array(buffer);
    var text = '';
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return window.btoa(text);
  }

  function encrypt(key, field, value, generationtime) {
    var plain = {};
    plain[field] = value;
    plain.generationtime = generationtime;
    return window.crypto.subtle
      .encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(JSON.stringify(plain)))
      .then(base64);
  }

  /** The client-key variant: only ciphertext of the number and CVC leaves the frame. */
  function encryptedRequest(card) {
    return loadEncryptionKey().then(function (key) {
      var generationtime = new Date().toISOString();
      return Promise.all([encrypt(key, 'number', cardDigits(card.number), generationtime), encrypt(key, 'cvc', card.cvc.trim(), generationtime)]);
    }).then(function (encrypted) {
      return fetch('/v1/encrypted-tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientKey: config.clientKey,
          encryptedCardNumber: encrypted[0],
          encryptedCvc: encrypted[1],
          expiryMonth: padMonth(card.expMonth),
          expiryYear: card.expYear.trim(),
          holderName: card.name.trim()
        })
      });
    });
  }

  /** Every field counts as touched: shows each one's message (the checkout's Donate, or its 'validate'). */
  function checkAll() {
    FIELDS.forEach(function (field) {
      touched[field] = true;
      normalise(field);
    });
    return refresh();
  }

  function tokenise(requestId) {
    var errors = checkAll();
    if (Object.keys(errors).length > 0) {
      // The checkout focuses this frame next: the donor lands on the first field to fix.
      var first = FIELDS.filter(function (field) { return errors[field]; })[0];
      inputs[first].focus();
      post({ event: 'invalid', requestId: requestId, errors: errors });
      return;
    }
    var card = values();
    if (config.clientKey && !(window.crypto && window.crypto.subtle)) {
      post({ event: 'error', requestId: requestId, message: 'This browser cannot protect your card details. Please use an up-to-date browser.' });
      return;
    }
    setBusy(true);
    (config.clientKey ? encryptedRequest(card) : plainRequest(card))
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          if (response.ok && body && body.id && body.card) {
            post({ event: 'tokenised', requestId: requestId, token: body.id, cardType: body.card.brand, last4: body.card.last4 });
          } else if (response.status === 400 && body && body.error && body.error.fields) {
            Object.keys(body.error.fields).forEach(function (field) { if (inputs[field]) show(field, body.error.fields[field]); });
            reportHeight();
            post({ event: 'invalid', requestId: requestId, errors: body.error.fields });
          } else {
            post({ event: 'error', requestId: requestId, message: 'Your card could not be checked. Please try again.' });
          }
        });
      })
      .catch(function () {
        post({ event: 'error', requestId: requestId, message: 'The card service could not be reached. Please try again.' });
      })
      .then(function () { setBusy(false); });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== config.parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== config.messageType) return;
    if (data.action === 'validate') checkAll();
    else if (data.action === 'tokenise' && typeof data.requestId === 'string') tokenise(data.requestId);
  });

  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(form);
  // Fetched ahead, so Donate does not wait for it (a failure is retried when tokenising).
  if (config.clientKey && window.crypto && window.crypto.subtle) loadEncryptionKey().catch(function () {});
  post({ event: 'ready' });
  reportHeight();
})();
`;

export function hostedFieldsPage(config: HostedFieldsConfig): string {
  const pageConfig = { parentOrigin: config.parentOrigin, ...config.key, messageType: CARD_FRAME_MESSAGE };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style nonce="${config.nonce}">${STYLE}</style>
</head>
<body>
<form id="card-form" novalidate>
${field(FIELDS[0]!)}
${field(FIELDS[1]!)}
<div class="row">
${FIELDS.slice(2).map(field).join('\n')}
</div>
</form>
<script type="application/json" id="hosted-fields-config" nonce="${config.nonce}">${scriptJson(pageConfig)}</script>
<script nonce="${config.nonce}">
${cardValidationSource()}
${PAGE_SCRIPT}
</script>
</body>
</html>`;
}
