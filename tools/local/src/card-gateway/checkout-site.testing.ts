import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CARD_FRAME_MESSAGE } from '@giving/shared/contracts/card-gateway';

/**
 * A stand-in for our checkout, on an origin of its own, for the hosted-fields tests: its page frames the gateway's
 * card fields, records every card-frame message it gets (`window.received`) and can ask the frame for a token
 * (`window.tokenise(requestId)`) or to show its errors (`window.validate()`). The gateway and frame address are read per request (the gateway starts after the
 * site, since it needs the site's origin).
 */
export async function startCheckoutSite(page: () => { gatewayUrl: string; fieldsUrl: string }): Promise<{ origin: string; close(): Promise<void> }> {
  const site = createServer((_req, res) => {
    const { gatewayUrl, fieldsUrl } = page();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><body>
<script>
  window.received = [];
  window.addEventListener('message', function (event) {
    if (event.data && event.data.type === '${CARD_FRAME_MESSAGE}') window.received.push(event.data);
  });
  window.tokenise = function (requestId) {
    document.getElementById('card-frame').contentWindow.postMessage({ type: '${CARD_FRAME_MESSAGE}', action: 'tokenise', requestId: requestId }, '${gatewayUrl}');
  };
  window.validate = function () {
    document.getElementById('card-frame').contentWindow.postMessage({ type: '${CARD_FRAME_MESSAGE}', action: 'validate' }, '${gatewayUrl}');
  };
</script>
<iframe id="card-frame" title="Card details" src="${fieldsUrl}"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}
