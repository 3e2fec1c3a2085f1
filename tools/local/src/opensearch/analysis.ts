import { errors } from './errors';
import { isObject, type Json, type JsonObject } from './json';

/**
 * Text analysis as OpenSearch does it for the analyzers our mappings use:
 * - the standard tokenizer (Unicode word boundaries, UAX #29: "don't", "3.14", "U.S.A" stay whole; "kiwi-coast" is
 *   two words; each Han or Hiragana character is a word of its own; words over 255 characters are split);
 * - the lowercase and asciifolding token filters ("Māori" -> "maori"), and edge_ngram;
 * - analyzers standard (tokenizer + lowercase, no folding: as OpenSearch's own), simple, whitespace, keyword, and
 *   custom ones from an index's `settings.analysis` (tokenizer standard|whitespace|keyword + those filters);
 * - normalizers for keyword fields (lowercase, asciifolding).
 */

/** One token: its term, how far it moves the position (0 = same position as the last), and where it came from. */
export type TokenSink = (term: string, positionIncrement: number, start: number, end: number) => void;

export interface Analyzer {
  readonly name: string;
  analyze(text: string, emit: TokenSink): void;
}

export interface Normalizer {
  readonly name: string;
  normalize(value: string): string;
}

/** The terms of a text, in order (stacked tokens included). */
export function termsOf(analyzer: Analyzer, text: string): string[] {
  const terms: string[] = [];
  analyzer.analyze(text, (term) => terms.push(term));
  return terms;
}

/** The terms of a text grouped by position: one entry per position, each the terms stacked there. */
export function positionsOf(analyzer: Analyzer, text: string): string[][] {
  const positions: string[][] = [];
  analyzer.analyze(text, (term, increment) => {
    if (increment === 0 && positions.length > 0) positions[positions.length - 1]!.push(term);
    else positions.push([term]);
  });
  return positions;
}

// ---------------------------------------------------------------------------------------------------------------
// The standard tokenizer

const enum CharClass {
  Other = 0,
  Letter = 1,
  Digit = 2,
  Extend = 3,
  ExtendNumLet = 4,
  MidLetter = 5,
  MidNumLet = 6,
  MidNum = 7,
  Ideographic = 8,
}

const MID_LETTER = new Set([0x3a, 0xb7, 0x387, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a]);
const MID_NUM_LET = new Set([0x27, 0x2e, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e]);
const MID_NUM = new Set([0x2c, 0x3b, 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b]);
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}]/u;
const EXTEND = /[\p{M}\p{Cf}]/u;
const LETTER = /[\p{L}\p{Nl}]/u;
const DIGIT = /\p{Nd}/u;
const CONNECTOR = /\p{Pc}/u;

function classifySlow(cp: number): CharClass {
  const ch = String.fromCodePoint(cp);
  if (MID_LETTER.has(cp)) return CharClass.MidLetter;
  if (MID_NUM_LET.has(cp)) return CharClass.MidNumLet;
  if (MID_NUM.has(cp)) return CharClass.MidNum;
  if (EXTEND.test(ch)) return CharClass.Extend;
  if (IDEOGRAPHIC.test(ch)) return CharClass.Ideographic;
  if (LETTER.test(ch)) return CharClass.Letter;
  if (DIGIT.test(ch)) return CharClass.Digit;
  if (CONNECTOR.test(ch)) return CharClass.ExtendNumLet;
  return CharClass.Other;
}

const ASCII_CLASSES = new Uint8Array(128);
for (let cp = 0; cp < 128; cp++) ASCII_CLASSES[cp] = classifySlow(cp);
const classCache = new Map<number, CharClass>();

function classify(cp: number): CharClass {
  if (cp < 128) return ASCII_CLASSES[cp] as CharClass;
  let found = classCache.get(cp);
  if (found === undefined) {
    found = classifySlow(cp);
    classCache.set(cp, found);
  }
  return found;
}

const isWordChar = (c: CharClass) => c === CharClass.Letter || c === CharClass.Digit || c === CharClass.ExtendNumLet;

