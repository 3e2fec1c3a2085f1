import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minify, transformWithOxc, type Plugin, type Rolldown } from 'vite';

const SOURCE = path.join(import.meta.dirname, '..', 'src', 'lib', 'early-start.ts');
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/;

/**
 * Inlines src/lib/early-start.ts into index.html's head, with each public route's files from this build: the route
 * chunk, the chunks it imports and their CSS, less what index.html loads anyway. The browser then fetches the
 * route's code (modulepreload) and its data (preload as fetch) while the app's own bundle is still on its way.
 */
export function earlyStartPlugin(): Plugin {
  return {
    name: 'koha-early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return html;
        const files = routeFiles(bundle, entry);
        const source = readFileSync(SOURCE, 'utf8');
        const { code: javascript } = await transformWithOxc(source, SOURCE, { lang: 'ts' });
        // The module imports nothing; its exports become locals of one function that runs at once.
        const body = javascript.replace(/^export /gm, '');
        if (/^\s*(import|export)\b/m.test(body)) throw new Error('src/lib/early-start.ts must import and re-export nothing: it is inlined as a classic script');
        const { code, errors } = await minify('early-start.js', `(function(){${body}\nstart(${JSON.stringify(files)});})();`);
        if (errors.length > 0) throw new Error(`early-start.ts: ${errors.map((error) => error.message).join('; ')}`);
        return { html, tags: [{ tag: 'script', children: code.trim(), injectTo: 'head-prepend' }] };
      },
    },
  };
}

/** Per route module name: the files its dynamic import loads beyond the entry's own (absolute paths, as served). */
export function routeFiles(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk): Record<string, string[]> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const staticGraph = (start: Rolldown.OutputChunk) => {
    const seen = new Set<string>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const next = chunks.get(imported);
        if (next) visit(next);
      }
    };
    visit(start);
    return seen;
  };
  const loaded = staticGraph(entry);
  const files: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const route = chunk.isDynamicEntry && chunk.facadeModuleId ? ROUTE_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
    if (!route) continue;
    const needed = [...staticGraph(chunk)].filter((file) => !loaded.has(file));
    const css = needed.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
    files[route] = [...needed, ...new Set(css)].map((file) => `/${file}`);
  }
  return files;
}
