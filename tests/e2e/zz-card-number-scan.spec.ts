import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { findCardNumbers } from '../../tools/local/src/evidence/card-numbers';
import { LOG_FILE, REQUESTS_FILE } from '../../tools/local/src/evidence';
import { E2E_DYNAMODB_URL, E2E_EVIDENCE_DIR, E2E_STATE_DIR } from './platform-dirs';

/**
 * Issue 4 "Reliability": card numbers never reach our API, logs, tables or files. This runs after the other browser
 * tests (its project in playwright.config.ts depends on theirs) and scans everything they produced: every API request body, every
 * log line (debug level), every item of every table, and every mail and media file.
 */
test('no card number reached an API request, a log line, a table item or a file', async () => {
  test.setTimeout(120_000);
  const requests = readFileSync(path.join(E2E_EVIDENCE_DIR, REQUESTS_FILE), 'utf8');
  const bodies = requests
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { body: string }).body)
    .join('\n');
  const logs = readFileSync(path.join(E2E_EVIDENCE_DIR, LOG_FILE), 'utf8');
  // The evidence is real: the browser tests paid by card through the API, and handlers logged.
  expect(requests).toContain('POST /api/donations/payments');
  expect(bodies).toContain('"last4"');
  expect(logs.length).toBeGreaterThan(1000);

  const hits: string[] = [];
  // The test cards the browser tests typed, found anywhere (inside words too, grouped or not).
  const typed = Object.values(TEST_CARDS).map((number) => ({ number, pattern: new RegExp(number.split('').join('[ -]?')) }));
  const scan = (where: string, text: string) => {
    for (const number of findCardNumbers(text)) hits.push(`${where}: ${number.slice(0, 6)}…${number.slice(-4)}`);
    for (const { number, pattern } of typed) if (pattern.test(text)) hits.push(`${where}: test card ${number.slice(0, 6)}…${number.slice(-4)}`);
  };
  scan('API request bodies', bodies);
  scan('platform log', logs);

  const dynamodb = new DynamoDBClient({ endpoint: E2E_DYNAMODB_URL, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { TableNames = [] } = await dynamodb.send(new ListTablesCommand({}));
  expect(TableNames.length).toBeGreaterThan(0);
  let items = 0;
  for (const table of TableNames) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamodb.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start as never }));
      items += page.Items?.length ?? 0;
      for (const item of page.Items ?? []) scan(`table ${table}`, JSON.stringify(item));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  dynamodb.destroy();
  expect(items).toBeGreaterThan(0);

  for (const dir of ['outbox', 's3']) {
    for (const file of filesUnder(path.join(E2E_STATE_DIR, dir))) scan(path.relative(E2E_STATE_DIR, file), readFileSync(file, 'latin1'));
  }

  expect(hits).toEqual([]);
});

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
