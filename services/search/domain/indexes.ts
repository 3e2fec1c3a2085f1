import type { SearchIndexName } from '@giving/shared/contracts/search';

/**
 * The five public indexes. Each name is an alias over a versioned index `<name>__<version>`: a re-index builds a new
 * versioned index and moves the alias in one `_aliases` call, so searches never see a gap. The mappings live in one
 * index template per alias (pattern `<name>__*`), put on deploy, so every versioned index gets them.
 *
 * Analysis: the standard tokenizer, lower case and ASCII folding ("Māori" matches "maori"). Text that is searched is
 * `text` with a `keyword` sub-field where it is also sorted or matched exactly; everything filtered is `keyword`.
 */
const INDEX_VERSION_SEPARATOR = '__';
export const versionedIndexName = (alias: SearchIndexName, version: string) => `${alias}${INDEX_VERSION_SEPARATOR}${version.toLowerCase()}`;

const FOLDING_ANALYZER = 'folding';
const settings = {
  number_of_shards: 1,
  number_of_replicas: 0,
  analysis: { analyzer: { [FOLDING_ANALYZER]: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } } },
};

const text = { type: 'text', analyzer: FOLDING_ANALYZER };
const textWithKeyword = { ...text, fields: { keyword: { type: 'keyword', ignore_above: 256 } } };
const keyword = { type: 'keyword' };
const integer = { type: 'integer' };
const long = { type: 'long' };
const date = { type: 'date' };
const bool = { type: 'boolean' };
const geoPoint = { type: 'geo_point' };
const image = { type: 'keyword', index: false };
const charityRef = { properties: { id: keyword, name: text, image, slug: keyword } };

const common = {
  id: keyword,
  type: keyword,
  title: textWithKeyword,
  image,
  slug: keyword,
  description: text,
  country: keyword,
  createdon: date,
  donationscount: integer,
};

const fundraising = {
  ...common,
  charity: charityRef,
  currency: keyword,
  donatedamount: long,
  targetamount: long,
  raisedpercentage: integer,
  ownername: text,
  enddate: date,
};

const MAPPINGS: Record<SearchIndexName, { properties: Record<string, unknown> }> = {
  charities: { properties: { ...common, causes: keyword, location: text } },
  'charitygifts-v2': { properties: { ...common, gifttype: keyword, giftprice: long, currency: keyword, charity: charityRef, causes: keyword } },
  'volunteeringopportunities-v2': {
    properties: {
      ...common,
      charities: { properties: { id: keyword, name: text, image, slug: keyword, suburb: text, location: geoPoint } },
      sessions: { properties: { requiredpeople: integer, startTime: date, endTime: date, location: geoPoint } },
      locations: geoPoint,
      scheduleType: keyword,
      isexclusive: bool,
      isremote: bool,
      frequency: keyword,
      opportunityType: keyword,
      skills: keyword,
      categories: keyword,
      firststart: date,
      lastend: date,
      nextstart: date,
    },
  },
  fundraisingevents: { properties: fundraising },
  fundraisingpages: { properties: { ...fundraising, event: { properties: { slug: keyword, title: text } } } },
};

/** The index template of one alias: its versioned indexes' settings and mappings. */
export function indexTemplate(alias: SearchIndexName) {
  return {
    index_patterns: [`${alias}${INDEX_VERSION_SEPARATOR}*`],
    priority: 100,
    template: { settings, mappings: MAPPINGS[alias] },
  };
}
