import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { embedRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from '@giving/shared/runtime-config';
import { installFetchFake, json } from '../testing/fetch-fake';
import { runtimeConfig } from '../testing/fixtures';
import { runtimeConfigQueryOptions } from './config';

/** Puts the data block the origin writes into this document's head, as index.html would carry it. */
function embed(configJson: string) {
  const html = embedRuntimeConfig('<html><head></head><body></body></html>', configJson);
  const block = new DOMParser().parseFromString(html, 'text/html').getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (block) document.head.append(block);
}

afterEach(() => document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove());

describe('the runtime configuration', () => {
  it('is read from index.html when the origin wrote it there: no /config.json round trip', async () => {
    const fetch = installFetchFake();
    embed(JSON.stringify(runtimeConfig));
    const client = new QueryClient();
    expect(await client.fetchQuery(runtimeConfigQueryOptions())).toEqual(runtimeConfig);
    expect(fetch.callsTo('GET', '/config.json')).toHaveLength(0);
  });

  it('is fetched from /config.json when index.html has none, or an invalid one', async () => {
    for (const setup of [() => {}, () => embed('{"cardGatewayUrl":"not a url"}'), () => embed('{not json')]) {
      document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
      setup();
      const fetch = installFetchFake();
      fetch.on('GET', '/config.json', json(200, runtimeConfig));
      expect(await new QueryClient().fetchQuery(runtimeConfigQueryOptions())).toEqual(runtimeConfig);
      expect(fetch.callsTo('GET', '/config.json')).toHaveLength(1);
    }
  });
});