/** The next significant (non-Extend) character's class and index from `i`, or Other at the end. */
function peekSignificant(text: string, i: number): { cls: CharClass; index: number } {
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const cls = classify(cp);
    if (cls !== CharClass.Extend) return { cls, index: i };
    i += cp > 0xffff ? 2 : 1;
  }
  return { cls: CharClass.Other, index: i };
}

/** Calls emit(start, end) for each word of the text by UAX #29's word rules (the subset Lucene's tokenizer keeps). */
export function standardWords(text: string, emit: (start: number, end: number) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const cls = classify(cp);
    if (cls === CharClass.Ideographic) {
      let end = i + size;
      while (end < n) {
        const next = text.codePointAt(end)!;
        if (classify(next) !== CharClass.Extend) break;
        end += next > 0xffff ? 2 : 1;
      }
      emit(i, end);
      i = end;
      continue;
    }
    if (!isWordChar(cls)) {
      i += size;
      continue;
    }
    const start = i;
    let last = cls; // class of the last significant character in the word
    let hasAlnum = cls !== CharClass.ExtendNumLet;
    i += size;
    while (i < n) {
      const next = text.codePointAt(i)!;
      const nextSize = next > 0xffff ? 2 : 1;
      const nextCls = classify(next);
      if (nextCls === CharClass.Extend) {
        i += nextSize;
        continue;
      }
      if (isWordChar(nextCls)) {
        if (nextCls !== CharClass.ExtendNumLet) hasAlnum = true;
        last = nextCls;
        i += nextSize;
        continue;
      }
      if (nextCls === CharClass.MidLetter || nextCls === CharClass.MidNumLet || nextCls === CharClass.MidNum) {
        const after = peekSignificant(text, i + nextSize);
        const lettersJoin = last === CharClass.Letter && after.cls === CharClass.Letter && nextCls !== CharClass.MidNum;
        const digitsJoin = last === CharClass.Digit && after.cls === CharClass.Digit && nextCls !== CharClass.MidLetter;
        if (lettersJoin || digitsJoin) {
          i = after.index;
          continue;
        }
      }
      break;
    }
    if (hasAlnum) emit(start, i);
  }
}

export type Tokenizer = (text: string, emit: (start: number, end: number) => void) => void;

function standardTokenizer(maxTokenLength: number): Tokenizer {
  return (text, emit) =>
    standardWords(text, (start, end) => {
      for (let s = start; s < end; s += maxTokenLength) emit(s, Math.min(end, s + maxTokenLength));
    });
}

const whitespaceTokenizer: Tokenizer = (text, emit) => {
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) emit(m.index, m.index + m[0].length);
};

const keywordTokenizer: Tokenizer = (text, emit) => emit(0, text.length);

const letterTokenizer: Tokenizer = (text, emit) => {
  const re = /\p{L}+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) emit(m.index, m.index + m[0].length);
};

// ---------------------------------------------------------------------------------------------------------------
// Token filters

/** A token filter: takes one term, gives the terms at its position (the first replaces it, the rest stack on it). */
export type TokenFilter = (term: string) => string | string[];

const lowercase: TokenFilter = (term) => term.toLowerCase();

const FOLD_SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', Æ: 'AE', æ: 'ae', Ø: 'O', ø: 'o', Œ: 'OE', œ: 'oe', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Ł: 'L', ł: 'l',
  Þ: 'TH', þ: 'th', ı: 'i', ĸ: 'q', Ŋ: 'N', ŋ: 'n', ſ: 's', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', ƒ: 'f', Ɨ: 'I', ɨ: 'i',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u2013': '-', '\u2014': '-',
};
const foldCache = new Map<string, string>();
/** Any character outside ASCII (code point above 127). */
const NON_ASCII = /[^ -~\t\n\r]/;

function foldChar(ch: string): string {
  let folded = foldCache.get(ch);
  if (folded === undefined) {
    folded = FOLD_SPECIAL[ch];
    if (folded === undefined) {
      const stripped = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      folded = stripped.length > 0 && !NON_ASCII.test(stripped) ? stripped : ch;
    }
    foldCache.set(ch, folded);
  }
  return folded;
}

