import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@giving/shared/contracts/personal-data';
import type { EligibilityFile, EligibilityReport, ExternalDonation, FileStructure, FileStructureInput, PayCycle, PayCycleInput, PayrollBatch, Reconciliation } from '@giving/shared/contracts/workplace-payroll';
import { SEMI_MONTHLY_MESSAGE } from '@giving/shared/contracts/workplace-payroll';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import { DEMO_FILE_STRUCTURE_NAME, DEMO_FINANCE_CONTACT, DEMO_PAY_CYCLE_NAME } from '../../tools/local/src/seed/workplace';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { PRESETS } from '../../services/workplace/domain/file-structures';
import { periodAt } from '../../services/workplace/domain/pay-periods';
import { apiCaller, eventually, pause, platformClient, startTestPlatform } from './platform';

/**
 * Payroll files for finance (issue 15 items 2–5) through the real local API, schedule and outbox, given the seeded
 * demo: Tasman Engineering's fortnightly cycle has its cut-off at start-up, a KeyPay structure and three employees'
 * pledges. The produce schedule makes one batch however often it runs; 'Export now' answers the same batch; the file
 * is KeyPay's layout; finance's e-mail links to it; a changes-only structure lists NEW and CANCELLED lines against the
 * cycle's previous batch; only the workplace's payments and pay-cycle permission holders read batches.
 */
let platform: RunningPlatform;
const tokens = new Map<DemoRole, string>();
let workplaceId = '';
let otherWorkplaceId = '';
let seededCycle: PayCycle;
let harbourCityId = '';

const call = apiCaller(() => platform, tokens);
const admin = { role: 'workplaceAdmin' as const };

