/**
 * Term expansion over a sorted vocabulary: fuzzy (Damerau/OSA edit distance, as Lucene's FuzzyQuery with
 * transpositions) and prefix. The sorted array is walked as a trie: one row of the edit-distance table per character
 * depth, rows shared between neighbouring terms, and a whole prefix skipped (by binary search) as soon as no
 * continuation of it can come within the allowed edits.
 */

export interface Expansion {
  term: string;
  edits: number;
  /** Lucene's fuzzy boost: 1 for the exact term, 1 - edits / min(term length, query length) otherwise. */
  boost: number;
}

/** Index of the first term >= value. */
export function lowerBound(sorted: readonly string[], value: string, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index just past the last term starting with prefix. */
export function prefixEnd(sorted: readonly string[], prefix: string, from = 0): number {
  // The smallest string greater than every string that starts with `prefix`.
  return lowerBound(sorted, `${prefix}\uffff\uffff`, from);
}

/** The [start, end) range of terms starting with prefix. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(sorted, prefix);
  return [start, prefix === '' ? sorted.length : prefixEnd(sorted, prefix, start)];
}

const codePointLength = (text: string) => {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

/**
 * Every vocabulary term within maxEdits of `term` whose first prefixLength characters equal the term's.
 * Distances are computed on UTF-16 units (the vocabulary is folded text; astral characters are rare in it).
 */
export function fuzzyExpand(sorted: readonly string[], term: string, maxEdits: number, prefixLength = 0, transpositions = true): Expansion[] {
  const prefix = term.slice(0, prefixLength);
  const query = term.slice(prefix.length);
  const m = query.length;
  const queryLength = codePointLength(term);
  const out: Expansion[] = [];
  const [start, end] = prefixRange(sorted, prefix);
  if (maxEdits === 0 || prefixLength >= term.length) {
    const i = lowerBound(sorted, term, start, end);
    if (i < end && sorted[i] === term) out.push({ term, edits: 0, boost: 1 });
    return out;
  }
  const p = prefix.length;
  // rows[d] is the edit-distance row after d characters of the candidate's suffix.
  const rows: Int32Array[] = [new Int32Array(m + 1)];
  for (let j = 0; j <= m; j++) rows[0]![j] = j;
  let previous = '';
  let validDepth = 0; // rows[0..validDepth] hold the rows of previous's suffix
  let i = start;
  while (i < end) {
    const candidate = sorted[i]!;
    const suffixLength = candidate.length - p;
    // Rows shared with the previous candidate: its common prefix (beyond the fixed prefix), capped by what was computed.
    let common = 0;
    const limit = Math.min(validDepth, suffixLength, previous.length - p);
    while (common < limit && candidate.charCodeAt(p + common) === previous.charCodeAt(p + common)) common++;
    let pruned = -1;
    for (let d = common + 1; d <= suffixLength; d++) {
      let row = rows[d];
      if (!row) {
        row = new Int32Array(m + 1);
        rows[d] = row;
      }
      const above = rows[d - 1]!;
      const c = candidate.charCodeAt(p + d - 1);
      row[0] = d;
      let min = d;
      for (let j = 1; j <= m; j++) {
        const cost = query.charCodeAt(j - 1) === c ? 0 : 1;
        let value = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
        if (transpositions && d > 1 && j > 1 && c === query.charCodeAt(j - 2) && candidate.charCodeAt(p + d - 2) === query.charCodeAt(j - 1)) {
          value = Math.min(value, rows[d - 2]![j - 2]! + 1);
        }
        row[j] = value;
        if (value < min) min = value;
      }
      if (min > maxEdits) {
        pruned = d;
        break;
      }
    }
    if (pruned > 0) {
      // No term with this candidate's first (p + pruned) characters can match: skip them all.
      validDepth = pruned - 1;
      previous = candidate;
      i = prefixEnd(sorted, candidate.slice(0, p + pruned), i + 1);
      continue;
    }
    validDepth = suffixLength;
    previous = candidate;
    const distance = rows[suffixLength]![m]!;
    if (distance <= maxEdits) {
      const edits = distance;
      const boost = edits === 0 ? 1 : 1 - edits / Math.min(codePointLength(candidate), queryLength);
      out.push({ term: candidate, edits, boost });
    }
    i++;
  }
  return out;
}

/** Keeps the best `max` expansions as Lucene's top-terms rewrite does: highest boost first, then the smaller term. */
export function topExpansions(expansions: Expansion[], max: number): Expansion[] {
  if (expansions.length <= max) return expansions;
  return [...expansions].sort((a, b) => b.boost - a.boost || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)).slice(0, max);
}

/** Elasticsearch's AUTO fuzziness: 0 edits for 1-2 characters, 1 for 3-5, 2 above (AUTO:low,high to change the bounds). */
export function autoEdits(term: string, low = 3, high = 6): number {
  const length = codePointLength(term);
  return length < low ? 0 : length < high ? 1 : 2;
}
