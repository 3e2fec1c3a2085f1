/**
 * Sets of matching documents within one index: ascending document numbers, with a score per document when the
 * query is scored (null in filter context). Queries are evaluated a clause at a time into these sets.
 */
export interface DocSet {
  readonly docs: Int32Array;
  readonly scores: Float64Array | null;
}

export const EMPTY: DocSet = { docs: new Int32Array(0), scores: null };

/** Reusable per-index work arrays (one query runs at a time in Node, so they are never shared mid-use). */
export class Scratch {
  sum = new Float64Array(0);
  max = new Float64Array(0);
  counts = new Int32Array(0);
  marks = new Uint8Array(0);

  ensure(maxDoc: number): void {
    if (this.counts.length >= maxDoc) return;
    const capacity = Math.max(maxDoc, this.counts.length * 2, 1024);
    this.sum = new Float64Array(capacity);
    this.max = new Float64Array(capacity);
    this.counts = new Int32Array(capacity);
    this.marks = new Uint8Array(capacity);
  }
}

/** A set with every score multiplied (boosts) or replaced (constant_score). */
export function withScores(set: DocSet, score: (old: number) => number): DocSet {
  const scores = new Float64Array(set.docs.length);
  const old = set.scores;
  for (let i = 0; i < scores.length; i++) scores[i] = score(old ? old[i]! : 0);
  return { docs: set.docs, scores };
}

export function constantScore(set: DocSet, score: number): DocSet {
  return { docs: set.docs, scores: new Float64Array(set.docs.length).fill(score) };
}

export function unscored(set: DocSet): DocSet {
  return set.scores ? { docs: set.docs, scores: null } : set;
}

/**
 * Documents in both; the result's scores are a's plus (when addScores) b's, as a bool query's must clauses add up.
 * Gallops through the larger set when the sizes are far apart.
 */
export function intersect(a: DocSet, b: DocSet, addScores: boolean): DocSet {
  if (a.docs.length === 0 || b.docs.length === 0) return a.scores || (addScores && b.scores) ? { docs: new Int32Array(0), scores: new Float64Array(0) } : EMPTY;
  const small = a.docs.length <= b.docs.length ? a : b;
  const large = small === a ? b : a;
  const n = small.docs.length;
  const docs = new Int32Array(n);
  const scored = a.scores !== null || (addScores && b.scores !== null);
  const scores = scored ? new Float64Array(n) : null;
  const ld = large.docs;
  const gallop = ld.length > n * 16;
  let j = 0;
  let count = 0;
  for (let i = 0; i < n && j < ld.length; i++) {
    const doc = small.docs[i]!;
    if (gallop) {
      let lo = j;
      let hi = ld.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ld[mid]! < doc) lo = mid + 1;
        else hi = mid;
      }
      j = lo;
    } else while (j < ld.length && ld[j]! < doc) j++;
    if (j < ld.length && ld[j] === doc) {
      docs[count] = doc;
      if (scores) {
        const ai = small === a ? i : j;
        const bi = small === a ? j : i;
        scores[count] = (a.scores ? a.scores[ai]! : 0) + (addScores && b.scores ? b.scores[bi]! : 0);
      }
      count++;
      j++;
    }
  }
  return { docs: docs.subarray(0, count), scores: scores ? scores.subarray(0, count) : null };
}

/** Documents of a that are not in b (must_not). */
export function subtract(a: DocSet, b: DocSet): DocSet {
  if (a.docs.length === 0 || b.docs.length === 0) return a;
  const docs = new Int32Array(a.docs.length);
  const scores = a.scores ? new Float64Array(a.docs.length) : null;
  let j = 0;
  let count = 0;
  const bd = b.docs;
  for (let i = 0; i < a.docs.length; i++) {
    const doc = a.docs[i]!;
    while (j < bd.length && bd[j]! < doc) j++;
    if (j < bd.length && bd[j] === doc) continue;
    docs[count] = doc;
    if (scores) scores[count] = a.scores![i]!;
    count++;
  }
  return { docs: docs.subarray(0, count), scores: scores ? scores.subarray(0, count) : null };
}

