import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine } from './machine';

/**
 * The JavaScript a browser downloads to show a route for the first time: the entry chunk and everything it
 * imports statically, plus the route's lazy module and its static imports (what React Router loads before it
 * renders the page): its first screen. Then the same with the checkout form, which the page loads just after its first
 * screen (issue 12): what a donor has before they can give. Other dynamic imports (sign-in, the checkout's extra
 * panels, other routes) are not counted: they load only when used. Sizes are gzip level 9 of the built files, as a
 * CDN would serve them. The budget is on the first figure, as it always was: what the page needs before it shows.
 */
export interface RouteJavaScript {
  route: string;
  files: number;
  firstScreenGzipBytes: number;
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

/** The checkout form's module, which the gift and charity pages load after their first screen. */
const CHECKOUT_FORM = 'src/features/checkout/components/checkout-form.tsx';

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
      const gzipped = () => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);
      visit(entry);
      visit(module);
      const firstScreenGzipBytes = gzipped();
      if (!manifest[CHECKOUT_FORM]) throw new Error(`the web build has no chunk for ${CHECKOUT_FORM}`);
      visit(CHECKOUT_FORM);
      return { route, files: files.size, firstScreenGzipBytes, gzipBytes: gzipped() };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The section of docs/BENCHMARKS.md with these figures, with the day and machine they were measured on. */
export function routesSection(routes: RouteJavaScript[], measuredOn = new Date()): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return `${SECTION_HEADING}

What a browser downloads before it can show the route the first time (its first screen: the entry chunk and its static
imports, plus the route's lazy module and its static imports), and then with the checkout form, which the page loads
just after its first screen: what a donor has before they can give. The budget is on the first. The checkout's extra
panels, sign-in (Amplify) and other routes load only when used. Measured ${measuredOn.toISOString().slice(0, 10)} on ${machine()}.

| route | files | first screen, gzipped | target ≤ ${kb(ROUTE_JS_LIMIT_BYTES)} | with the checkout form, gzipped |
|---|---|---|---|---|
${routes.map((r) => `| ${r.route} | ${r.files} | ${kb(r.firstScreenGzipBytes)} (${r.firstScreenGzipBytes} bytes) | ${r.firstScreenGzipBytes <= ROUTE_JS_LIMIT_BYTES ? 'met' : '**not met**'} | ${kb(r.gzipBytes)} |`).join('\n')}
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
  if (routes.some((r) => r.firstScreenGzipBytes > ROUTE_JS_LIMIT_BYTES)) process.exitCode = 1;
}
