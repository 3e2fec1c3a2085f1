import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ESM_REQUIRE_BANNER, handlerEntry, lambdaBundlingOptions, lambdaEsbuildOptions, LAMBDA_NODE_TARGET } from './bundling';
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
});
