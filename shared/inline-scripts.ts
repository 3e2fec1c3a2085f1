import { createHash } from 'node:crypto';

/**
 * The CSP sources ('sha256-…') that allow index.html's inline scripts (the early start the web build writes into its
 * head: web/src/lib/early-start.ts) and no other: the site's script-src stays 'self' plus these exact texts. Data
 * blocks (type="application/json", like the runtime configuration) are not scripts and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}
