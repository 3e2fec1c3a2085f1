import type { CharityPayrollCode, CharityPayrollCodeInput } from '@giving/shared/contracts/workplace-payroll';
import type { WorkplaceDeps } from './ports';

/**
 * Charity payroll codes (issue 15 item 3's "charity payroll code" column): the code the workplace's payroll system
 * knows each charity by. Kept per workplace; a batch writes the code of each line's charity (blank without one).
 */
export interface CharityCodeStore {
  list(workplaceId: string): Promise<CharityPayrollCode[]>;
  put(workplaceId: string, code: CharityPayrollCode): Promise<void>;
  remove(workplaceId: string, charityId: string): Promise<void>;
}

export async function listCharityPayrollCodes(deps: Pick<WorkplaceDeps, 'charityCodes'>, workplaceId: string) {
  return { items: (await deps.charityCodes.list(workplaceId)).sort((a, b) => a.charityId.localeCompare(b.charityId)) };
}

/** Sets the charity's code ('' clears it); answers the workplace's codes as they now stand. */
export async function setCharityPayrollCode(deps: Pick<WorkplaceDeps, 'charityCodes' | 'clock'>, workplaceId: string, charityId: string, input: CharityPayrollCodeInput) {
  if (input.payrollCode === '') await deps.charityCodes.remove(workplaceId, charityId);
  else await deps.charityCodes.put(workplaceId, { charityId, payrollCode: input.payrollCode, updatedAt: deps.clock.now().toISOString() });
  return listCharityPayrollCodes(deps, workplaceId);
}

/** Each charity's code, for a batch's lines. */
export async function payrollCodesOf(deps: Pick<WorkplaceDeps, 'charityCodes'>, workplaceId: string): Promise<Map<string, string>> {
  return new Map((await deps.charityCodes.list(workplaceId)).map((code) => [code.charityId, code.payrollCode]));
}
