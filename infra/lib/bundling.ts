import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { parseHandler, type ServiceName } from '@giving/shared/manifest';

/**
 * How every Lambda handler is bundled, in one place: the CDK app passes `lambdaBundlingOptions()` to each
 * NodejsFunction, and the bundle-size benchmark passes `lambdaEsbuildOptions(entry)` to esbuild directly,
 * so both measure and ship the same bundle.
 *
 * @aws-sdk/* is external: the Node.js 24 Lambda runtime ships AWS SDK v3 (every client the handlers use:
 * DynamoDB + lib-dynamodb, EventBridge, S3, SESv2, SFN). Bundled, the SDK alone is 330-440 KB minified
 * per function, which breaks the 300 KB budget; external, a handler is its own code plus zod/mini.
 * Only @aws-sdk/* (and jsPDF's unused renderers, below) is external: anything else (including @smithy/*, should a
 * handler import it directly) is bundled, because the runtime does not promise those packages at top level.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Lambda runtime's Node.js major; esbuild targets the same, so nothing is down-levelled. */
export const LAMBDA_NODE_TARGET = 'node24';

/** ESM output still meets CommonJS dependencies that call require() for Node built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);";

/**
 * jsPDF (the PDF receipts) requires html2canvas, canvg and DOMPurify lazily, only inside doc.html() and SVG images,
 * which we never call: left out, they would add ~360 KB to each PDF function (docs/DECISIONS.md).
 */
export const JSPDF_UNUSED_RENDERERS: readonly string[] = ['html2canvas', 'canvg', 'dompurify'];

export const EXTERNAL_MODULES: readonly string[] = ['@aws-sdk/*', ...JSPDF_UNUSED_RENDERERS];

/** Prefer packages' ES module builds so esbuild can drop what a handler does not use. */
const MAIN_FIELDS = ['module', 'main'];

/** The handler file a manifest entry names: services/<service>/<file>.ts. */
export function handlerEntry(service: ServiceName, handler: string, servicesRoot = path.join(REPO_ROOT, 'services')): string {
  return path.join(servicesRoot, service, `${parseHandler(handler).file}.ts`);
}

/**
 * The esbuild options NodejsFunction runs for each handler (it adds the same flags on its command line),
 * for use outside CDK: `esbuild.build({ ...lambdaEsbuildOptions(entry), outfile, metafile: true })`.
 */
export function lambdaEsbuildOptions(entry: string): BuildOptions & { entryPoints: string[] } {
  return {
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: LAMBDA_NODE_TARGET,
    minify: true,
    sourcemap: 'linked', // what NodejsFunction's --sourcemap does: index.mjs.map plus a sourceMappingURL comment
    sourcesContent: false,
    mainFields: [...MAIN_FIELDS],
    external: [...EXTERNAL_MODULES],
    banner: { js: ESM_REQUIRE_BANNER },
    outExtension: { '.js': '.mjs' },
  };
}

/** The same options in NodejsFunction's vocabulary. */
export function lambdaBundlingOptions(): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: LAMBDA_NODE_TARGET,
    minify: true,
    sourceMap: true,
    sourceMapMode: SourceMapMode.DEFAULT,
    sourcesContent: false,
    mainFields: [...MAIN_FIELDS],
    externalModules: [...EXTERNAL_MODULES],
    banner: ESM_REQUIRE_BANNER,
  };
}
