import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import direction from './import-direction.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const linter = new Linter({ configType: 'flat' });

function lint(file: string, code: string): string[] {
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { giving: direction }, rules: { 'giving/import-direction': 'error' } }],
    path.join(ROOT, file),
  );
  return messages.map((m) => m.message);
}

describe('import direction', () => {
  it('keeps the AWS SDK and adapters out of domain code', () => {
    expect(lint('services/donations/domain/x.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';")[0]).toMatch(/domain code must not import @aws-sdk/);
    expect(lint('services/donations/domain/x.ts', "import { a } from '../adapters/dynamo-payments';")[0]).toMatch(/must not import adapters/);
    expect(lint('services/donations/domain/x.ts', "import { httpRoute } from '@giving/shared/lambda/http';")[0]).toMatch(/Lambda wrappers/);
    expect(lint('services/donations/domain/x.ts', "import { money } from '@giving/shared/money';")).toEqual([]);
    expect(lint('services/donations/adapters/x.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';")).toEqual([]);
  });

  it('keeps services apart', () => {
    expect(lint('services/donations/handlers/x.ts', "import { a } from '../../accounts/domain/charities';")[0]).toMatch(/must not import services\/accounts/);
  });

  it('keeps web features apart and the layers pointing one way', () => {
    expect(lint('web/src/features/checkout/components/x.tsx', "import { a } from '../../gifts/api/get-gift';")[0]).toMatch(/feature checkout must not import feature gifts/);
    expect(lint('web/src/features/checkout/components/x.tsx', "import { a } from '../api/create-payment';")).toEqual([]);
    expect(lint('web/src/components/ui/x.tsx', "import { a } from '../../features/gifts/api/get-gift';")[0]).toMatch(/must not import features/);
    expect(lint('web/src/features/gifts/x.tsx', "import { a } from '../../app/routes';")[0]).toMatch(/only src\/app/);
    expect(lint('web/src/app/x.tsx', "import { a } from '../features/gifts/api/get-gift';")).toEqual([]);
    expect(lint('web/src/lib/x.ts', "import { S3Client } from '@aws-sdk/client-s3';")[0]).toMatch(/SPA must not import @aws-sdk/);
  });

  it('keeps shared/ free of everything above it', () => {
    expect(lint('shared/x.ts', "import d from '../services/donations/service';")[0]).toMatch(/shared\/ must not import services/);
  });
});