/**
 * Documents in at least `minMatch` of the sets. Each document's score is max + tieBreaker * (sum - max) over the
 * sets it is in: tieBreaker 1 adds them up (bool should), 0 keeps the best (dis_max).
 */
export function union(sets: readonly DocSet[], scratch: Scratch, maxDoc: number, tieBreaker: number, minMatch = 1, scored = true): DocSet {
  const nonEmpty = sets.filter((s) => s.docs.length > 0);
  if (minMatch > nonEmpty.length || nonEmpty.length === 0) return scored ? { docs: new Int32Array(0), scores: new Float64Array(0) } : EMPTY;
  if (nonEmpty.length === 1 && minMatch <= 1) return scored ? nonEmpty[0]! : unscored(nonEmpty[0]!);
  scratch.ensure(maxDoc);
  const { sum, max, counts } = scratch;
  let total = 0;
  for (const set of nonEmpty) total += set.docs.length;
  const touched = new Int32Array(total);
  let n = 0;
  for (const set of nonEmpty) {
    const docs = set.docs;
    const scores = set.scores;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k]!;
      const score = scores ? scores[k]! : 0;
      if (counts[doc] === 0) {
        touched[n++] = doc;
        sum[doc] = score;
        max[doc] = score;
      } else {
        sum[doc] = sum[doc]! + score;
        if (score > max[doc]!) max[doc] = score;
      }
      counts[doc] = counts[doc]! + 1;
    }
  }
  let ordered: Int32Array;
  if (n > maxDoc / 16) {
    // Dense: walk the counts in document order instead of sorting.
    ordered = new Int32Array(n);
    let k = 0;
    for (let doc = 0; doc < maxDoc && k < n; doc++) if (counts[doc]! > 0) ordered[k++] = doc;
  } else ordered = touched.subarray(0, n).sort();
  const docs = new Int32Array(n);
  const scores = scored ? new Float64Array(n) : null;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const doc = ordered[k]!;
    if (counts[doc]! >= minMatch) {
      docs[count] = doc;
      if (scores) scores[count] = max[doc]! + tieBreaker * (sum[doc]! - max[doc]!);
      count++;
    }
    counts[doc] = 0;
  }
  return { docs: docs.subarray(0, count), scores: scores ? scores.subarray(0, count) : null };
}

/** `required` with the scores of `optional` added where a document is in both (should clauses beside a must). */
export function addOptional(required: DocSet, optional: DocSet): DocSet {
  if (optional.docs.length === 0 || !optional.scores) return required;
  const scores = required.scores ? Float64Array.from(required.scores) : new Float64Array(required.docs.length);
  let j = 0;
  const od = optional.docs;
  for (let i = 0; i < required.docs.length; i++) {
    const doc = required.docs[i]!;
    while (j < od.length && od[j]! < doc) j++;
    if (j < od.length && od[j] === doc) scores[i] = scores[i]! + optional.scores[j]!;
  }
  return { docs: required.docs, scores };
}

/** The members of a set for quick lookups (function_score's function filters). */
export function bitmap(set: DocSet, maxDoc: number): Uint8Array {
  const bits = new Uint8Array(maxDoc);
  for (const doc of set.docs) bits[doc] = 1;
  return bits;
}

/** Keeps the documents the predicate accepts. */
export function filterSet(set: DocSet, keep: (doc: number, index: number) => boolean): DocSet {
  const docs = new Int32Array(set.docs.length);
  const scores = set.scores ? new Float64Array(set.docs.length) : null;
  let count = 0;
  for (let i = 0; i < set.docs.length; i++) {
    const doc = set.docs[i]!;
    if (!keep(doc, i)) continue;
    docs[count] = doc;
    if (scores) scores[count] = set.scores![i]!;
    count++;
  }
  return { docs: docs.subarray(0, count), scores: scores ? scores.subarray(0, count) : null };
}
