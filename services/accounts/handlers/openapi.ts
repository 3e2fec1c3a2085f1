import document from '../../../docs/openapi.json';
import { accountsRoute } from '../http';

let text: string | undefined;

/**
 * GET /api/openapi.json — the API's OpenAPI 3.1 document for integrators. It is written at build time by
 * `npm run openapi` (tools/openapi) from the manifests, handlers and contracts, which this Lambda's bundle does not
 * hold; a test fails whenever the committed file differs from what the code declares. Serialised once per cold start.
 */
export const handler = accountsRoute({}, async () => ({
  status: 200,
  text: (text ??= JSON.stringify(document)),
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
}));
