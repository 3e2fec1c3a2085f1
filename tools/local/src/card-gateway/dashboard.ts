import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Charge, TestBehaviour } from './ledger';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export const DASHBOARD_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TEST_CARD_NOTES: Record<TestBehaviour, string> = {
  approve: 'Approved (as is any other valid number).',
  decline: 'Declined: "Your card was declined."',
  insufficientFunds: 'Declined: "Your card has insufficient funds."',
  transientThenApprove: 'The first attempt under an idempotency key fails with 503 and charges nothing; the retry is approved.',
  lostReply: 'Approved at once, but the reply is held back so the caller times out and must look the charge up.',
  savedCardInsufficientFunds: 'Approved as a new card; once saved, every charge declines: "Your card has insufficient funds." (soft: try again later).',
  savedCardInsufficientFundsOnce: 'Approved as a new card; once saved, the first charge declines with insufficient funds (soft), later ones are approved.',
  savedCardStolen: 'Approved as a new card; once saved, every charge declines as a stolen card: "Your card was declined." (hard: do not try again).',
};

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0 auto; max-width: 76rem; padding: 1.5rem; line-height: 1.45; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid #8884; vertical-align: top; }
  th { font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; opacity: .75; }
  td.amount { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  code { font-size: .85rem; overflow-wrap: anywhere; }
  .succeeded { color: #1a7f37; font-weight: 600; }
  .declined { color: #c62828; font-weight: 600; }
  a:focus-visible { outline: 3px solid #0b63c5; outline-offset: 2px; }
`;

/** Integer cents to '12.50' without floating point. */
function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function dashboardPage(charges: Charge[]): string {
  const rows = charges
    .map(
      (c) => `<tr>
  <td><time datetime="${new Date(c.created * 1000).toISOString()}">${escapeHtml(new Date(c.created * 1000).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'medium' }))}</time></td>
  <td>${escapeHtml(c.account)}</td>
  <td class="amount">${escapeHtml(formatAmount(c.amount))}</td>
  <td>${escapeHtml(c.currency.toUpperCase())}</td>
  <td class="${c.status}">${escapeHtml(c.status)}${c.failure_message ? `<br><small>${escapeHtml(c.failure_message)}</small>` : ''}</td>
  <td>${escapeHtml(c.card.brand)} •••• ${escapeHtml(c.card.last4)}</td>
  <td><code>${escapeHtml(c.idempotency_key)}</code></td>
  <td><code>${escapeHtml(c.id)}</code>${c.description ? `<br><small>${escapeHtml(c.description)}</small>` : ''}</td>
</tr>`,
    )
    .join('\n');
  const table = charges.length
    ? `<table>
<thead><tr><th scope="col">Time</th><th scope="col">Account</th><th scope="col">Amount</th><th scope="col">Currency</th><th scope="col">Status</th><th scope="col">Card</th><th scope="col">Idempotency key</th><th scope="col">Charge</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No charges yet.</p>';
  const cards = (Object.entries(TEST_CARDS) as [TestBehaviour, string][])
    .map(([behaviour, number]) => `<tr><td><code>${escapeHtml(number)}</code></td><td>${escapeHtml(TEST_CARD_NOTES[behaviour])}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox card gateway</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Sandbox card gateway</h1>
<p>Each payment should appear here exactly once, however often it was retried. <a href="/">Refresh</a></p>
<h2>Charges (${charges.length})</h2>
${table}
<h2>Test cards</h2>
<p>Any name, a future expiry and any CVC (4 digits for Amex, 3 otherwise).</p>
<table>
<thead><tr><th scope="col">Number</th><th scope="col">Behaviour</th></tr></thead>
<tbody>
${cards}
</tbody>
</table>
</body>
</html>`;
}
