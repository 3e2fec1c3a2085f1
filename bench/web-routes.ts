import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser downloads to show a route for the first time: the entry chunk and everything it
 * imports statically, plus the route's lazy module and its static imports (what React Router loads before it
 * renders the page). Dynamic imports inside them (sign-in, other routes) are not counted: they load only when used.
 * Sizes are gzip level 9 of the built files, as a CDN would serve them.
 */
export interface RouteJavaScript {
  route: string;
  files: number;
  gzipBytes: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** The routes measured, by the module React Router loads lazily for them (web/src/app/router.tsx). */
export const MEASURED_ROUTES = [
  { route: 'gift page checkout (/{country}/{charityUrl}/{productUrl})', module: 'src/app/routes/gift.tsx' },
  { route: 'charity page checkout (/{country}/charity/{charityUrl})', module: 'src/app/routes/charity.tsx' },
];

export function measureRouteJavaScript(): RouteJavaScript[] {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.join(ROOT, 'web'),
      stdio: 'ignore',
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('the web build has no entry chunk');
    return MEASURED_ROUTES.map(({ route, module }) => {
      if (!manifest[module]) throw new Error(`the web build has no chunk for ${module}`);
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(entry);
      visit(module);
      const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);
      return { route, files: files.size, gzipBytes };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) console.log(measureRouteJavaScript());
