import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine } from './machine';

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
const BENCHMARKS = path.join(ROOT, 'docs', 'BENCHMARKS.md');
const SECTION_HEADING = '## Checkout routes: initial JavaScript (production build, gzip -9)';

/** The budget of a checkout route's initial JavaScript, gzipped (raised from 150 KB when the checkout moved to react-hook-form). */
export const ROUTE_JS_LIMIT_BYTES = 160 * 1024;

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

/** The section of docs/BENCHMARKS.md with these figures, with the day and machine they were measured on. */
export function routesSection(routes: RouteJavaScript[], measuredOn = new Date()): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return `${SECTION_HEADING}

What a browser downloads before it can show the route the first time: the entry chunk and its static imports, plus
the route's lazy module and its static imports. Sign-in (Amplify) and other routes load only when used.
Measured ${measuredOn.toISOString().slice(0, 10)} on ${machine()}.

| route | files | gzipped | target ≤ ${kb(ROUTE_JS_LIMIT_BYTES)} |
|---|---|---|---|
${routes.map((r) => `| ${r.route} | ${r.files} | ${kb(r.gzipBytes)} (${r.gzipBytes} bytes) | ${r.gzipBytes <= ROUTE_JS_LIMIT_BYTES ? 'met' : '**not met**'} |`).join('\n')}
`;
}

/**
 * `npx tsx bench/web-routes.ts` prints the figures; with `--write` it also replaces this section of
 * docs/BENCHMARKS.md (the rest of the file is `npm run bench`'s, which takes minutes).
 */
if (process.argv[1] === import.meta.filename) {
  const routes = measureRouteJavaScript();
  const section = routesSection(routes);
  console.log(section);
  if (process.argv.includes('--write')) {
    const text = readFileSync(BENCHMARKS, 'utf8');
    const start = text.indexOf(SECTION_HEADING);
    if (start < 0) throw new Error(`${path.relative(ROOT, BENCHMARKS)} has no section '${SECTION_HEADING}'`);
    const next = text.indexOf('\n## ', start + SECTION_HEADING.length);
    writeFileSync(BENCHMARKS, `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next)}`);
  }
  if (routes.some((r) => r.gzipBytes > ROUTE_JS_LIMIT_BYTES)) process.exitCode = 1;
}
