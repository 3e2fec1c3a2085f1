import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoEdits, fuzzyExpand, prefixRange, topExpansions } from './fuzzy';

/** Optimal string alignment distance (Damerau with adjacent transpositions), the plain way. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('fuzzy expansion', () => {
  it('finds exactly the terms within the edit distance, as a brute-force comparison does', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'k', 'i', 'w', 'ā'), minLength: 0, maxLength: 7 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (vocabulary, term, edits, prefix) => {
        const sorted = [...vocabulary].sort();
        const found = fuzzyExpand(sorted, term, edits, prefix).map((e) => [e.term, e.edits]);
        const expected = sorted
          .filter((t) => (prefix >= term.length ? t === term : t.startsWith(term.slice(0, prefix)) && osa(t.slice(prefix), term.slice(prefix)) <= edits))
          .map((t) => [t, osa(t, term)]);
        expect(found).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a transposition as one edit unless transpositions are off', () => {
    expect(fuzzyExpand(['kiwi'], 'ikwi', 1).map((e) => e.term)).toEqual(['kiwi']);
    expect(fuzzyExpand(['kiwi'], 'ikwi', 1, 0, false)).toEqual([]);
  });

  it('boosts expansions as Lucene does: 1 for the term itself, 1 - edits / min(length) otherwise', () => {
    const found = fuzzyExpand(['chick', 'chik', 'thick'], 'chik', 1);
    expect(found).toEqual([
      { term: 'chick', edits: 1, boost: 1 - 1 / 4 },
      { term: 'chik', edits: 0, boost: 1 },
    ]);
  });

  it('keeps the best max_expansions: highest boost, then the smaller term', () => {
    const kept = topExpansions(
      [
        { term: 'b', edits: 1, boost: 0.5 },
        { term: 'a', edits: 1, boost: 0.5 },
        { term: 'c', edits: 0, boost: 1 },
      ],
      2,
    );
    expect(kept.map((e) => e.term)).toEqual(['c', 'a']);
  });

  it('AUTO allows 0 edits for 1-2 characters, 1 for 3-5, 2 for more (AUTO:low,high moves the bounds)', () => {
    expect(['ab', 'abc', 'abcde', 'abcdef'].map((w) => autoEdits(w))).toEqual([0, 1, 1, 2]);
    expect(autoEdits('kā')).toBe(0);
    expect(autoEdits('abcd', 5, 8)).toBe(0);
  });

  it('finds the range of terms with a prefix', () => {
    const sorted = ['kai', 'kiwi', 'kiwis', 'kōwhai', 'tui'];
    expect(prefixRange(sorted, 'kiw')).toEqual([1, 3]);
    expect(prefixRange(sorted, 'z')).toEqual([5, 5]);
    expect(prefixRange(sorted, '')).toEqual([0, 5]);
  });
});
