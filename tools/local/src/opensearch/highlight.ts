import { errors } from './errors';
import { isObject, type Json, type JsonObject } from './json';
import type { CompiledMapping, LeafField } from './mapping';
import { parseQuery, type Query } from './dsl';
import type { HighlightTerms } from './query';
import { valuesAt } from './source';

/**
 * Highlighting as OpenSearch's default (unified) highlighter answers it: the matched terms of the query wrapped in
 * pre/post tags (`<em>`…`</em>`), in fragments cut at sentence boundaries and bounded by fragment_size (default 100),
 * at most number_of_fragments of them (default 5; 0 = the whole value), in the order they appear.
 */

export interface HighlightOptions {
  preTags: string[];
  postTags: string[];
  numberOfFragments: number;
  fragmentSize: number;
  requireFieldMatch: boolean;
  noMatchSize: number;
  encoder: 'default' | 'html';
  order: 'none' | 'score';
  highlightQuery?: Query;
}

export interface HighlightSpec {
  fields: { pattern: string; options: HighlightOptions }[];
  /** A highlight_query on the whole request (else the search's query). */
  highlightQuery?: Query;
}

const OPTION_KEYS = [
  'pre_tags', 'post_tags', 'number_of_fragments', 'fragment_size', 'require_field_match', 'no_match_size', 'encoder', 'order', 'highlight_query',
  'type', 'boundary_scanner', 'boundary_chars', 'boundary_max_scan', 'boundary_scanner_locale', 'fragmenter', 'force_source', 'phrase_limit', 'tags_schema', 'max_analyzer_offset',
];

function tags(value: Json | undefined, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value as string[];
  throw errors.parsing(`[highlight] [${what}] must be a string or an array of strings`);
}

function options(raw: JsonObject, base: HighlightOptions, where: string): HighlightOptions {
  for (const key of Object.keys(raw)) {
    if (!OPTION_KEYS.includes(key)) throw errors.parsing(`[${where}] unknown field [${key}]`);
  }
  if (raw.type !== undefined && !['unified', 'plain', 'fvh'].includes(String(raw.type))) throw errors.illegalArgument(`unknown highlighter type [${String(raw.type)}]`);
  const styled = raw.tags_schema === 'styled';
  const num = (key: string, fallback: number) => {
    const v = raw[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || v < 0) throw errors.illegalArgument(`[${key}] must be a non-negative number`);
    return v;
  };
  const encoder = raw.encoder === undefined ? base.encoder : String(raw.encoder);
  if (encoder !== 'default' && encoder !== 'html') throw errors.illegalArgument(`Unknown encoder [${encoder}]`);
  const order = raw.order === undefined ? base.order : String(raw.order);
  if (order !== 'none' && order !== 'score') throw errors.illegalArgument(`Unknown order [${order}]`);
  return {
    preTags: tags(raw.pre_tags, 'pre_tags') ?? (styled ? ['<em class="hlt">'] : base.preTags),
    postTags: tags(raw.post_tags, 'post_tags') ?? (styled ? ['</em>'] : base.postTags),
    numberOfFragments: num('number_of_fragments', base.numberOfFragments),
    fragmentSize: num('fragment_size', base.fragmentSize),
    requireFieldMatch: raw.require_field_match === undefined ? base.requireFieldMatch : raw.require_field_match === true,
    noMatchSize: num('no_match_size', base.noMatchSize),
    encoder,
    order,
    highlightQuery: raw.highlight_query === undefined ? base.highlightQuery : parseQuery(raw.highlight_query, 'highlight_query'),
  };
}