beforeAll(async () => {
  platform = await startTestPlatform(8500);
  const client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  const me = await call<{ corporateAssociations: { corporateId: string }[] }>('/accounts/me', admin);
  workplaceId = me.body.corporateAssociations[0]!.corporateId;
  otherWorkplaceId = (await call<{ id: string }>('/accounts/backoffice/workplaces', { method: 'POST', role: 'backOffice', body: { name: 'Other Payroll Ltd', country: 'nz' } })).body.id;
  const gifts = await call<{ items: { charity: { id: string } }[] }>('/donations/charities/harbour-city-food-bank/gifts');
  harbourCityId = gifts.body.items[0]!.charity.id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** The last day of this month where the cycles are (Pacific/Auckland): in UTC it can still be last month's. */
function aucklandMonthEnd(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
}
const base = (id = workplaceId) => `/workplace/${id}`;
/** One run of the produce schedule as EventBridge Scheduler would make it at `at` (the local scheduler's hook). */
async function runSchedule(at: Date) {
  const response = await fetch(`${platform.urls.scheduler}/_local/schedules/workplace/produce-due-payroll-batches/run?scheduledTime=${at.toISOString()}`, { method: 'POST' });
  expect(response.status).toBe(200);
}
const batches = async () => (await call<{ items: PayrollBatch[] }>(`${base()}/payroll-batches`, admin)).body.items;
async function fileOf(batchId: string, role: DemoRole = 'workplaceAdmin') {
  const response = await fetch(`${platform.siteUrl}/api${base()}/payroll-batches/${batchId}/file`, { headers: { authorization: `Bearer ${tokens.get(role)}` } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('payroll files for finance', () => {
  it('given the demo, lists the seeded pay cycle with its current period (cut-off at start-up) and the next ones', async () => {
    const response = await call<{ items: PayCycle[] }>(`${base()}/pay-cycles`, admin);
    expect(response.status).toBe(200);
    seededCycle = response.body.items.find((cycle) => cycle.name === DEMO_PAY_CYCLE_NAME)!;
    expect(seededCycle).toMatchObject({ id: expect.any(String), frequency: 'Fortnightly', timeZone: 'Pacific/Auckland', fileStructureName: DEMO_FILE_STRUCTURE_NAME, financeContacts: [DEMO_FINANCE_CONTACT] });
    expect(Date.parse(seededCycle.currentPeriod.cutoffAt)).toBeLessThanOrEqual(Date.now());
    expect(seededCycle.nextPeriods).toHaveLength(6);
    expect(seededCycle.nextPeriods[1]!.periodStart).toBe(periodAt(seededCycle, 1).periodStart);
  });

  it('makes one batch per cycle and period however often the schedule runs, and Export now answers the same batch', async () => {
    const now = new Date();
    await runSchedule(now);
    await runSchedule(new Date(now.getTime() + 60_000));
    const made = (await batches()).filter((batch) => batch.payCycleId === seededCycle.id);
    expect(made).toHaveLength(1);
    const batch = made[0]!;
    // The pinned shape, with the three employees' four deductions: $25 + $10 (Wiremu), $50 (Grace), $20 once (the content admin).
    expect(batch).toMatchObject({ id: expect.any(String), payCycleId: seededCycle.id, periodEnd: seededCycle.currentPeriod.periodEnd, status: 'Ready', lineCount: 4, totalAmount: { cents: 10_500, currency: 'NZD' } });
    expect(batch.fileStructureVersion).toBe(1);

    const exported = await call<{ batchId: string }>(`${base()}/pay-cycles/${seededCycle.id}/export`, { ...admin, method: 'POST' });
    expect(exported).toEqual({ status: 200, body: { batchId: batch.id } });
    const again = (await batches()).find((b) => b.id === batch.id)!;
    expect(again.sha256).toBe(batch.sha256);
    expect((await batches()).filter((b) => b.payCycleId === seededCycle.id)).toHaveLength(1);
  });

  it('answers the file in the structure’s layout (KeyPay), named by content-disposition, and e-mails finance a working link', async () => {
    const batch = (await batches()).find((b) => b.payCycleId === seededCycle.id)!;
    const file = await fileOf(batch.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${batch.fileName}"`);
    expect(batch.fileName).toBe(`payroll-giving_Fortnightly-staff_${batch.periodEnd}.csv`);
    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe(PRESETS.KEYPAY.columns.map((column) => column.header).join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(6);
    const [y, m, d] = batch.periodEnd.split('-');
    expect(file.text).toContain(`TE-1042,Wiremu,Parata,`);
    expect(lines.find((line) => line.startsWith('TE-1007'))).toMatch(new RegExp(`^TE-1007,Grace,Liu,[^,]+,,Payroll Giving,Fixed,50\\.00,Harbour City Food Bank,KOHA PG ${y}${m}${d},[0-9/]+,${d}/${m}/${y},NEW$`));
    // Byte for byte the file the batch recorded.
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(file.text).digest('hex')).toBe(batch.sha256);

    const mail = await eventually(
      () => platformClient(platform).receiptsFor(DEMO_FINANCE_CONTACT),
      (messages) => messages.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Payroll giving file for ${DEMO_PAY_CYCLE_NAME}: period ending ${batch.periodEnd}`);
    expect(mail[0]!.text).toContain('Deductions: 4 lines, $105.00 in total');
    const link = /Download the file \(this link works for 72 hours\): (\S+)/.exec(mail[0]!.text)?.[1];
    expect(link).toMatch(/\/api\/workplace\/payroll-files\/[A-Za-z0-9_-]{43}$/);
    const viaLink = await fetch(link!);
    expect(viaLink.status).toBe(200);
    expect(await viaLink.text()).toBe(file.text);
    // A made-up token finds nothing; a malformed one is refused naming the parameter.
    expect((await fetch(`${platform.siteUrl}/api/workplace/payroll-files/${'A'.repeat(43)}`)).status).toBe(404);
    const malformed = await call<{ errors: { field: string }[] }>('/workplace/payroll-files/nope');
    expect(malformed.status).toBe(400);
  });

  it('lets only the workplace’s payments or pay-cycle holders read batches and files', async () => {
    const batch = (await batches())[0]!;
    expect((await call(`${base()}/payroll-batches`)).status).toBe(401);
    expect((await call(`${base()}/payroll-batches`, { role: 'workplaceMember' })).status).toBe(403);
    expect((await call(`${base()}/payroll-batches`, { role: 'contentAdmin' })).status).toBe(403);
    expect((await fileOf(batch.id, 'workplaceMember')).status).toBe(403);
    expect((await fileOf(batch.id, 'donor')).status).toBe(403);
    expect((await call(`${base()}/pay-cycles/${seededCycle.id}/export`, { role: 'workplaceMember', method: 'POST' })).status).toBe(403);
    // Another workplace's admin route, and this batch asked for under another workplace.
    expect((await call(`${base(otherWorkplaceId)}/payroll-batches`, admin)).status).toBe(403);
    expect((await call(`${base(otherWorkplaceId)}/payroll-batches/${batch.id}/file`, { role: 'backOffice' })).status).toBe(404);
  });

  it('refuses a bad pay cycle naming its fields, and writes nothing', async () => {
    const structureId = seededCycle.fileStructureId;
    const input: PayCycleInput = {
      name: 'Semi-monthly contractors',
      frequency: 'SemiMonthly',
      periodEnd: '2026-12-14',
      payDate: '2026-12-18',
      cutoffDaysBeforePayDate: 2,
      cutoffTime: '17:00',
      timeZone: 'Pacific/Auckland',
      businessUnitIds: [],
      fileStructureId: structureId,
      financeContacts: ['pay@tasman.example'],
    };
    const bad = await call<{ errors: { field: string; message: string }[] }>(`${base()}/pay-cycles`, { ...admin, method: 'POST', body: { ...input, cutoffTime: '25:00', financeContacts: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.periodEnd', message: SEMI_MONTHLY_MESSAGE },
        { field: 'body.cutoffTime', message: 'Use a time such as 17:00.' },
        { field: 'body.financeContacts', message: 'Add at least one finance contact.' },
      ]),
    );
    const unknownStructure = await call<{ errors: { field: string }[] }>(`${base()}/pay-cycles`, { ...admin, method: 'POST', body: { ...input, periodEnd: '2026-12-15', fileStructureId: '01KDEM0GFT0000000000000099' } });
    expect(unknownStructure.status).toBe(400);
    expect(unknownStructure.body.errors).toEqual([{ field: 'body.fileStructureId', message: 'Choose a payroll file structure.' }]);
    expect((await call<{ items: PayCycle[] }>(`${base()}/pay-cycles`, admin)).body.items).toHaveLength(1);
  });

  it('versions structures, previews them, and writes a changes-only file of NEW, CHANGED and CANCELLED lines', async () => {
    const presets = await call<{ items: { preset: string; structure: FileStructureInput }[] }>(`${base()}/file-structures/presets`, admin);
    const generic = presets.body.items.find((item) => item.preset === 'GENERIC')!.structure;
    const changesOnly: FileStructureInput = { ...generic, name: 'Changes for PayHero', mode: 'CHANGES_ONLY', lineEnding: 'LF', delimiter: ';' };
    const preview = await call<{ fileName: string; content: string; lineCount: number }>(`${base()}/file-structures/preview?country=nz`, { ...admin, method: 'POST', body: changesOnly });
    expect(preview.status).toBe(200);
    expect(preview.body.content.split('\n')[0]).toBe(generic.columns.map((c) => c.header).join(';'));
    // Values with the delimiter or quotes are quoted by the CSV library.
    expect(preview.body.content).toContain('"Harbour ""Blue"" Care"');

    const created = await call<FileStructure>(`${base()}/file-structures`, { ...admin, method: 'POST', body: { ...changesOnly, name: 'Draft' } });
    expect(created).toMatchObject({ status: 201, body: { version: 1, name: 'Draft' } });
    const saved = await call<FileStructure>(`${base()}/file-structures/${created.body.id}`, { ...admin, method: 'PUT', body: changesOnly });
    expect(saved).toMatchObject({ status: 200, body: { version: 2, name: 'Changes for PayHero' } });

    // A monthly cycle paid on the last day of each month, file due three days before.
    const monthEnd = aucklandMonthEnd();
    const cycleInput: PayCycleInput = {
      name: 'Monthly salaried',
      frequency: 'Monthly',
      periodEnd: monthEnd,
      payDate: monthEnd,
      cutoffDaysBeforePayDate: 3,
      cutoffTime: '17:00',
      timeZone: 'Pacific/Auckland',
      businessUnitIds: [],
      fileStructureId: created.body.id,
      financeContacts: ['Finance@Tasman.example'],
    };
    const cycle = await call<PayCycle>(`${base()}/pay-cycles`, { ...admin, method: 'POST', body: cycleInput });
    expect(cycle.status).toBe(201);
    expect(cycle.body.financeContacts).toEqual(['finance@tasman.example']);
    const first = await call<{ batchId: string }>(`${base()}/pay-cycles/${cycle.body.id}/export`, { ...admin, method: 'POST' });
    expect(first.status).toBe(200);
    const firstBatch = (await batches()).find((b) => b.id === first.body.batchId)!;
    expect(firstBatch).toMatchObject({ mode: 'CHANGES_ONLY', fileStructureVersion: 2, lineCount: 4 });
    expect((await fileOf(firstBatch.id)).text.split('\n').slice(1, -1).every((line) => line.split(';')[12] === 'NEW')).toBe(true);

    // Wiremu stops his $10 a pay to Harbour City and pledges $15 a pay to it instead: the same deduction, changed.
    const member = { role: 'workplaceMember' as const };
    const pledges = await call<{ items: { pledgeId: string; charity: { id: string }; gift?: unknown; status: string }[] }>('/donations/me/payroll-pledges', member);
    const foodBank = pledges.body.items.find((pledge) => pledge.charity.id === harbourCityId && !pledge.gift && pledge.status === 'Active')!;
    expect((await call(`/donations/me/payroll-pledges/${foodBank.pledgeId}`, { ...member, method: 'DELETE' })).status).toBe(204);
    const more = await call('/donations/me/payroll-pledges', {
      ...member,
      method: 'POST',
      headers: { 'idempotency-key': `more-${crypto.randomUUID()}` },
      body: { pageType: 'CHARITY', country: 'nz', charityId: harbourCityId, amount: 1500, donationFrequency: 'EveryPayCycle', anonymousDonation: false },
    });
    expect(more.status).toBe(201);

    // A batch, once made, never changes: the workplace's copies must have the two events before the schedule runs.
    const client = platformClient(platform);
    await eventually(
      async () => [(await client.eventsOf('PayrollPledgeCancelled')).some((e) => e.detail.data.pledgeId === foodBank.pledgeId), (await client.eventsOf('PayrollPledgeCreated')).length],
      ([cancelled, createdCount]) => cancelled === true && (createdCount as number) > 0,
    );
    await pause(3000);
    // The next period's cut-off, one minute after: the schedule makes that period's batch against the first.
    const next = periodAt({ ...cycleInput }, 1);
    await runSchedule(new Date(Date.parse(next.cutoffAt) + 60_000));
    const nextBatch = (await batches()).find((b) => b.payCycleId === cycle.body.id && b.periodEnd === next.periodEnd);
    expect(nextBatch).toMatchObject({ lineCount: 2, fileStructureVersion: 2 });
    const changes = (await fileOf(nextBatch!.id)).text.split('\n').slice(1, -1).map((line) => line.split(';'));
    // Wiremu's Harbour City deduction changed from $10 to $15; the content admin's once-off $20 is over.
    expect(changes.map((fields) => [fields[1], fields[10], fields[12]]).sort()).toEqual([
      ['TE-1042', '15.00', 'CHANGED'],
      ['TE-1113', '20.00', 'CANCELLED'],
    ]);
    // The period's deductions: Wiremu $25 + $15, Grace $50.
    expect(nextBatch!.totalAmount).toEqual({ cents: 9000, currency: 'NZD' });
  });

  it('reconciles what payroll deducted (one under-deduction, one deduction with no pledge) and confirms it into donations, once', async () => {
    // The seeded cycle's first batch: the schedule run a month ahead above may also have made its batch for that day.
    const batch = (await batches()).find((b) => b.payCycleId === seededCycle.id && b.periodEnd === seededCycle.currentPeriod.periodEnd)!;
    expect(batch.charitiesPayBy).toMatch(/^\d{4}-\d{2}-(05|20)$/);
    const reconciliation = `${base()}/payroll-batches/${batch.id}`;
    // Nothing to confirm before the actuals are in.
    expect((await call(`${reconciliation}/confirm`, { ...admin, method: 'POST' })).status).toBe(409);
    expect((await call(`${reconciliation}/reconciliation`, admin)).status).toBe(404);

    // Payroll's actuals, in the batch's own layout: Wiremu's kiwi chick deduction came out at $20 instead of $25, and
    // payroll took $12 from someone with no pledge.
    const file = (await fileOf(batch.id)).text;
    const rows = file.split('\r\n');
    const actuals = [
      ...rows.map((row) => (row.startsWith('TE-1042') && row.includes('Kiwi Coast Rescue') ? row.replace(',25.00,', ',20.00,') : row)).filter(Boolean),
      'TE-9999,Nobody,Known,,,Payroll Giving,Fixed,12.00,Kiwi Coast Rescue,KOHA,01/01/2026,01/01/2026,NEW',
      'TE-1007,Grace,Liu,,,Payroll Giving,Fixed,not money,Harbour City Food Bank,KOHA,01/01/2026,01/01/2026,NEW',
    ].join('\r\n');
    expect((await call(`${reconciliation}/actuals`, { role: 'workplaceMember', method: 'POST', body: { fileName: 'actuals.csv', content: actuals } })).status).toBe(403);
    const uploaded = await call<Reconciliation>(`${reconciliation}/actuals`, { ...admin, method: 'POST', body: { fileName: 'actuals.csv', content: actuals } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.counts).toEqual({ Matched: 3, UnderDeducted: 1, OverDeducted: 0, NoPledge: 1, NotDeducted: 0 });
    expect(uploaded.body.deducted).toEqual({ cents: 10_500 - 500 + 1200, currency: 'NZD' });
    expect(uploaded.body.donated).toEqual({ cents: 10_000, currency: 'NZD' });
    expect(uploaded.body.unreadRows).toEqual([{ row: rows.filter(Boolean).length + 2, message: "The amount 'not money' is not an amount." }]);
    const under = uploaded.body.lines.find((line) => line.outcome === 'UnderDeducted')!;
    expect(under).toMatchObject({ employeeNumber: 'TE-1042', employeeName: 'Wiremu Parata', charityName: 'Kiwi Coast Rescue', expected: { cents: 2500 }, deducted: { cents: 2000 }, donated: { cents: 2000 } });
    expect(under.action).toContain('Payroll deducted $20.00 of $25.00.');
    const stray = uploaded.body.lines.find((line) => line.outcome === 'NoPledge')!;
    expect(stray).toMatchObject({ employeeNumber: 'TE-9999', charityName: 'Kiwi Coast Rescue' });
    expect(stray.action).toContain('Refund $12.00 to the employee');
    expect((await call<Reconciliation>(`${reconciliation}/reconciliation`, admin)).body).toEqual(uploaded.body);
    expect((await batches()).find((b) => b.id === batch.id)).toMatchObject({ status: 'Reconciled', donatedAmount: { cents: 10_000, currency: 'NZD' } });

    // Confirming gives it: twice asked, once given.
    const confirmed = await call<PayrollBatch>(`${reconciliation}/confirm`, { ...admin, method: 'POST' });
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'Confirmed', confirmedAt: expect.any(String) } });
    expect((await call(`${reconciliation}/confirm`, { ...admin, method: 'POST' })).status).toBe(200);
    const history = await eventually(
      async () => (await call<{ items: { paymentType: string; amount: { cents: number }; charity: { name: string }; gift?: { title: string } }[] }>('/donations/me/donations', { role: 'workplaceMember' })).body.items.filter((item) => item.paymentType === 'PAYROLL'),
      (items) => items.length >= 2,
    );
    expect(history.map((item) => [item.charity.name, item.gift?.title ?? 'General', item.amount.cents]).sort()).toEqual([
      ['Harbour City Food Bank', 'General', 1000],
      ['Kiwi Coast Rescue', 'Feed a kiwi chick for a week', 2000],
    ]);
    // No receipt and no tax statement line for a payroll gift (the payslip and employer's statement record it).
    const payrollDonation = (await call<{ items: { donationId: string; paymentType: string }[] }>('/donations/me/donations', { role: 'workplaceMember' })).body.items.find((item) => item.paymentType === 'PAYROLL')!;
    const receipt = await call<{ detail: string }>(`/donations/me/donations/${payrollDonation.donationId}/receipt`, { role: 'workplaceMember' });
    expect(receipt.status).toBe(404);
    expect(receipt.body.detail).toBe('Payroll gifts have no receipt: your payslip and your employer’s income statement record them.');
    expect((await call<{ items: unknown[] }>('/donations/me/tax-statements', { role: 'workplaceMember' })).body.items).toEqual([]);
    const completed = await platformClient(platform).eventsOf('DonationCompleted');
    const payroll = completed.filter((event) => event.detail.data.paymentType === 'PAYROLL');
    // Four pledges given, each announced once per delivery with its own id (a repeat has the same id).
    expect(new Set(payroll.map((event) => event.detail.metadata.id)).size).toBe(4);
    // Payroll giving has no receipt e-mail.
    const wiremu = DEMO_USERS.find((user) => user.role === 'workplaceMember')!.email;
    const mail = await (await fetch(`${platform.urls.mail}/api/messages?to=${encodeURIComponent(wiremu)}`)).json() as { messages: { subject: string }[] };
    expect(mail.messages.filter((message) => /receipt/i.test(message.subject))).toEqual([]);
    // A confirmed batch's actuals cannot change.
    const late = await call<{ detail: string }>(`${reconciliation}/actuals`, { ...admin, method: 'POST', body: { fileName: 'again.csv', content: actuals } });
    expect(late.status).toBe(409);
  });

  it("writes each charity's payroll code, as the workplace set it, in the file's charity payroll code column", async () => {
    const path = `${base()}/charity-payroll-codes/${harbourCityId}`;
    const bad = await call<{ errors: { field: string; message: string }[] }>(path, { ...admin, method: 'PUT', body: { payrollCode: 'HCFB 01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'body.payrollCode', message: 'Use letters, digits, dashes and underscores only.' }]);
    expect((await call(path, { role: 'workplaceMember', method: 'PUT', body: { payrollCode: 'HCFB01' } })).status).toBe(403);
    const set = await call<{ items: { charityId: string; payrollCode: string }[] }>(path, { ...admin, method: 'PUT', body: { payrollCode: ' HCFB-01 ' } });
    expect(set.body.items).toEqual([expect.objectContaining({ charityId: harbourCityId, payrollCode: 'HCFB-01' })]);

    const presets = await call<{ items: { preset: string; structure: FileStructureInput }[] }>(`${base()}/file-structures/presets`, admin);
    const generic = presets.body.items.find((item) => item.preset === 'GENERIC')!.structure;
    const structure = await call<FileStructure>(`${base()}/file-structures`, {
      ...admin,
      method: 'POST',
      body: { ...generic, name: 'With payroll codes', columns: [{ field: 'employeeNumber', header: 'Employee' }, { field: 'charityName', header: 'Charity' }, { field: 'charityPayrollCode', header: 'Payee code' }, { field: 'amount', header: 'Amount' }] },
    });
    expect(structure.status).toBe(201);
    const monthEnd = aucklandMonthEnd();
    const cycle = await call<PayCycle>(`${base()}/pay-cycles`, {
      ...admin,
      method: 'POST',
      body: { name: 'Coded', frequency: 'Monthly', periodEnd: monthEnd, payDate: monthEnd, cutoffDaysBeforePayDate: 3, cutoffTime: '17:00', timeZone: 'Pacific/Auckland', businessUnitIds: [], fileStructureId: structure.body.id, financeContacts: ['finance@tasman.example'] },
    });
    expect(cycle.status).toBe(201);
    const exported = await call<{ batchId: string }>(`${base()}/pay-cycles/${cycle.body.id}/export`, { ...admin, method: 'POST' });
    expect(exported.status).toBe(200);
    const rows = (await fileOf(exported.body.batchId)).text.trim().split(/\r?\n/).map((line) => line.split(','));
    expect(rows[0]).toEqual(['Employee', 'Charity', 'Payee code', 'Amount']);
    const codes = new Map(rows.slice(1).map((row) => [row[1], row[2]]));
    expect(codes.get('Harbour City Food Bank')).toBe('HCFB-01');
    // A charity without a code has the column blank.
    expect(codes.get('Kiwi Coast Rescue')).toBe('');
    // Clearing a code removes it.
    expect((await call<{ items: unknown[] }>(path, { ...admin, method: 'PUT', body: { payrollCode: '' } })).body.items).toEqual([]);
    await call(`${base()}/pay-cycles/${cycle.body.id}`, { ...admin, method: 'DELETE' });
  });

  it('keeps cycles with batches, and deletes one without', async () => {
    const refused = await call<{ detail: string }>(`${base()}/pay-cycles/${seededCycle.id}`, { ...admin, method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('cannot be deleted');
    const input = { ...seededCycle, name: 'Weekly casuals', frequency: 'Weekly' } as Record<string, unknown>;
    for (const key of ['id', 'workplaceId', 'fileStructureName', 'currentPeriod', 'nextPeriods', 'createdAt', 'updatedAt']) delete input[key];
    const created = await call<PayCycle>(`${base()}/pay-cycles`, { ...admin, method: 'POST', body: input });
    expect(created.status).toBe(201);
    expect((await call(`${base()}/pay-cycles/${created.body.id}`, { ...admin, method: 'DELETE' })).status).toBe(204);
    expect((await call(`${base()}/pay-cycles/${created.body.id}`, admin)).status).toBe(404);
  });

  it('checks every row of an eligibility file: one error and nothing changes, with a report of each', async () => {
    const files = `${base()}/eligibility-files`;
    const listed = await call<{ items: EligibilityFile[] }>(files, admin);
    expect(listed.body.items).toEqual([expect.objectContaining({ fileName: 'tasman-employees-november.csv', status: 'Accepted', rowCount: 3, memberCount: 3 })]);
    expect((await call(files, { role: 'workplaceMember' })).status).toBe(403);

    const bad = [
      'Employee Number,Email,Employment Type,Business Unit,Start Date,End Date',
      'TE-2042,wiremu.parata@tasman-engineering.co.nz,Contractor,Christchurch,2024-02-01,',
      'TE-2042,someone@tasman-engineering.co.nz,Permanent,,,',
      'TE-3000,not-an-email,Intern,Nelson,31/02/2025,',
      'TE-3001,late@tasman-engineering.co.nz,Casual,Auckland,2026-05-01,2026-04-01',
    ].join('\r\n');
    const rejected = await call<EligibilityReport>(files, { ...admin, method: 'POST', body: { fileName: 'employees.csv', content: bad } });
    expect(rejected.status).toBe(201);
    expect(rejected.body).toMatchObject({ status: 'Rejected', rowCount: 4, errorCount: 6 });
    expect(rejected.body.errors).toEqual([
      { row: 3, field: 'Employee Number', message: 'Also on row 2.' },
      { row: 4, field: 'Email', message: 'Invalid Email!' },
      { row: 4, field: 'Employment Type', message: "Use Permanent, Contractor or Casual (not 'Intern')." },
      { row: 4, field: 'Business Unit', message: "'Nelson' is not one of the workplace's business units (Auckland, Wellington, Christchurch)." },
      { row: 4, field: 'Start Date', message: "Use a date such as 2026-03-09 or 09/03/2026 (not '31/02/2025')." },
      { row: 5, field: 'End Date', message: 'The end date is before the start date.' },
    ]);
    expect((await call<EligibilityReport>(`${files}/${rejected.body.id}`, admin)).body.errors).toHaveLength(6);
    const members = async () => (await call<{ items: { email: string; employeeNumber?: string; employmentType: string; businessUnitId?: string }[] }>(`/accounts/workplace/${workplaceId}/members`, admin)).body.items;
    const wiremu = () => members().then((items) => items.find((item) => item.email === 'wiremu.parata@tasman-engineering.co.nz')!);
    expect(await wiremu()).toMatchObject({ employeeNumber: 'TE-1042', employmentType: 'Permanent' });

    // A file without the required columns is refused outright.
    const headless = await call<{ errors: { field: string; message: string }[] }>(files, { ...admin, method: 'POST', body: { fileName: 'x.csv', content: 'Email\r\na@b.nz' } });
    expect(headless.status).toBe(400);
    expect(headless.body.errors[0]!.message).toContain('it has no Employee Number, Employment Type');
  });

  it("updates the members an accepted eligibility file names (employee number, type, unit), and the back office sees it", async () => {
    const files = `${base()}/eligibility-files`;
    const good = [
      'email,employee number,employment type,business unit,start date,end date',
      'Wiremu.Parata@tasman-engineering.co.nz,TE-2042,contractor,christchurch,01/02/2024,',
      'new.starter@tasman-engineering.co.nz,TE-3002,Permanent,Auckland,2026-12-01,',
    ].join('\n');
    const accepted = await call<EligibilityReport>(files, { ...admin, method: 'POST', body: { fileName: 'december.csv', content: good } });
    expect(accepted.body).toMatchObject({ status: 'Accepted', rowCount: 2, errorCount: 0, memberCount: 1, errors: [] });
    const settings = await call<{ businessUnits: { id: string; name: string }[] }>(`/accounts/workplace/${workplaceId}/settings`, admin);
    const christchurch = settings.body.businessUnits.find((unit) => unit.name === 'Christchurch')!.id;
    const member = await eventually(
      async () => (await call<{ items: { email: string; employeeNumber?: string; employmentType: string; businessUnitId?: string }[] }>(`/accounts/workplace/${workplaceId}/members`, admin)).body.items.find((item) => item.email === 'wiremu.parata@tasman-engineering.co.nz')!,
      (item) => item.employeeNumber === 'TE-2042',
    );
    expect(member).toMatchObject({ employeeNumber: 'TE-2042', employmentType: 'Contractor', businessUnitId: christchurch });
    // Wiremu's audit trail says who changed his record, from which file, and what changed: once, however it is delivered.
    const { memberId } = member as unknown as { memberId: string };
    const trail = (await call<{ entries: AuditEntry[] }>(`/accounts/backoffice/members/${memberId}/audit`, { role: 'backOffice' })).body.entries;
    const fromFile = trail.filter((entry) => entry.detail === 'Tasman Engineering: eligibility file december.csv');
    expect(fromFile).toEqual([
      expect.objectContaining({
        action: 'EmploymentRecordChanged',
        actor: { name: 'Grace Liu' },
        changes: expect.arrayContaining([
          { field: 'Employee number', from: 'TE-1042', to: 'TE-2042' },
          { field: 'Employment type', from: 'Permanent', to: 'Contractor' },
          expect.objectContaining({ field: 'Business unit', to: christchurch }),
        ]),
      }),
    ]);

    const everyone = await call<{ items: EligibilityFile[] }>('/workplace/backoffice/eligibility-files', { role: 'backOffice' });
    expect(everyone.body.items[0]).toMatchObject({ id: accepted.body.id, workplaceName: 'Tasman Engineering', status: 'Accepted' });
    expect((await call('/workplace/backoffice/eligibility-files', admin)).status).toBe(403);
  });

  it("reports the workplace's giving by month, charity, business unit and giving type, as JSON, CSV and the dashboard's figures", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    type Report = { totals: { amount: { cents: number }; donations: number; donors: number }; byGivingType: { givingType: string; amount: { cents: number } }[]; byBusinessUnit: { name: string; amount: { cents: number } }[]; byCharity: { name: string; amount: { cents: number } }[] };
    // The confirmed payroll batch's four donations (Wiremu $20 + $10, Grace $50, the content admin $20) reach the report.
    const report = await eventually(
      async () => (await call<Report>(`${base()}/reports/donations?from=${month}&to=${month}`, admin)).body,
      (body) => body.totals.donations >= 4,
    );
    const payroll = report.byGivingType.find((row) => row.givingType === 'PayrollGiving')!;
    expect(payroll.amount.cents).toBe(10_000);
    // Business units as they were when the donations were made (Wiremu moved to Christchurch afterwards).
    expect(report.byBusinessUnit.find((row) => row.name === 'Wellington')?.amount.cents).toBe(3000);
    expect(report.byBusinessUnit.find((row) => row.name === 'Auckland')?.amount.cents).toBe(7000);
    expect(report.byCharity.map((row) => row.name).sort()).toEqual(['Harbour City Food Bank', 'Kiwi Coast Rescue']);

    const csv = await fetch(`${platform.siteUrl}/api${base()}/reports/donations/csv?from=${month}&to=${month}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="donations_${month}_${month}.csv"`);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Month,Charity,Business unit,Giving type,Donations,Donors,Amount (NZD)');
    expect(lines).toContain(`${month},Harbour City Food Bank,Auckland,Payroll giving,1,1,50.00`);

    const summary = await call<{ thisMonth: { amount: { cents: number } }; thisYear: { donors: number } }>(`${base()}/reports/summary`, { role: 'contentAdmin' });
    expect(summary.status).toBe(200);
    expect(summary.body.thisMonth.amount.cents).toBeGreaterThanOrEqual(10_000);
    expect(summary.body.thisYear.donors).toBeGreaterThanOrEqual(3);
    expect((await call(`${base()}/reports/donations?from=${month}&to=${month}`, { role: 'contentAdmin' })).status).toBe(403);
    // Engagement: who took part, by business unit (members where they are now; donors where they were).
    type Engagement = { rows: { name: string; members: number; donors: number; participation: number }[]; totals: { members: number; donors: number } };
    // (Wiremu's move to Christchurch reaches workplace's copy of him through accounts' stream: wait for it.)
    const engagement = await eventually(
      async () => (await call<Engagement>(`${base()}/reports/engagement?from=${month}&to=${month}`, admin)).body,
      (body) => body.rows.some((row) => row.name === 'Christchurch'),
    );
    expect(engagement.totals).toMatchObject({ members: 3, donors: 3 });
    expect(engagement.rows.find((row) => row.name === 'Auckland')).toMatchObject({ members: 2, donors: 2, participation: 100 });
    expect(engagement.rows.find((row) => row.name === 'Christchurch')).toMatchObject({ members: 1, donors: 0, participation: 0 });
    const engagementCsv = await fetch(`${platform.siteUrl}/api${base()}/reports/engagement/csv?from=${month}&to=${month}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    const engagementLines = (await engagementCsv.text()).split('\r\n');
    expect(engagementLines[0]).toBe('Business unit,Members,Donors,Volunteers,People volunteering,Hours,Participation (%)');
    // The demo's completed volunteering (an Auckland member's) is counted beside the giving.
    expect(engagementLines.find((line) => line.startsWith('All business units,'))).toMatch(/^All business units,3,3,\d+,\d+,[\d.]+,100$/);
    expect(engagement.rows.find((row) => row.name === 'Wellington')).toMatchObject({ members: 0, donors: 1 });
    const bad = await call<{ errors: { field: string; message: string }[] }>(`${base()}/reports/donations?from=2026-13&to=${month}`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'query.from', message: 'Use a month such as 2026-01.' }]);
  });

  it("reports the badges the workplace's members earned, by badge and business unit, as JSON and CSV", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    type BadgeReport = {
      badges: { badgeId: string; name: string; awarded: number }[];
      byBusinessUnit: { name: string; members: number; earners: number; awarded: number; participation: number; byBadge: Record<string, number> }[];
      totals: { earners: number; awarded: number };
    };
    // The confirmed payroll donations were Wiremu's, Grace's and the content admin's first: accounts awards each the
    // demo's 'First gift' badge, announces it, and workplace counts it where the member was.
    const report = await eventually(
      async () => (await call<BadgeReport>(`${base()}/reports/badges?from=${month}&to=${month}`, admin)).body,
      (body) => (body.badges.find((badge) => badge.name === 'First gift')?.awarded ?? 0) >= 3,
    );
    const firstGift = report.badges.find((badge) => badge.name === 'First gift')!;
    expect(report.totals.earners).toBeGreaterThanOrEqual(3);
    const auckland = report.byBusinessUnit.find((unit) => unit.name === 'Auckland')!;
    expect(auckland).toMatchObject({ members: 2, earners: 2, participation: 100 });
    expect(auckland.byBadge[firstGift.badgeId]).toBe(2);

    const csv = await fetch(`${platform.siteUrl}/api${base()}/reports/badges/csv?from=${month}&to=${month}`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="badges_${month}_${month}.csv"`);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Business unit,Badge,Badges earned,Members,Members who earned a badge,Participation (%)');
    expect(lines).toContain('Auckland,First gift,2,,,');
    expect(lines.find((line) => line.startsWith('Auckland,All badges,'))).toMatch(/^Auckland,All badges,\d+,2,2,100$/);
    expect((await call(`${base()}/reports/badges?from=${month}&to=${month}`, { role: 'workplaceMember' })).status).toBe(403);
    const bad = await call<{ errors: { field: string }[] }>(`${base()}/reports/badges?from=${month}&to=2020-01`, admin);
    expect(bad.body.errors).toEqual([{ field: 'query.to', message: 'The last month is before the first.' }]);
  });

  it('records a member’s donation made elsewhere with its receipt, once; the admin reads the receipt and approves it for matching, or declines it', async () => {
    const member = { role: 'workplaceMember' as const };
    const pdf = Buffer.from('%PDF-1.4\n% receipt from the Coastguard\n%%EOF\n').toString('base64');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    const input = { workplaceId, charityName: 'Coastguard New Zealand', amount: 5000, donatedOn: today, receipt: { fileName: 'coastguard.pdf', contentType: 'application/pdf', data: pdf }, note: 'Annual appeal' };
    const key = `external-${crypto.randomUUID()}`;
    const recorded = await call<ExternalDonation>('/workplace/me/external-donations', { ...member, method: 'POST', body: input, headers: { 'idempotency-key': key } });
    expect(recorded).toMatchObject({ status: 201, body: { status: 'Pending', memberName: 'Wiremu Parata', charityName: 'Coastguard New Zealand', amount: { cents: 5000, currency: 'NZD' }, workplaceName: 'Tasman Engineering' } });
    const again = await call<ExternalDonation>('/workplace/me/external-donations', { ...member, method: 'POST', body: input, headers: { 'idempotency-key': key } });
    expect(again.body.id).toBe(recorded.body.id);
    expect((await call<{ items: ExternalDonation[] }>('/workplace/me/external-donations', member)).body.items.filter((d) => d.id === recorded.body.id)).toHaveLength(1);

    // Not a member of the workplace; a date ahead; a "PDF" that is not one.
    expect((await call('/workplace/me/external-donations', { role: 'donor', method: 'POST', body: input, headers: { 'idempotency-key': `x-${key}` } })).status).toBe(403);
    const future = await call<{ errors: { field: string; message: string }[] }>('/workplace/me/external-donations', { ...member, method: 'POST', body: { ...input, donatedOn: '2099-01-01' }, headers: { 'idempotency-key': `f-${key}` } });
    expect(future.body.errors).toEqual([{ field: 'body.donatedOn', message: 'The donation date is in the future.' }]);
    const fake = await call<{ errors: { field: string; message: string }[] }>('/workplace/me/external-donations', { ...member, method: 'POST', body: { ...input, receipt: { ...input.receipt, data: Buffer.from('hello').toString('base64') } }, headers: { 'idempotency-key': `p-${key}` } });
    expect(fake.body.errors).toEqual([{ field: 'body.receipt.data', message: 'The receipt is not the PDF, JPEG or PNG it says it is.' }]);

    const pending = await call<{ items: ExternalDonation[] }>(`${base()}/external-donations?status=Pending`, admin);
    expect(pending.body.items.map((d) => d.id)).toEqual([recorded.body.id]);
    expect((await call(`${base()}/external-donations`, member)).status).toBe(403);
    const receipt = await fetch(`${platform.siteUrl}/api${base()}/external-donations/${recorded.body.id}/receipt`, { headers: { authorization: `Bearer ${tokens.get('workplaceAdmin')}` } });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await receipt.arrayBuffer()).toString('base64')).toBe(pdf);
    // The member downloads their own receipt; another member cannot, even knowing its id.
    const mine = await fetch(`${platform.siteUrl}/api/workplace/me/external-donations/${recorded.body.id}/receipt`, { headers: { authorization: `Bearer ${tokens.get(member.role)}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toContain('attachment; filename=');
    expect(Buffer.from(await mine.arrayBuffer()).toString('base64')).toBe(pdf);
    const theirs = await fetch(`${platform.siteUrl}/api/workplace/me/external-donations/${recorded.body.id}/receipt`, { headers: { authorization: `Bearer ${tokens.get('donor')}` } });
    expect(theirs.status).toBe(404);

    const approved = await call<ExternalDonation>(`${base()}/external-donations/${recorded.body.id}/decision`, { ...admin, method: 'POST', body: { decision: 'Approve' } });
    expect(approved.body).toMatchObject({ status: 'Approved', decidedBy: 'Grace Liu' });
    const events = await eventually(() => platformClient(platform).eventsOf('ExternalDonationApproved'), (list) => list.length > 0);
    expect(events.map((event) => event.detail.data)).toEqual([expect.objectContaining({ externalDonationId: recorded.body.id, memberId: expect.any(String), amount: { cents: 5000, currency: 'NZD' } })]);
    // Deciding it the other way now is refused; the same decision again is answered as it stands.
    expect((await call(`${base()}/external-donations/${recorded.body.id}/decision`, { ...admin, method: 'POST', body: { decision: 'Decline', reason: 'No receipt' } })).status).toBe(409);
    expect((await call(`${base()}/external-donations/${recorded.body.id}/decision`, { ...admin, method: 'POST', body: { decision: 'Approve' } })).status).toBe(200);

    const second = await call<ExternalDonation>('/workplace/me/external-donations', { ...member, method: 'POST', body: { ...input, amount: 1200 }, headers: { 'idempotency-key': `second-${key}` } });
    const declined = await call<ExternalDonation>(`${base()}/external-donations/${second.body.id}/decision`, { ...admin, method: 'POST', body: { decision: 'Decline', reason: 'The receipt is for a raffle ticket, which is not a donation.' } });
    expect(declined.body).toMatchObject({ status: 'Declined', declineReason: 'The receipt is for a raffle ticket, which is not a donation.' });
    expect((await call<{ items: ExternalDonation[] }>('/workplace/me/external-donations', member)).body.items.find((d) => d.id === second.body.id)?.status).toBe('Declined');
  });
});