/** Lucene's ASCIIFoldingFilter: Latin letters with accents (and ligatures, ß, ø, ...) to their ASCII forms. */
export function asciiFold(term: string): string {
  if (!NON_ASCII.test(term)) return term;
  let out = '';
  for (const ch of term) out += ch.charCodeAt(0) < 128 ? ch : foldChar(ch);
  return out;
}

function asciiFolding(preserveOriginal: boolean): TokenFilter {
  return (term) => {
    const folded = asciiFold(term);
    return preserveOriginal && folded !== term ? [folded, term] : folded;
  };
}

function edgeNgram(minGram: number, maxGram: number, preserveOriginal: boolean): TokenFilter {
  return (term) => {
    const chars = Array.from(term);
    const grams: string[] = [];
    for (let size = minGram; size <= Math.min(maxGram, chars.length); size++) grams.push(chars.slice(0, size).join(''));
    if (preserveOriginal && (chars.length > maxGram || chars.length < minGram)) grams.push(term);
    return grams;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Analyzers

class PipelineAnalyzer implements Analyzer {
  constructor(
    readonly name: string,
    private readonly tokenizer: Tokenizer,
    private readonly filters: readonly TokenFilter[],
  ) {}

  analyze(text: string, emit: TokenSink): void {
    const filters = this.filters;
    let pending = 1;
    this.tokenizer(text, (start, end) => {
      let terms: string[] = [text.slice(start, end)];
      for (const filter of filters) {
        const next: string[] = [];
        for (const term of terms) {
          const out = filter(term);
          if (typeof out === 'string') next.push(out);
          else next.push(...out);
        }
        terms = next;
      }
      if (terms.length === 0) {
        pending++;
        return;
      }
      emit(terms[0]!, pending, start, end);
      for (let k = 1; k < terms.length; k++) emit(terms[k]!, 0, start, end);
      pending = 1;
    });
  }
}

const DEFAULT_MAX_TOKEN_LENGTH = 255;

export const STANDARD = new PipelineAnalyzer('standard', standardTokenizer(DEFAULT_MAX_TOKEN_LENGTH), [lowercase]);
const KEYWORD = new PipelineAnalyzer('keyword', keywordTokenizer, []);
const BUILT_IN_ANALYZERS: Record<string, Analyzer> = {
  standard: STANDARD,
  simple: new PipelineAnalyzer('simple', letterTokenizer, [lowercase]),
  whitespace: new PipelineAnalyzer('whitespace', whitespaceTokenizer, []),
  keyword: KEYWORD,
};
const BUILT_IN_TOKENIZERS: Record<string, Tokenizer> = {
  standard: standardTokenizer(DEFAULT_MAX_TOKEN_LENGTH),
  whitespace: whitespaceTokenizer,
  keyword: keywordTokenizer,
  letter: letterTokenizer,
};
const BUILT_IN_FILTERS: Record<string, TokenFilter> = { lowercase, asciifolding: asciiFolding(false) };

/** Filters a keyword normalizer may use: those that work on whole values. */
const NORMALIZER_FILTERS = new Set(['lowercase', 'asciifolding']);

const LOWERCASE_NORMALIZER: Normalizer = { name: 'lowercase', normalize: (value) => value.toLowerCase() };

/** An index's analyzers and normalizers: the built-in ones plus those its settings define. */
export class AnalysisRegistry {
  private readonly analyzers = new Map<string, Analyzer>(Object.entries(BUILT_IN_ANALYZERS));
  private readonly normalizers = new Map<string, Normalizer>([['lowercase', LOWERCASE_NORMALIZER]]);

  /** `settings.analysis` (already validated by parseAnalysisSettings). */
  constructor(analysis?: JsonObject) {
    if (analysis) this.define(analysis);
  }

  analyzer(name: string): Analyzer | undefined {
    return this.analyzers.get(name);
  }

  normalizer(name: string): Normalizer | undefined {
    return this.normalizers.get(name);
  }

  /** The analyzer text fields use when their mapping names none: `analysis.analyzer.default`, else standard. */
  defaultAnalyzer(): Analyzer {
    return this.analyzers.get('default') ?? STANDARD;
  }

  defaultSearchAnalyzer(): Analyzer {
    return this.analyzers.get('default_search') ?? this.defaultAnalyzer();
  }

  private define(analysis: JsonObject): void {
    const tokenizers = new Map<string, Tokenizer>(Object.entries(BUILT_IN_TOKENIZERS));
    const filters = new Map<string, TokenFilter>(Object.entries(BUILT_IN_FILTERS));
    const filterTypes = new Map<string, string>(Object.keys(BUILT_IN_FILTERS).map((name) => [name, name]));
    const section = (key: string): JsonObject => {
      const value = analysis[key];
      if (value === undefined) return {};
      if (!isObject(value)) throw errors.illegalArgument(`[index.analysis.${key}] must be an object`);
      return value;
    };
    for (const key of Object.keys(analysis)) {
      if (!['analyzer', 'tokenizer', 'filter', 'normalizer', 'char_filter'].includes(key)) {
        throw errors.illegalArgument(`unknown setting [index.analysis.${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`);
      }
    }
    if (Object.keys(section('char_filter')).length > 0) throw errors.illegalArgument('the local OpenSearch stand-in supports no [index.analysis.char_filter]');

    for (const [name, raw] of Object.entries(section('tokenizer'))) {
      const def = definition('tokenizer', name, raw);
      if (def.type !== 'standard') throw errors.illegalArgument(`Unknown tokenizer type [${def.type}] for [${name}] (the local stand-in knows standard only)`);
      allowOnly('tokenizer', name, def.body, ['type', 'max_token_length']);
      const max = def.body.max_token_length ?? DEFAULT_MAX_TOKEN_LENGTH;
      if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) throw errors.illegalArgument(`[max_token_length] of tokenizer [${name}] must be a positive integer`);
      tokenizers.set(name, standardTokenizer(max));
    }

    for (const [name, raw] of Object.entries(section('filter'))) {
      const def = definition('filter', name, raw);
      const preserve = def.body.preserve_original === true || def.body.preserve_original === 'true';
      if (def.type === 'asciifolding') {
        allowOnly('filter', name, def.body, ['type', 'preserve_original']);
        filters.set(name, asciiFolding(preserve));
      } else if (def.type === 'lowercase') {
        allowOnly('filter', name, def.body, ['type']);
        filters.set(name, lowercase);
      } else if (def.type === 'edge_ngram' || def.type === 'edgeNGram') {
        allowOnly('filter', name, def.body, ['type', 'min_gram', 'max_gram', 'preserve_original']);
        const min = Number(def.body.min_gram ?? 1);
        const max = Number(def.body.max_gram ?? 2);
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) throw errors.illegalArgument(`[edge_ngram] filter [${name}] needs 1 <= min_gram <= max_gram`);
        filters.set(name, edgeNgram(min, max, preserve));
      } else {
        throw errors.illegalArgument(`Unknown filter type [${def.type}] for [${name}] (the local stand-in knows asciifolding, lowercase and edge_ngram)`);
      }
      filterTypes.set(name, def.type);
    }

    const filterList = (owner: string, name: string, value: Json | undefined): TokenFilter[] => {
      const names = value === undefined ? [] : typeof value === 'string' ? [value] : value;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw errors.illegalArgument(`[filter] of ${owner} [${name}] must be a list of filter names`);
      return (names as string[]).map((filterName) => {
        const filter = filters.get(filterName);
        if (!filter) throw errors.illegalArgument(`failed to find filter under name [${filterName}]`);
        return filter;
      });
    };

    for (const [name, raw] of Object.entries(section('analyzer'))) {
      const def = definition('analyzer', name, raw);
      if (def.type === 'custom') {
        allowOnly('analyzer', name, def.body, ['type', 'tokenizer', 'filter', 'char_filter', 'position_increment_gap']);
        if (Array.isArray(def.body.char_filter) && def.body.char_filter.length > 0) throw errors.illegalArgument(`analyzer [${name}]: the local stand-in supports no char_filter`);
        const tokenizerName = def.body.tokenizer;
        if (typeof tokenizerName !== 'string') throw errors.illegalArgument(`analyzer [${name}] must specify either an analyzer type, or a tokenizer`);
        const tokenizer = tokenizers.get(tokenizerName);
        if (!tokenizer) throw errors.illegalArgument(`failed to find tokenizer under name [${tokenizerName}]`);
        this.analyzers.set(name, new PipelineAnalyzer(name, tokenizer, filterList('analyzer', name, def.body.filter)));
      } else if (def.type === 'standard') {
        allowOnly('analyzer', name, def.body, ['type', 'max_token_length', 'stopwords']);
        if (def.body.stopwords !== undefined && def.body.stopwords !== '_none_') {
          throw errors.illegalArgument(`analyzer [${name}]: the local stand-in supports no stopwords (only "_none_")`);
        }
        const max = Number(def.body.max_token_length ?? DEFAULT_MAX_TOKEN_LENGTH);
        this.analyzers.set(name, new PipelineAnalyzer(name, standardTokenizer(max), [lowercase]));
      } else if (BUILT_IN_ANALYZERS[def.type] && def.type !== 'standard') {
        allowOnly('analyzer', name, def.body, ['type']);
        this.analyzers.set(name, BUILT_IN_ANALYZERS[def.type]!);
      } else {
        throw errors.illegalArgument(`Unknown analyzer type [${def.type}] for [${name}]`);
      }
    }

    for (const [name, raw] of Object.entries(section('normalizer'))) {
      const def = definition('normalizer', name, raw);
      if (def.type !== 'custom') throw errors.illegalArgument(`Unknown normalizer type [${def.type}] for [${name}]`);
      allowOnly('normalizer', name, def.body, ['type', 'filter', 'char_filter']);
      const names = def.body.filter === undefined ? [] : Array.isArray(def.body.filter) ? def.body.filter : [def.body.filter];
      const steps = names.map((filterName) => {
        if (typeof filterName !== 'string') throw errors.illegalArgument(`[filter] of normalizer [${name}] must be a list of filter names`);
        const type = filterTypes.get(filterName);
        if (!type) throw errors.illegalArgument(`failed to find filter under name [${filterName}]`);
        if (!NORMALIZER_FILTERS.has(type)) throw errors.illegalArgument(`Custom normalizer [${name}] may not use filter [${filterName}]`);
        return filters.get(filterName)!;
      });
      this.normalizers.set(name, {
        name,
        normalize: (value) => {
          let out = value;
          for (const step of steps) {
            const r = step(out);
            out = typeof r === 'string' ? r : (r[0] ?? '');
          }
          return out;
        },
      });
    }
  }
}