export function parseHighlight(raw: Json): HighlightSpec {
  if (!isObject(raw)) throw errors.parsing('[highlight] must be an object');
  const { fields, ...rest } = raw;
  const defaults: HighlightOptions = { preTags: ['<em>'], postTags: ['</em>'], numberOfFragments: 5, fragmentSize: 100, requireFieldMatch: true, noMatchSize: 0, encoder: 'default', order: 'none' };
  const global = options(rest, defaults, 'highlight');
  const entries: [string, Json][] = [];
  if (isObject(fields)) entries.push(...Object.entries(fields));
  else if (Array.isArray(fields)) {
    for (const item of fields) {
      if (!isObject(item) || Object.keys(item).length !== 1) throw errors.parsing('[highlight] [fields] array items must be objects with one field');
      entries.push(Object.entries(item)[0]!);
    }
  } else throw errors.parsing('[highlight] requires [fields]');
  return {
    fields: entries.map(([pattern, body]) => {
      if (!isObject(body)) throw errors.parsing(`[highlight] field [${pattern}] must be an object`);
      return { pattern, options: options(body, global, `highlight_field`) };
    }),
    highlightQuery: global.highlightQuery,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Match {
  start: number;
  end: number;
}

/** Which tokens of a value the query matched: [start, end) offsets. */
function matchesIn(leaf: LeafField, value: string, terms: Set<string>, prefixes: Set<string>): Match[] {
  const out: Match[] = [];
  if (leaf.kind === 'keyword') {
    const normalised = leaf.normalizer ? leaf.normalizer.normalize(value) : value;
    if (terms.has(normalised) || [...prefixes].some((p) => normalised.startsWith(p))) out.push({ start: 0, end: value.length });
    return out;
  }
  leaf.analyzer!.analyze(value, (term, _increment, start, end) => {
    if (terms.has(term) || (prefixes.size > 0 && [...prefixes].some((p) => term.startsWith(p)))) {
      const last = out[out.length - 1];
      if (last && last.start === start && last.end === end) return;
      out.push({ start, end });
    }
  });
  return out;
}

/** Sentence spans of a text (the unified highlighter's break iterator, roughly). */
function sentences(text: string): Match[] {
  const out: Match[] = [];
  const re = /[^.!?]*(?:[.!?]+|$)\s*/g;
  for (let m = re.exec(text); m && m[0].length > 0; m = re.exec(text)) out.push({ start: m.index, end: m.index + m[0].length });
  return out.length > 0 ? out : [{ start: 0, end: text.length }];
}

function render(text: string, from: number, to: number, matches: Match[], o: HighlightOptions): string {
  const encode = o.encoder === 'html' ? escapeHtml : (s: string) => s;
  let out = '';
  let at = from;
  let n = 0;
  for (const m of matches) {
    if (m.start < from || m.end > to) continue;
    out += encode(text.slice(at, m.start));
    out += o.preTags[n % o.preTags.length]! + encode(text.slice(m.start, m.end)) + o.postTags[n % o.postTags.length]!;
    at = m.end;
    n++;
  }
  return out + encode(text.slice(at, to));
}

/** Fragments of one value: whole when number_of_fragments is 0, else sentence-bounded passages around the matches. */
function fragmentsOf(text: string, matches: Match[], o: HighlightOptions): { text: string; score: number; start: number }[] {
  if (o.numberOfFragments === 0) return [{ text: render(text, 0, text.length, matches, o), score: matches.length, start: 0 }];
  const passages: { start: number; end: number; score: number }[] = [];
  const spans = sentences(text);
  let i = 0;
  while (i < spans.length) {
    const first = spans[i]!;
    let end = first.end;
    let j = i + 1;
    while (j < spans.length && spans[j]!.end - first.start <= o.fragmentSize) end = spans[j++]!.end;
    let start = first.start;
    // A sentence longer than fragment_size is cut at a word boundary near the first match.
    if (end - start > o.fragmentSize) {
      const firstMatch = matches.find((m) => m.start >= start && m.end <= end);
      const anchor = firstMatch ? Math.max(start, firstMatch.start - Math.floor(o.fragmentSize / 4)) : start;
      const wordStart = anchor === start ? start : text.lastIndexOf(' ', anchor) + 1 || start;
      start = Math.max(first.start, wordStart);
      const limit = start + o.fragmentSize;
      const cut = text.indexOf(' ', limit);
      end = cut === -1 || cut > end ? end : cut;
    }
    const inside = matches.filter((m) => m.start >= start && m.end <= end);
    if (inside.length > 0) passages.push({ start, end, score: new Set(inside.map((m) => text.slice(m.start, m.end).toLowerCase())).size + inside.length / 100 });
    i = j;
  }
  return passages.map((p) => ({ text: render(text, p.start, p.end, matches, o).trimEnd(), score: p.score, start: p.start }));
}

/**
 * The `highlight` of one hit: for each field the request names (patterns expanded on the hit's mapping), the
 * fragments with matches; fields without a match are left out (unless no_match_size asks for their start).
 */
export function highlightHit(
  spec: HighlightSpec,
  source: JsonObject,
  mapping: CompiledMapping,
  termsFor: (options: HighlightOptions) => HighlightTerms,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const { pattern, options: o } of spec.fields) {
    const leaves = mapping.matchLeaves(pattern).filter((leaf) => leaf.kind === 'text' || leaf.kind === 'keyword');
    const terms = termsFor(o);
    for (const leaf of leaves) {
      if (out[leaf.path]) continue;
      const wanted = o.requireFieldMatch ? { terms: terms.terms.get(leaf.path) ?? new Set<string>(), prefixes: terms.prefixes.get(leaf.path) ?? new Set<string>() } : terms.merged();
      const values = valuesAt(source, leaf.sourcePath).filter((v): v is string | number | boolean => typeof v !== 'object' || v === null).map((v) => String(v));
      const fragments: { text: string; score: number; start: number; value: number }[] = [];
      values.forEach((value, index) => {
        if (wanted.terms.size === 0 && wanted.prefixes.size === 0) return;
        const matches = matchesIn(leaf, value, wanted.terms, wanted.prefixes);
        if (matches.length === 0) return;
        for (const f of fragmentsOf(value, matches, o)) fragments.push({ ...f, value: index });
      });
      if (fragments.length > 0) {
        let chosen = fragments;
        if (o.numberOfFragments > 0 && chosen.length > o.numberOfFragments) {
          chosen = [...chosen].sort((a, b) => b.score - a.score).slice(0, o.numberOfFragments);
        }
        if (o.order !== 'score') chosen = [...chosen].sort((a, b) => a.value - b.value || a.start - b.start);
        else chosen = [...chosen].sort((a, b) => b.score - a.score);
        out[leaf.path] = chosen.map((f) => f.text);
      } else if (o.noMatchSize > 0 && values.length > 0) {
        const first = values[0]!;
        const cut = first.length <= o.noMatchSize ? first.length : Math.max(first.lastIndexOf(' ', o.noMatchSize), 0) || o.noMatchSize;
        out[leaf.path] = [o.encoder === 'html' ? escapeHtml(first.slice(0, cut)) : first.slice(0, cut)];
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
