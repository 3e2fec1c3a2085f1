import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { writePayrollFile } from '../services/workplace/adapters/payroll-file';
import { deductionsFor, fileLines } from '../services/workplace/domain/batches';
import { lineRow, PRESETS, type DeductionLine } from '../services/workplace/domain/file-structures';
import type { PledgeRecord } from '../services/workplace/domain/ports';
import { machine } from './machine';

/**
 * `npx tsx bench/payroll-file.ts [--write]` (issue 15 item 13): a payroll file of 100,000 pledge lines, made the way
 * the produce job makes it — the pledges taken for the period, grouped into deductions, marked against the previous
 * batch, and written in KeyPay's layout through csv-stringify to disk — beside writing the same rows as plain CSV
 * (csv-stringify's defaults, nothing else) in the same run. Goal: at most 3x the plain CSV's time, and the whole run
 * within 256 MB of resident memory (a 512 MB Lambda's job, with room to spare).
 */
const LINES = 100_000;
const RUNS = 3;
const BENCHMARKS = path.resolve(import.meta.dirname, '../docs/BENCHMARKS.md');
const HEADING = '## Payroll file (100,000 pledge lines)';

function pledges(): PledgeRecord[] {
  const charities = Array.from({ length: 40 }, (_, i) => ({ id: `charity-${i}`, name: `Charity number ${i}, "the good one"`, charityUrl: `charity-${i}` }));
  return Array.from({ length: LINES }, (_, i) => ({
    pledgeId: `P${String(i).padStart(8, '0')}`,
    workplaceId: 'W',
    memberId: `member-${i}`,
    pageType: 'CHARITY',
    country: 'nz',
    charity: charities[i % charities.length]!,
    quantity: 1,
    total: { cents: 500 + (i % 97) * 25, currency: 'NZD' },
    donationFrequency: i % 10 === 0 ? 'OnceOff' : 'EveryPayCycle',
    isAnonymous: false,
    createdAt: '2026-11-01T00:00:00.000Z',
  }));
}

async function payrollRun(dir: string, all: PledgeRecord[], keepRows: boolean): Promise<{ ms: number; bytes: number; rows: string[][] }> {
  const started = performance.now();
  const current = deductionsFor(all, { asOf: '2026-11-24T04:00:00.000Z', includes: () => true });
  const toLine = ({ line, changeType }: ReturnType<typeof fileLines>[number]): DeductionLine => ({
      batchId: '01KBENCHBATCH0000000000000',
      changeType,
      memberId: line.memberId,
      employeeNumber: `E${line.memberId.slice(7)}`,
      firstName: 'Aroha',
      lastName: 'Ngata',
      email: `${line.memberId}@example.com`,
      periodStart: '2026-11-09',
      periodEnd: '2026-11-22',
      payDate: '2026-11-26',
      amountCents: line.amountCents,
      currency: 'NZD',
      country: 'nz',
      charityName: line.first?.charity.name ?? '',
      charityPayrollCode: '',
      charityTaxId: 'CC12345',
      paymentReference: 'KOHA PG 20261122',
  });
  const listed = fileLines(current, [], 'ALL_LINES');
  if (keepRows) return { ms: 0, bytes: 0, rows: listed.map((item) => lineRow(PRESETS.KEYPAY, toLine(item))) };
  function* lines() {
    for (const item of listed) yield toLine(item);
  }
  const file = path.join(dir, 'payroll.csv');
  const { bytes } = await writePayrollFile(file, PRESETS.KEYPAY, lines());
  const ms = performance.now() - started;
  return { ms, bytes, rows: [] };
}

async function plainRun(dir: string, rows: string[][]): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const file = path.join(dir, 'plain.csv');
  await pipeline(Readable.from(rows), stringify(), createWriteStream(file));
  return { ms: performance.now() - started, bytes: statSync(file).size };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Figures = { ms: number; bytes: number; rssMiB: number };

/** One measurement in a fresh process, so its peak resident memory is its own. */
function child(mode: 'payroll' | 'plain'): Figures {
  const result = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', mode], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`${mode} run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Figures;
}

async function runChild(mode: 'payroll' | 'plain'): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'payroll-bench-'));
  try {
    const all = pledges();
    if (mode === 'payroll') {
      const made = await payrollRun(dir, all, false);
      return { ms: made.ms, bytes: made.bytes, rssMiB: process.resourceUsage().maxRSS / 1024 };
    }
    const { rows } = await payrollRun(dir, all, true);
    const written = await plainRun(dir, rows);
    return { ...written, rssMiB: process.resourceUsage().maxRSS / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const childMode = process.argv[process.argv.indexOf('--child') + 1];
if (process.argv.includes('--child') && (childMode === 'payroll' || childMode === 'plain')) {
  console.log(JSON.stringify(await runChild(childMode)));
} else {
  const payroll: Figures[] = [];
  const plain: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    payroll.push(child('payroll'));
    plain.push(child('plain'));
  }
  const payrollMs = median(payroll.map((f) => f.ms));
  const plainMs = median(plain.map((f) => f.ms));
  const rssMiB = Math.max(...payroll.map((f) => f.rssMiB));
  const day = new Date().toISOString().slice(0, 10);
  const section = `${HEADING}

Measured ${day} on ${machine()} by \`npx tsx bench/payroll-file.ts --write\`: median of ${RUNS} runs, each in its own process.

| | time | file | peak resident memory |
|---|---|---|---|
| Payroll file: ${LINES.toLocaleString('en-NZ')} pledges taken, grouped into deductions, marked, written in KeyPay's layout (csv-stringify, streamed to disk) | ${payrollMs.toFixed(0)} ms | ${(payroll[0]!.bytes / 2 ** 20).toFixed(1)} MiB | ${rssMiB.toFixed(0)} MiB |
| The same rows as plain CSV (csv-stringify's defaults, streamed to disk; the rows made beforehand) | ${plainMs.toFixed(0)} ms | ${(plain[0]!.bytes / 2 ** 20).toFixed(1)} MiB | ${Math.max(...plain.map((f) => f.rssMiB)).toFixed(0)} MiB |

Ratio ${(payrollMs / plainMs).toFixed(2)}x (goal at most 3x). The payroll run's peak resident memory (goal at most 256 MB) counts
Node itself, the ${LINES.toLocaleString('en-NZ')} pledges as the job reads them and the deductions it keeps for the next batch.
`;
  console.log(section);
  if (process.argv.includes('--write')) {
    const text = readFileSync(BENCHMARKS, 'utf8');
    const start = text.indexOf(HEADING);
    if (start < 0) writeFileSync(BENCHMARKS, `${text.trimEnd()}\n\n${section}`);
    else {
      const next = text.indexOf('\n## ', start + HEADING.length);
      writeFileSync(BENCHMARKS, `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`);
    }
  }
}
