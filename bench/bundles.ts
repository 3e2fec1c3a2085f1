import { build } from 'esbuild';
import { functionsOf, parseHandler } from '@giving/shared/manifest';
import { manifests } from '../services';
import { handlerEntry, lambdaEsbuildOptions } from '../infra/lib/bundling';

/** Each Lambda bundle as the CDK app ships it (infra/lib/bundling.ts), minified, without its source map. */
export interface BundleSize {
  fn: string;
  bytes: number;
  functions: number;
}

export async function measureBundles(): Promise<BundleSize[]> {
  const byFile = new Map<string, { names: string[]; entry: string }>();
  for (const manifest of manifests) {
    for (const { spec } of functionsOf(manifest)) {
      const entry = handlerEntry(manifest.service, spec.handler);
      const key = `${manifest.service}/${parseHandler(spec.handler).file}`;
      const group = byFile.get(key) ?? { names: [], entry };
      group.names.push(spec.handler);
      byFile.set(key, group);
    }
  }
  const sizes: BundleSize[] = [];
  for (const [fn, { entry, names }] of byFile) {
    const result = await build({ ...lambdaEsbuildOptions(entry), outdir: '/tmp/giving-bench-bundles', write: false, sourcemap: false });
    const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
    if (!code) throw new Error(`no bundle for ${fn}`);
    sizes.push({ fn, bytes: code.contents.length, functions: names.length });
  }
  return sizes.sort((a, b) => b.bytes - a.bytes);
}
