import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirst from './longest-first';

const root = '/repo';
const spec = (project: string, file: string, groupOrder = 0) =>
  ({ moduleId: `${root}/${file}`, project: { name: project, config: { sequence: { groupOrder } } } }) as unknown as TestSpecification;
const order = async (specs: TestSpecification[], durations: Record<string, number>) =>
  (await new LongestFirst({ config: { root } } as unknown as Vitest, durations).sort(specs)).map((s) => `${s.project.name}:${s.moduleId.slice(root.length + 1)}`);

describe('the order vitest starts files in', () => {
  it('starts the project with the longest file first, each project longest first, whatever the files’ sizes', async () => {
    const specs = [spec('node', 'a.test.ts'), spec('node', 'b.test.ts'), spec('accept', 'fuzz.test.ts'), spec('accept', 'cards.test.ts'), spec('web', 'form.test.tsx')];
    expect(await order(specs, { 'a.test.ts': 5, 'b.test.ts': 70, 'fuzz.test.ts': 180, 'cards.test.ts': 30, 'form.test.tsx': 90 })).toEqual([
      'accept:fuzz.test.ts',
      'accept:cards.test.ts',
      'web:form.test.tsx',
      'node:b.test.ts',
      'node:a.test.ts',
    ]);
  });

  it('puts a file missing from the table after the known ones of its project, and keeps the projects’ group order', async () => {
    const specs = [spec('node', 'new.test.ts'), spec('node', 'known.test.ts'), spec('later', 'slow.test.ts', 1)];
    expect(await order(specs, { 'known.test.ts': 2, 'slow.test.ts': 500 })).toEqual(['node:known.test.ts', 'node:new.test.ts', 'later:slow.test.ts']);
  });
});