function definition(kind: string, name: string, raw: Json): { type: string; body: JsonObject } {
  if (!isObject(raw)) throw errors.illegalArgument(`[index.analysis.${kind}.${name}] must be an object`);
  const type = raw.type ?? (kind === 'analyzer' && typeof raw.tokenizer === 'string' ? 'custom' : undefined);
  if (typeof type !== 'string') throw errors.illegalArgument(`${kind} [${name}] must specify either an ${kind} type, or a tokenizer`);
  return { type, body: raw };
}

function allowOnly(kind: string, name: string, body: JsonObject, allowed: string[]): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw errors.illegalArgument(`unknown setting [index.analysis.${kind}.${name}.${key}] (not supported by the local OpenSearch stand-in)`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shingles for search_as_you_type

/**
 * search_as_you_type's sub-fields: `._2gram` and `._3gram` index word shingles of that size ("kiwi chick");
 * `._index_prefix` indexes the shingles of 1..max words, matched by prefix.
 */
export function shingleAnalyzer(base: Analyzer, minSize: number, maxSize: number): Analyzer {
  return {
    name: `${base.name}_shingle_${minSize}_${maxSize}`,
    analyze(text, emit) {
      const words: { term: string; start: number; end: number }[] = [];
      base.analyze(text, (term, increment, start, end) => {
        if (increment > 0) words.push({ term, start, end });
      });
      for (let i = 0; i < words.length; i++) {
        let first = true;
        for (let size = minSize; size <= maxSize && i + size <= words.length; size++) {
          const parts = words.slice(i, i + size);
          emit(parts.map((p) => p.term).join(' '), first ? 1 : 0, parts[0]!.start, parts[parts.length - 1]!.end);
          first = false;
        }
      }
    },
  };
}
