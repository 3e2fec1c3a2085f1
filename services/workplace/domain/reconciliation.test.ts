import { describe, expect, it } from 'vitest';
import type { FileStructure } from '@giving/shared/contracts/workplace-payroll';
import { PRESETS } from './file-structures';
import type { BatchLine, PledgePart } from './ports';
import { prorate, readActuals, reconcile } from './reconciliation';

const part = (pledgeId: string, cents: number, charityId = 'harbour'): PledgePart => ({
  pledgeId,
  cents,
  pageType: 'CHARITY',
  charity: { id: charityId, name: charityId, charityUrl: charityId },
  quantity: 1,
  isAnonymous: false,
});
const line = (memberId: string, employeeNumber: string, charityId: string, parts: PledgePart[]): BatchLine => ({
  key: `${memberId}|${charityId}|general`,
  memberId,
  charityId,
  amountCents: parts.reduce((sum, p) => sum + p.cents, 0),
  pledges: parts,
  employeeNumber,
  email: `${memberId}@example.com`,
  firstName: memberId,
  lastName: 'Test',
  charityName: charityId === 'harbour' ? 'Harbour City Food Bank' : 'Kiwi Coast Rescue',
});
const structure = (input: typeof PRESETS.PAYGLOBAL): FileStructure => ({ ...input, id: 'S', workplaceId: 'W', version: 1, createdAt: '', updatedAt: '' });
const batch = { id: 'B', currency: 'NZD' as const };
const upload = { fileName: 'actuals.csv', uploadedAt: '2026-11-27T00:00:00.000Z', unreadRows: [] };

describe('prorate', () => {
  it('shares to the cent and always adds up', () => {
    expect(prorate(1000, [2500, 1000])).toEqual([714, 286]);
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(prorate(0, [5, 5])).toEqual([0, 0]);
  });
});

describe('reconciling a file that names only the employee (PayGlobal)', () => {
  const lines = [
    line('wiremu', 'TE-1042', 'kiwi', [part('p1', 2500, 'kiwi')]),
    line('wiremu', 'TE-1042', 'harbour', [part('p2', 1000)]),
    line('grace', 'TE-1007', 'harbour', [part('p3', 5000)]),
    line('mere', 'TE-1113', 'kiwi', [part('p4', 2000, 'kiwi')]),
  ];
  const payGlobal = structure(PRESETS.PAYGLOBAL);
  const row = (employee: string, amount: string) => `${employee},GIVE,1,,,20261126,${amount},,${amount},N`;

  it("holds each employee's rows against all their deductions, shares an under-deduction, and gives no more than pledged", () => {
    const { rows, unreadRows } = readActuals(payGlobal, [row('TE-1042', '30.00'), row('TE-1007', '60.00'), row('TE-4444', '5.00')].join('\r\n'));
    expect(unreadRows).toEqual([]);
    const { reconciliation, allocations } = reconcile(batch, lines, rows, false, upload);
    expect(reconciliation.counts).toEqual({ Matched: 0, UnderDeducted: 1, OverDeducted: 1, NoPledge: 1, NotDeducted: 1 });
    // Wiremu: $30 of $35, shared 25:10 -> 21.43 + 8.57.
    expect(allocations.filter((a) => a.memberId === 'wiremu').map((a) => [a.part.pledgeId, a.cents])).toEqual([
      ['p1', 2143],
      ['p2', 857],
    ]);
    // Grace: $60 taken, $50 given, $10 back to her.
    expect(allocations.find((a) => a.memberId === 'grace')?.cents).toBe(5000);
    expect(reconciliation.lines.find((l) => l.outcome === 'OverDeducted')?.action).toContain('refund $10.00 to the employee');
    // Mere: nothing taken, nothing given.
    expect(allocations.some((a) => a.memberId === 'mere')).toBe(false);
    expect(reconciliation.donated.cents).toBe(3000 + 5000);
    // Exceptions come first, in the order finance works through them.
    expect(reconciliation.lines.map((l) => l.outcome)).toEqual(['UnderDeducted', 'OverDeducted', 'NoPledge', 'NotDeducted']);
  });

  it('lists rows it cannot read instead of guessing, and refuses a file with no employee or amount column', () => {
    const { rows, unreadRows } = readActuals(payGlobal, [row('TE-1042', '35.00'), row('', '5.00'), row('TE-1007', 'twelve')].join('\r\n'));
    expect(rows).toHaveLength(1);
    expect(unreadRows).toEqual([
      { row: 2, message: 'No employee on this row.' },
      { row: 3, message: "The amount 'twelve' is not an amount." },
    ]);
    expect(() => readActuals({ ...payGlobal, columns: [{ field: 'charityName', header: 'Charity' }] }, 'x')).toThrow(/no employee or amount column/);
  });
});

describe('reconciling a file that names the charity too (KeyPay)', () => {
  it('matches on the charity columns a row fills in (a blank registration number falls back to the name)', () => {
    const generic = structure(PRESETS.GENERIC);
    const lines = [{ ...line('grace', 'TE-1007', 'harbour', [part('p3', 5000)]), charityTaxId: '' }];
    const content = ['External Id,Amount,Charity,Charity Registration Number', 'grace,40.00,Harbour City Food Bank,'].join('\r\n');
    const { rows } = readActuals(generic, content);
    const { reconciliation } = reconcile(batch, lines, rows, true, upload);
    expect(reconciliation.counts).toMatchObject({ UnderDeducted: 1, NoPledge: 0 });
    expect(reconciliation.donated.cents).toBe(4000);
  });


  it('matches by employee and charity, on the header names, whatever the column order', () => {
    const keyPay = structure(PRESETS.KEYPAY);
    const lines = [line('wiremu', 'TE-1042', 'kiwi', [part('p1', 2500, 'kiwi')]), line('wiremu', 'TE-1042', 'harbour', [part('p2', 1000)])];
    const content = ['Paid To Account Name,Amount,Employee Id', 'Harbour City Food Bank,10.00,TE-1042', 'Kiwi Coast Rescue,25.00,TE-1042'].join('\r\n');
    const { rows } = readActuals(keyPay, content);
    const { reconciliation } = reconcile(batch, lines, rows, true, upload);
    expect(reconciliation.counts.Matched).toBe(2);
    expect(reconciliation.donated.cents).toBe(3500);
  });
});
