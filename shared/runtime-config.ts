/**
 * The SPA's runtime configuration (card gateway, user pool) travels inside index.html, so the first screen does not
 * wait for a /config.json round trip: a JSON data block the app reads at start. The local origin writes it on every
 * index.html it serves; the web stack writes it into the index.html it uploads at deploy. /config.json stays, for
 * anything that asks for it.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * index.html with the configuration's JSON text as the last thing in <head> (at the end, for a page that leaves its
 * head implied). `<` is escaped (as \u003c, still the
 * same JSON) so no value can close the script element. A data block (type application/json) is not run, so the
 * site's script-src policy does not apply to it.
 */
export function embedRuntimeConfig(html: string, configJson: string): string {
  const block = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${configJson.replace(/</g, '\\u003c')}</script>`;
  const at = html.indexOf('</head>');
  if (at < 0) return `${html}${block}`;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}
