import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock } from '@giving/shared/clock';
import { NO_RESTRICTIONS } from '@giving/shared/contracts/matching';
import { newId } from '@giving/shared/ids';
import { tableName } from '@giving/shared/manifest';
import matching from '../services/matching/service';
import { dynamoMatchLedger } from '../services/matching/adapters/dynamo-ledger';
import { applyMatch } from '../services/matching/domain/ledger';
import type { MatchableDonation } from '../services/matching/domain/matching-rules';
import type { StoredCampaign } from '../services/matching/domain/ports';
import { createTables, dynamoClient, startDynamoDb } from '../tools/local/src/dynamodb';
import { freePortOnLoopback } from '../tools/local/src/runtime/http-server';
import { machine } from './machine';

/**
 * `npx tsx bench/matching.ts [--write]` (issue 16 item 10): 1,000 qualifying donations arriving at once on ONE capped
 * campaign (every bonus contends for the same totals item) beside 1,000 donations spread over 1,000 campaigns (no
 * contention), in the same run, against DynamoDB Local. Goal: the contended run within 2x the spread one, and no cap
 * passed (campaign or member) in either.
 */
const DONATIONS = 1000;
const RUNS = 3;
const BENCHMARKS = path.resolve(import.meta.dirname, '../docs/BENCHMARKS.md');
const HEADING = '## Matching (1,000 concurrent donations)';

const campaign = (caps: { campaignCap: number; memberCap: number }): StoredCampaign => ({
  id: newId(),
  workplace: { id: 'W', name: 'Bench Ltd' },
  name: 'Bench match',
  description: '',
  givingType: 'Any',
  recurrenceType: 'Any',
  matchRatio: 1,
  memberCap: caps.memberCap,
  entryCap: 0,
  campaignCap: caps.campaignCap,
  currency: 'NZD',
  matchType: 'Donation',
  memberType: 'Any',
  moduleType: 'DollarHandle',
  items: [],
  startsOn: '2026-01-01',
  endsOn: '2099-12-31',
  active: true,
  restrictions: { ...NO_RESTRICTIONS },
  country: 'nz',
  createdAt: '',
  updatedAt: '',
  version: 1,
});
const donation = (memberId: string): MatchableDonation => ({
  donationId: newId(),
  memberId,
  amount: { cents: 1000, currency: 'NZD' },
  paymentType: 'CARD',
  isRecurring: false,
  completedAt: new Date().toISOString(),
});

type Ledger = ReturnType<typeof dynamoMatchLedger>;

/** Matches every donation at once; answers the wall time and how many caps ended up passed. */
async function run(ledger: Ledger, pairs: { campaign: StoredCampaign; donation: MatchableDonation }[]) {
  const started = performance.now();
  await Promise.all(pairs.map(({ campaign: c, donation: d }) => applyMatch({ ledger, clock: systemClock }, c, d)));
  const ms = performance.now() - started;
  let violations = 0;
  for (const c of new Set(pairs.map((pair) => pair.campaign))) {
    const entries = await ledger.entries(c.id);
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    if (c.campaignCap > 0 && total > c.campaignCap) violations += 1;
    if ((await ledger.totals(c.id)).matchedCents !== total) violations += 1;
    const byMember = new Map<string, number>();
    for (const entry of entries) byMember.set(entry.memberId, (byMember.get(entry.memberId) ?? 0) + entry.amount);
    for (const amount of byMember.values()) if (c.memberCap > 0 && amount > c.memberCap) violations += 1;
  }
  return { ms, violations };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dynamodb = await startDynamoDb(await freePortOnLoopback());
  try {
    const prefix = `bench${Date.now()}`;
    await createTables(dynamodb.endpoint, [matching], prefix);
    const client = DynamoDBDocumentClient.from(dynamoClient(dynamodb.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    const ledger = dynamoMatchLedger(client, tableName('matching', prefix));
    const members = Array.from({ length: 100 }, () => newId());
    const one: number[] = [];
    const spread: number[] = [];
    let oneViolations = 0;
    let spreadViolations = 0;
    for (let i = 0; i < RUNS; i++) {
      // One campaign: $10,000 qualifies, the campaign's cap is $5,000 and each member's $60 ($6,000 in all).
      const shared = campaign({ campaignCap: 500_000, memberCap: 6_000 });
      const contended = await run(ledger, Array.from({ length: DONATIONS }, (_, n) => ({ campaign: shared, donation: donation(members[n % members.length]!) })));
      const apart = await run(ledger, Array.from({ length: DONATIONS }, (_, n) => ({ campaign: campaign({ campaignCap: 500_000, memberCap: 6_000 }), donation: donation(members[n % members.length]!) })));
      one.push(contended.ms);
      spread.push(apart.ms);
      oneViolations += contended.violations;
      spreadViolations += apart.violations;
    }
    client.destroy();
    const [oneMs, spreadMs] = [median(one), median(spread)];
    const ratio = oneMs / spreadMs;
    const violations = oneViolations + spreadViolations;
    const day = new Date().toISOString().slice(0, 10);
    const section = `${HEADING}

Measured ${day} on ${machine()} by \`npx tsx bench/matching.ts --write\`: median of ${RUNS} runs against DynamoDB Local
(one process, all 1,000 at once). Each bonus is a transaction whose conditions hold the campaign's and the member's
caps; a lost race re-reads what is left and tries again.

| Run | Time | Cap violations |
|---|---|---|
| 1,000 donations on one campaign (cap $5,000, $60 a member) | ${Math.round(oneMs)} ms | ${oneViolations} |
| 1,000 donations over 1,000 campaigns | ${Math.round(spreadMs)} ms | ${spreadViolations} |

One campaign takes ${ratio.toFixed(2)}x the time of 1,000 (goal: at most 2x); ${violations} cap violations in all runs (goal: 0).
`;
    console.log(section);
    if (process.argv.includes('--write')) {
      const text = readFileSync(BENCHMARKS, 'utf8');
      const start = text.indexOf(HEADING);
      if (start < 0) writeFileSync(BENCHMARKS, `${text.trimEnd()}\n\n${section}`);
      else {
        const end = text.indexOf('\n## ', start + HEADING.length);
        writeFileSync(BENCHMARKS, `${text.slice(0, start)}${section}${end < 0 ? '' : text.slice(end)}`);
      }
    }
    if (violations > 0) process.exitCode = 1;
  } finally {
    await dynamodb.stop();
  }
}

await main();
