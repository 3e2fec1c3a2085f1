import { describe, expect, it } from 'vitest';
import { embedRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config';

describe('the runtime configuration inside index.html', () => {
  it('goes at the end of <head> as a JSON data block that reads back as the same value', () => {
    const config = { cardGatewayUrl: 'http://localhost:3010', note: '</script><script>alert(1)</script>' };
    const html = embedRuntimeConfig('<!doctype html><html><head><title>Koha</title></head><body></body></html>', JSON.stringify(config));
    expect(html.match(/<\/script>/g)).toHaveLength(1); // no value closes the block
    const text = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script></head>`).exec(html)?.[1];
    expect(JSON.parse(text ?? 'null')).toEqual(config);
  });

  it('goes at the end of a page that leaves its head implied', () => {
    expect(embedRuntimeConfig('<!doctype html><title>Koha</title>', '{"a":1}')).toBe(
      `<!doctype html><title>Koha</title><script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">{"a":1}</script>`,
    );
  });
});
