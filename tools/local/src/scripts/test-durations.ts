import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE, writeDurations } from '../testing/longest-first';

/**
 * `npm run test:durations`: after a full `npm run test:unit`, writes how long each file took to the table vitest's
 * sequencer orders files by (tools/local/src/testing/longest-first.ts). Commit the table with the change that moved it.
 */
const root = path.join(import.meta.dirname, '../../../..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const [latest] = readdirSync(cacheDir)
  .map((dir) => path.join(cacheDir, dir, 'results.json'))
  .filter((file) => statSync(file, { throwIfNoEntry: false }))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (!latest) throw new Error(`no vitest results in ${cacheDir}: run npm run test:unit first`);
console.log(`${writeDurations(latest, root)} files' durations written to ${DURATIONS_FILE}`);
