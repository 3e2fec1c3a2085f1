import type { PayCycle, PayCycleInput } from '@giving/shared/contracts/workplace-payroll';
import { conflict, invalid, notFound } from '@giving/shared/errors';
import { currentPeriod, periodAt, publicPeriod, upcomingPeriods } from './pay-periods';
import type { NextDue, PayCycleRecord, WorkplaceDeps } from './ports';

/**
 * Pay cycles (issue 15 item 2): one per pay calendar. Each keeps a pointer to the next cut-off it owes a batch for,
 * which the produce job looks up (`PayCycleStore.due`); saving a cycle moves the pointer to its current period.
 */

type Deps = Pick<WorkplaceDeps, 'payCycles' | 'structures' | 'batches' | 'clock' | 'newId'>;

export function view(cycle: PayCycleRecord, now: Date, structureName: string): PayCycle {
  const periods = upcomingPeriods(cycle, now).map(publicPeriod);
  return { ...cycle, fileStructureName: structureName, currentPeriod: periods[0]!, nextPeriods: periods };
}

/** The first period at or after the current one that has no batch yet. */
export async function nextDueFor(deps: Pick<WorkplaceDeps, 'batches'>, cycle: PayCycleRecord, now: Date): Promise<NextDue> {
  const current = currentPeriod(cycle, now);
  const previous = await deps.batches.previous(cycle.workplaceId, cycle.id, '9999-12-31');
  const period = previous && previous.periodEnd >= current.periodEnd ? periodAt(cycle, current.index + 1) : current;
  return { cutoffAt: period.cutoffAt, periodEnd: period.periodEnd };
}

async function structureNames(deps: Pick<WorkplaceDeps, 'structures'>, workplaceId: string): Promise<Map<string, string>> {
  return new Map((await deps.structures.list(workplaceId)).map((structure) => [structure.id, structure.name]));
}

async function checkStructure(deps: Pick<WorkplaceDeps, 'structures'>, workplaceId: string, structureId: string): Promise<string> {
  const structure = await deps.structures.get(workplaceId, structureId);
  if (!structure) throw invalid([{ field: 'body.fileStructureId', message: 'Choose a payroll file structure.' }]);
  return structure.name;
}

export async function listPayCycles(deps: Deps, workplaceId: string): Promise<{ items: PayCycle[] }> {
  const [cycles, names] = await Promise.all([deps.payCycles.list(workplaceId), structureNames(deps, workplaceId)]);
  const now = deps.clock.now();
  return { items: cycles.sort((a, b) => a.name.localeCompare(b.name)).map((cycle) => view(cycle, now, names.get(cycle.fileStructureId) ?? '')) };
}

export async function getPayCycleRecord(deps: Pick<WorkplaceDeps, 'payCycles'>, workplaceId: string, payCycleId: string): Promise<PayCycleRecord> {
  const cycle = await deps.payCycles.get(workplaceId, payCycleId);
  if (!cycle) throw notFound('The pay cycle');
  return cycle;
}

export async function getPayCycle(deps: Deps, workplaceId: string, payCycleId: string): Promise<PayCycle> {
  const cycle = await getPayCycleRecord(deps, workplaceId, payCycleId);
  const structure = await deps.structures.get(workplaceId, cycle.fileStructureId);
  return view(cycle, deps.clock.now(), structure?.name ?? '');
}

export async function createPayCycle(deps: Deps, workplaceId: string, input: PayCycleInput): Promise<PayCycle> {
  const structureName = await checkStructure(deps, workplaceId, input.fileStructureId);
  const now = deps.clock.now();
  const cycle: PayCycleRecord = { ...input, businessUnitIds: [...new Set(input.businessUnitIds)], id: deps.newId(), workplaceId, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  const current = currentPeriod(cycle, now);
  await deps.payCycles.save(cycle, { cutoffAt: current.cutoffAt, periodEnd: current.periodEnd });
  return view(cycle, now, structureName);
}

export async function updatePayCycle(deps: Deps, workplaceId: string, payCycleId: string, input: PayCycleInput): Promise<PayCycle> {
  const existing = await getPayCycleRecord(deps, workplaceId, payCycleId);
  const structureName = await checkStructure(deps, workplaceId, input.fileStructureId);
  const now = deps.clock.now();
  const cycle: PayCycleRecord = { ...existing, ...input, businessUnitIds: [...new Set(input.businessUnitIds)], updatedAt: now.toISOString() };
  if ((await deps.payCycles.save(cycle, await nextDueFor(deps, cycle, now), existing.updatedAt)) === 'conflict') {
    throw conflict('This pay cycle was changed by someone else. Reload it and try again.');
  }
  return view(cycle, now, structureName);
}

export async function removePayCycle(deps: Deps, workplaceId: string, payCycleId: string): Promise<void> {
  const outcome = await deps.payCycles.remove(workplaceId, payCycleId);
  if (outcome === 'missing') throw notFound('The pay cycle');
  if (outcome === 'hasBatches') throw conflict('This pay cycle has payroll batches, so it cannot be deleted. Its batches stay on the Payroll Payments screen.');
}
