import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../tools/local/src/testing/pdf-text';
import type { pdfPrinter } from '../../shared/printing/pdf-printer';
import type { receiptDocument } from '../../services/donations/domain/receipts';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ESM_REQUIRE_BANNER, EXTERNAL_MODULES, handlerEntry, lambdaBundlingOptions, lambdaEsbuildOptions, LAMBDA_NODE_TARGET, REPO_ROOT } from './bundling';
import { LAMBDA_RUNTIME } from './service-function';

describe('Lambda bundling options', () => {
  it('are the same for CDK and for esbuild used directly', () => {
    const cdk = lambdaBundlingOptions();
    const raw = lambdaEsbuildOptions('x.ts');
    expect(cdk.format).toBe(OutputFormat.ESM);
    expect(raw.format).toBe('esm');
    expect(cdk.target).toBe(raw.target);
    expect(cdk.minify).toBe(raw.minify);
    expect(cdk.sourceMap).toBe(true);
    expect(raw.sourcemap).toBe('linked');
    expect(cdk.sourcesContent).toBe(raw.sourcesContent);
    expect(cdk.mainFields).toEqual(raw.mainFields);
    expect(cdk.externalModules).toEqual(raw.external);
    expect(cdk.banner).toBe(ESM_REQUIRE_BANNER);
    expect(raw.banner).toEqual({ js: ESM_REQUIRE_BANNER });
  });

  it('target the Node.js major of the Lambda runtime', () => {
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_TARGET.replace('node', '')}.x`);
  });

  it('bundle a real handler into minified ESM that imports the runtime AWS SDK and can require built-ins', async () => {
    const result = await build({
      ...lambdaEsbuildOptions(handlerEntry('donations', 'handlers/payment-tasks#charge')),
      outdir: 'out',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(code).toMatch(/from\s*"@aws-sdk\/client-[a-z]+"/);
    expect(code).not.toMatch(/require\("@aws-sdk/);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=payment-tasks.mjs.map')).toBe(true);
    expect(result.outputFiles.some((file) => file.path.endsWith('payment-tasks.mjs.map'))).toBe(true);
  });

  it('bundle the PDF receipts whole: jsPDF and the font are in the code, nothing is read from node_modules or font files', async () => {
    const handler = await build({ ...lambdaEsbuildOptions(handlerEntry('donations', 'handlers/receipts#link')), outdir: 'out', write: false, logLevel: 'silent' });
    const code = handler.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
    // Module specifiers only (minified text such as `label:"Received from"` is not one).
    const bare = [...code.matchAll(/(?:\bfrom|\bimport\(|\brequire\()\s*"((?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/[\w.-]+)*)"/g)].map((m) => m[1]!);
    const builtins = new Set(['fs', 'path', 'node:crypto', 'node:module', 'crypto', 'zlib', 'stream', 'buffer', 'util', 'os']);
    const external = (name: string) => EXTERNAL_MODULES.some((pattern) => (pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
    expect(bare.filter((name) => !builtins.has(name) && !external(name))).toEqual([]);
    expect(bare).not.toContain('jspdf');

    // The printer, bundled the same way, makes a PDF from a folder with no node_modules (as in Lambda).
    const dir = mkdtempSync(path.join(tmpdir(), 'pdf-bundle-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      writeFileSync(
        entry,
        `export { pdfPrinter } from ${JSON.stringify(path.join(REPO_ROOT, 'shared/printing/pdf-printer.ts'))};\n` +
          `export { receiptDocument } from ${JSON.stringify(path.join(REPO_ROOT, 'services/donations/domain/receipts.ts'))};\n`,
      );
      await build({ ...lambdaEsbuildOptions(entry), outdir: dir, sourcemap: false, logLevel: 'silent', nodePaths: [path.join(REPO_ROOT, 'node_modules')] });
      const bundled = (await import(pathToFileURL(path.join(dir, 'entry.mjs')).href)) as { pdfPrinter: typeof pdfPrinter; receiptDocument: typeof receiptDocument };
      const bytes = bundled.pdfPrinter.pdf(
        bundled.receiptDocument(
          {
            donationId: '01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
            trackingNumber: '01JQ8Z3M5T6XKQ2W9R4B7C1D0E',
            pageType: 'CHARITY',
            country: 'nz',
            priced: { amount: { cents: 1500, currency: 'NZD' }, tip: { cents: 500, currency: 'NZD' }, total: { cents: 2000, currency: 'NZD' }, charity: { id: 'C', name: 'Tūī Sanctuary', charityUrl: 'tui', logoImageUrl: '' } },
            quantity: 1,
            isAnonymous: false,
            receiptName: 'Aroha Ngata',
            donorEmail: 'aroha@example.nz',
            donorName: 'Aroha Ngata',
            paymentType: 'CARD',
            completedAt: '2026-11-21T09:00:00.000Z',
          },
          { name: 'Tūī Sanctuary', taxApproved: true },
        ),
      );
      expect((await pdfText(bytes)).text).toContain('A general donation of $15.00 to Tūī Sanctuary.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bundle the OpenAPI document into its handler (GET /api/openapi.json has no file to read in Lambda)', async () => {
    const handler = await build({ ...lambdaEsbuildOptions(handlerEntry('accounts', 'handlers/openapi')), outdir: 'out', write: false, logLevel: 'silent' });
    const code = handler.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
    expect(code).toContain('openapi:"3.1.0"');
    expect(code).toContain('CreatePaymentRequest');
  });
});
