import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest starts its files in: longest first, the same on CI's fresh machine as here.
 *
 * vitest starts the files it timed on the machine's last run longest first, but CI has no such cache: there it starts
 * the largest files first. An acceptance file is a few lines importing its suites, so the files of several minutes
 * (input fuzzing, the shared platforms) started last and the run waited on them alone at its end. This sequencer
 * orders by the durations committed in `test-durations.json` (`npm run test:durations` writes this machine's last
 * ones there), never by the local cache, so that a run here orders its files as CI will.
 * - The project whose longest file is longest goes first, and each project's files stay together: a worker that has
 *   run a shared-module project's file keeps its modules only for a next file of the same project.
 * - A file missing from the table counts its size in bytes as milliseconds / 1000, so it comes after the long ones.
 */
export const DURATIONS_FILE = path.join(import.meta.dirname, 'test-durations.json');

type Durations = Record<string, number>;

const readDurations = (): Durations => {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Durations;
  } catch {
    return {};
  }
};

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

export default class LongestFirst extends BaseSequencer {
  constructor(
    ctx: ConstructorParameters<typeof BaseSequencer>[0],
    private readonly committed: Durations = readDurations(),
  ) {
    super(ctx);
  }

  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyOf = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join('/');
    const expected = new Map(files.map((spec) => [spec, (this.committed[keyOf(spec)] ?? 0) * 1000 || sizeOf(spec.moduleId) / 1000]));
    const projectLongest = new Map<string, number>();
    for (const [spec, ms] of expected) projectLongest.set(spec.project.name, Math.max(projectLongest.get(spec.project.name) ?? 0, ms));
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
          (projectLongest.get(b.project.name) ?? 0) - (projectLongest.get(a.project.name) ?? 0) ||
          a.project.name.localeCompare(b.project.name) ||
          (expected.get(b) ?? 0) - (expected.get(a) ?? 0),
      ),
    );
  }
}

/**
 * Writes the durations of vitest's results cache (this machine's runs) to the committed table, by file; returns how
 * many. The cache keeps a file's entry under each project it ever ran in, and files since deleted: a file takes its
 * longest entry, and a deleted one none.
 */
export function writeDurations(resultsFile: string, root: string): number {
  const { results } = JSON.parse(readFileSync(resultsFile, 'utf8')) as { results: [string, { duration: number }][] };
  const durations: Durations = {};
  for (const [key, { duration }] of results) {
    const file = key.slice(key.indexOf(':') + 1);
    if (duration < 500 || !existsSync(path.join(root, file))) continue;
    durations[file] = Math.max(durations[file] ?? 0, Math.round(duration / 100) / 10);
  }
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  return Object.keys(sorted).length;
}
