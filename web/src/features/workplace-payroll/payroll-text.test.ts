import { describe, expect, it } from 'vitest';
import { aReconciliation } from '../../testing/payroll-fixtures';
import { daysUntil, employeeWords, givenWords, givingEmployees, payByUrgency } from './payroll-text';

describe('payByUrgency (NZ: charities must have payroll gifts by the pay-by date)', () => {
  it('is later with more than 14 days left, soon from 14 days to the day itself, passed after it', () => {
    expect(payByUrgency('2026-05-20', '2026-05-05')).toBe('later');
    expect(payByUrgency('2026-05-20', '2026-05-06')).toBe('soon');
    expect(payByUrgency('2026-05-20', '2026-05-20')).toBe('soon');
    expect(payByUrgency('2026-05-20', '2026-05-21')).toBe('passed');
  });

  it('counts whole calendar days, across months and daylight saving', () => {
    expect(daysUntil('2026-04-06', '2026-04-04')).toBe(2);
    expect(daysUntil('2026-03-01', '2026-02-28')).toBe(1);
    expect(daysUntil('2026-04-30', '2026-05-01')).toBe(-1);
  });
});

describe('what a confirmed batch gave', () => {
  it('counts each employee who gives something once, however many charities', () => {
    const { lines, donated } = aReconciliation();
    expect(givingEmployees(lines)).toBe(3);
    expect(givenWords(donated, givingEmployees(lines))).toBe('Donations given: $65.00 from 3 employees.');
    expect(givenWords({ cents: 1_000, currency: 'AUD' }, 1)).toBe('Donations given: $10.00 from 1 employee.');
  });

  it('names a deduction with no pledge by its employee number', () => {
    expect(employeeWords({ employeeName: '', employeeNumber: 'E1099' })).toBe('Employee E1099');
    expect(employeeWords({ employeeName: 'Ben Tui', employeeNumber: 'E1002' })).toBe('Ben Tui');
  });
});
