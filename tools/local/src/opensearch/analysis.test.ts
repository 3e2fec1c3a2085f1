import { describe, expect, it } from 'vitest';
import { AnalysisRegistry, asciiFold, positionsOf, STANDARD, standardWords, termsOf } from './analysis';

const words = (text: string) => {
  const out: string[] = [];
  standardWords(text, (s, e) => out.push(text.slice(s, e)));
  return out;
};

describe('the standard tokenizer (Unicode word boundaries)', () => {
  it('keeps apostrophes, decimals and dotted abbreviations inside words, splits on hyphens and spaces', () => {
    expect(words("Don't feed the kiwi-chick 3.14 times, U.S.A. and 1,000 birds!")).toEqual(["Don't", 'feed', 'the', 'kiwi', 'chick', '3.14', 'times', 'U.S.A', 'and', '1,000', 'birds']);
  });

  it('keeps macrons and other combining marks in words, and letters with digits together', () => {
    expect(words('Whangārei Tāmaki-makaurau DOC200 ō')).toEqual(['Whangārei', 'Tāmaki', 'makaurau', 'DOC200', 'ō']);
    expect(words('Whanga\u0304rei')).toEqual(['Whanga\u0304rei']);
  });

  it('makes each Han or Hiragana character a word, and drops punctuation-only runs', () => {
    expect(words('奇异鸟 kiwi ... ___ ひらがな')).toEqual(['奇', '异', '鸟', 'kiwi', 'ひ', 'ら', 'が', 'な']);
  });

  it('splits an email at the @ and keeps words joined by underscores', () => {
    expect(words('kia_ora@koha.nz')).toEqual(['kia_ora', 'koha.nz']);
  });

  it('splits words longer than max_token_length (255)', () => {
    expect(termsOf(STANDARD, 'a'.repeat(300)).map((t) => t.length)).toEqual([255, 45]);
  });
});

describe('ASCII folding', () => {
  it('folds macrons and other Latin accents, ligatures and special letters to ASCII', () => {
    expect(asciiFold('māori whānau kōrero Ōtautahi')).toBe('maori whanau korero Otautahi');
    expect(asciiFold('crème brûlée straße Æsir øre łódź ﬁsh')).toBe('creme brulee strasse AEsir ore lodz fish');
  });

  it('leaves scripts without an ASCII form alone', () => {
    expect(asciiFold('ківі 奇异鸟')).toBe('ківі 奇异鸟');
  });
});

describe('analyzers', () => {
  const registry = new AnalysisRegistry({
    analyzer: {
      folding: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
      both: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'keep_both'] },
      grams: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'edges'] },
    },
    filter: { keep_both: { type: 'asciifolding', preserve_original: true }, edges: { type: 'edge_ngram', min_gram: 2, max_gram: 4 } },
    normalizer: { folded: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
  });

  it('standard lowercases but does not fold; a custom folding analyzer does both', () => {
    expect(termsOf(STANDARD, 'Te Reo Māori')).toEqual(['te', 'reo', 'māori']);
    expect(termsOf(registry.analyzer('folding')!, 'Te Reo Māori')).toEqual(['te', 'reo', 'maori']);
  });

  it('stacks the folded and original forms at one position with preserve_original', () => {
    expect(positionsOf(registry.analyzer('both')!, 'Māori kai')).toEqual([['maori', 'māori'], ['kai']]);
  });

  it('emits edge n-grams at one position', () => {
    // "a" is shorter than min_gram: it leaves no token.
    expect(positionsOf(registry.analyzer('grams')!, 'Kiwi a')).toEqual([['ki', 'kiw', 'kiwi']]);
  });

  it('normalises keyword values with a custom normalizer', () => {
    expect(registry.normalizer('folded')!.normalize('Ōtautahi')).toBe('otautahi');
  });

  it('refuses unknown filters, tokenizers and analyzer types, and char filters', () => {
    expect(() => new AnalysisRegistry({ analyzer: { x: { type: 'custom', tokenizer: 'standard', filter: ['porter_stem'] } } })).toThrow(/failed to find filter under name \[porter_stem\]/);
    expect(() => new AnalysisRegistry({ analyzer: { x: { type: 'custom', tokenizer: 'ngram' } } })).toThrow(/failed to find tokenizer/);
    expect(() => new AnalysisRegistry({ analyzer: { x: { type: 'english' } } })).toThrow(/Unknown analyzer type \[english\]/);
    expect(() => new AnalysisRegistry({ char_filter: { html: { type: 'html_strip' } } })).toThrow(/char_filter/);
  });

  it('uses analysis.analyzer.default for text fields that name none', () => {
    const withDefault = new AnalysisRegistry({ analyzer: { default: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } } });
    expect(termsOf(withDefault.defaultAnalyzer(), 'Whānau')).toEqual(['whanau']);
    expect(termsOf(new AnalysisRegistry().defaultAnalyzer(), 'Whānau')).toEqual(['whānau']);
  });
});
