import { describe, expect, it } from 'vitest';
import { replaceSection, withStandAloneSections } from './sections';

const previous = `# Benchmarks

intro

## Donation submissions (50 clients)

old figures

## Search (50,000 documents)

search figures

## Appeal night (scaled: peak 8 donations/s, 366 watchers)

old night
`;

describe("BENCHMARKS.md's sections", () => {
  it('a full run keeps the sections only stand-alone benchmarks write, after its own', () => {
    const written = withStandAloneSections('# Benchmarks\n\nnew intro\n\n## Donation submissions (50 clients)\n\nnew figures\n\n## Appeal night (scaled: peak 10 donations/s, 457 watchers)\n\nnew night\n', previous);
    expect(written).toBe('# Benchmarks\n\nnew intro\n\n## Donation submissions (50 clients)\n\nnew figures\n\n## Appeal night (scaled: peak 10 donations/s, 457 watchers)\n\nnew night\n\n## Search (50,000 documents)\n\nsearch figures\n');
  });

  it('one benchmark replaces its own section, whatever figures its heading carries, or adds it', () => {
    const replaced = replaceSection(previous, '## Appeal night (scaled: peak 10 donations/s, 457 watchers)\n\nnew night\n');
    expect(replaced).toContain('## Search (50,000 documents)\n\nsearch figures\n\n## Appeal night (scaled: peak 10 donations/s, 457 watchers)\n\nnew night\n');
    expect(replaced).not.toContain('old night');
    const middle = replaceSection(previous, '## Search (60,000 documents)\n\nmore\n');
    expect(middle).toContain('old figures\n\n## Search (60,000 documents)\n\nmore\n\n## Appeal night');
    expect(replaceSection('# Benchmarks\n\nintro\n', '## Matching\n\nx\n')).toBe('# Benchmarks\n\nintro\n\n## Matching\n\nx\n');
  });
});
