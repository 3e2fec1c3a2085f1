import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from '@opensearch-project/opensearch';
import MiniSearch from 'minisearch';
import type { CharitySearchDocument, EventSearchDocument, GiftSearchDocument, OpportunitySearchDocument, PageSearchDocument, SearchItem } from '@giving/shared/contracts/search';
import { SearchEngine, startOpenSearch } from '../tools/local/src/opensearch';
import { asciiFold, standardWords } from '../tools/local/src/opensearch/analysis';
import { autoEdits } from '../tools/local/src/opensearch/fuzzy';
import { arcDistance, type GeoPoint } from '../tools/local/src/opensearch/geo';
import type { JsonObject } from '../tools/local/src/opensearch/json';
import { machine } from './machine';

/**
 * `npx tsx bench/search-engine.ts`: the local search engine at the platform's scale. Generates 50,000 documents over
 * the five search indexes (deterministically: NZ/AU places, Māori words and place names, volunteering roles with
 * geo points and sessions, gifts, fundraising events and pages), builds each candidate engine, and runs the same
 * 1,000 mixed queries (typed words, typos, prefixes, filters, aggregations, geo sort) through each:
 *   - the stand-in's engine in-process (SearchEngine.search with OpenSearch query bodies) and over HTTP through the
 *     real @opensearch-project/opensearch client;
 *   - minisearch 7.2 for the text part, with filters, ranking, aggregations and sorts done in JS over its candidates;
 *   - a linear scan of the same documents with the same matching rules (AUTO typo tolerance, prefix on the last word),
 *     whose totals double as a cross-check of the engine's;
 *   - a plain substring scan without typo tolerance (the cheapest possible baseline).
 * Prints build time, memory (JS heap + external), p50/p99 per engine, and the engine's agreement with the linear scan.
 * Diagnostics: PROFILE=1 lists the slowest queries; MEMORY=1 breaks the engine's memory down; EXPANSIONS=a,b counts a
 * word's fuzzy expansions.
 */

const gc = (() => {
  v8.setFlagsFromString('--expose_gc');
  return vm.runInNewContext('gc') as () => void;
})();
/** JS heap plus memory outside it (buffers), after collecting garbage. */
const heapMiB = () => {
  gc();
  gc();
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.external) / 2 ** 20;
};

// ---------------------------------------------------------------------------------------------------------------
// A deterministic corpus

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = random(20261126);
const pick = <T>(list: readonly T[], rnd = r): T => list[Math.floor(rnd() * list.length)]!;
const int = (min: number, max: number, rnd = r) => min + Math.floor(rnd() * (max - min + 1));

type Place = { name: string; lat: number; lon: number };
const NZ: Place[] = [
  ['Whangārei', -35.725, 174.323], ['Kerikeri', -35.227, 173.947], ['Tāmaki Makaurau', -36.848, 174.763], ['Auckland', -36.848, 174.763], ['Kirikiriroa', -37.787, 175.279],
  ['Hamilton', -37.787, 175.279], ['Tauranga', -37.687, 176.165], ['Rotorua', -38.137, 176.251], ['Taupō', -38.686, 176.07], ['Whakatāne', -37.953, 176.99],
  ['Gisborne', -38.662, 178.018], ['Napier', -39.493, 176.912], ['Hastings', -39.639, 176.84], ['Whanganui', -39.93, 175.05], ['Palmerston North', -40.352, 175.608],
  ['Pōneke', -41.286, 174.776], ['Wellington', -41.286, 174.776], ['Whakatū', -41.271, 173.284], ['Nelson', -41.271, 173.284], ['Blenheim', -41.514, 173.96],
  ['Kaikōura', -42.4, 173.68], ['Ōtautahi', -43.532, 172.636], ['Christchurch', -43.532, 172.636], ['Timaru', -44.396, 171.255], ['Ōamaru', -45.097, 170.97],
  ['Ōtepoti', -45.874, 170.503], ['Dunedin', -45.874, 170.503], ['Queenstown', -45.031, 168.663], ['Invercargill', -46.413, 168.353], ['Ngāruawāhia', -37.667, 175.15],
  ['Te Awamutu', -38.01, 175.32], ['Paraparaumu', -40.914, 175.006], ['Masterton', -40.952, 175.657], ['Ōpōtiki', -38.01, 177.287], ['Kaitāia', -35.114, 173.263], ['Whāingaroa', -37.8, 174.87],
].map(([name, lat, lon]) => ({ name: name as string, lat: lat as number, lon: lon as number }));
const AU: Place[] = [
  ['Sydney', -33.868, 151.209], ['Melbourne', -37.814, 144.963], ['Brisbane', -27.47, 153.026], ['Perth', -31.95, 115.86], ['Adelaide', -34.929, 138.601], ['Hobart', -42.882, 147.327],
  ['Darwin', -12.463, 130.845], ['Canberra', -35.281, 149.13], ['Newcastle', -32.928, 151.781], ['Wollongong', -34.425, 150.893], ['Geelong', -38.149, 144.361], ['Cairns', -16.92, 145.77],
  ['Townsville', -19.259, 146.816], ['Ballarat', -37.562, 143.85], ['Bendigo', -36.757, 144.279], ['Launceston', -41.433, 147.144], ['Toowoomba', -27.56, 151.95], ['Alice Springs', -23.698, 133.88],
].map(([name, lat, lon]) => ({ name: name as string, lat: lat as number, lon: lon as number }));

const MAORI = ['whānau', 'tamariki', 'rangatahi', 'kaumātua', 'marae', 'kai', 'hauora', 'aroha', 'manaakitanga', 'kaitiakitanga', 'mātauranga', 'whenua', 'awa', 'moana', 'ngahere', 'taiao', 'kōrero', 'waiata', 'kapa haka', 'te reo', 'tikanga', 'hapori', 'mahi', 'kura', 'pukapuka', 'rongoā', 'kōhanga', 'māra kai', 'Māori', 'tangata whenua'];
const NOUNS = [
  'kiwi', 'chick', 'predator', 'trap', 'tree', 'seedling', 'wetland', 'beach', 'dune', 'penguin', 'dolphin', 'hedgehog', 'possum', 'stoat', 'bird', 'forest', 'river', 'stream', 'garden', 'orchard',
  'library', 'school', 'lunch', 'breakfast', 'backpack', 'uniform', 'book', 'laptop', 'blanket', 'shelter', 'bed', 'night', 'meal', 'food', 'parcel', 'pantry', 'water', 'well', 'medicine', 'vaccine',
  'clinic', 'ambulance', 'helicopter', 'rescue', 'dog', 'cat', 'kitten', 'puppy', 'horse', 'lamb', 'hive', 'bee', 'pollinator', 'coral', 'reef', 'koala', 'wombat', 'kangaroo', 'platypus', 'bushfire',
  'drought', 'flood', 'cyclone', 'earthquake', 'refugee', 'family', 'elderly', 'youth', 'student', 'scholarship', 'mentor', 'coach', 'team', 'sport', 'music', 'art', 'theatre', 'museum', 'heritage',
  'language', 'literacy', 'reading', 'swimming', 'lesson', 'bike', 'helmet', 'hospital', 'hospice', 'cancer', 'research', 'heart', 'counselling', 'phone', 'companion', 'driver', 'market', 'festival',
  'marathon', 'walk', 'swim', 'cycle', 'quiz', 'auction', 'gala', 'concert', 'kākāpō', 'takahē', 'tūī', 'kererū', 'pōhutukawa', 'kauri', 'tōtara', 'harakeke', 'whale', 'seal', 'turtle', 'albatross',
];
const VERBS = ['Feed', 'Buy', 'Plant', 'Sponsor', 'Give', 'Fund', 'Provide', 'Support', 'Adopt', 'Protect', 'Build', 'Restore', 'Equip', 'Train', 'Rescue'];
const ORGS = ['Trust', 'Foundation', 'Society', 'Rescue', 'Collective', 'Charitable Trust', 'Network', 'Alliance', 'Project', 'Association'];
const ROLES = ['Volunteer', 'Driver', 'Mentor', 'Tutor', 'Gardener', 'Guide', 'Helper', 'Coordinator', 'Ranger assistant', 'Kitchen hand', 'Shop assistant', 'Event marshal', 'Phone support'];
const FIRST = ['Aroha', 'Mere', 'Hemi', 'Tama', 'Ana', 'Liam', 'Olivia', 'Noah', 'Charlotte', 'Jack', 'Isla', 'Oliver', 'Amelia', 'Wiremu', 'Anahera', 'Nikau', 'Kiri', 'Sione', 'Mei', 'Chen', 'Priya', 'Tom', 'Grace', 'Lucas', 'Ruby', 'Mia', 'Te Ariki', 'Manaia', 'Hine', 'Rāwiri'];
const LAST = ['Smith', 'Ngata', 'Walker', 'Parata', 'Brown', 'Wilson', 'Tamihana', 'Taylor', 'Wang', 'Singh', 'Patel', 'Nguyen', 'Williams', 'Te Whata', 'Fraser', 'Campbell', 'Rangi', 'Kereama', 'Martin', 'Lee'];
const FILLER = [
  'help', 'us', 'every', 'gift', 'goes', 'towards', 'local', 'community', 'people', 'need', 'support', 'care', 'safe', 'warm', 'healthy', 'together', 'future', 'native', 'young', 'older', 'week',
  'month', 'year', 'day', 'volunteers', 'team', 'work', 'with', 'our', 'the', 'and', 'for', 'in', 'of', 'to', 'a', 'on', 'at', 'from', 'their', 'your', 'new', 'more', 'than', 'each', 'will', 'can',
  'make', 'difference', 'change', 'lives', 'protect', 'grow', 'learn', 'share', 'bring', 'keep', 'clean', 'green', 'strong', 'happy', 'hands', 'hearts', 'homes', 'streets', 'coast', 'region', 'whole',
];
// Pseudo-words from Māori-like syllables: product names, surnames and rare words give a realistically large vocabulary.
const SYLLABLES = ['ka', 'ki', 'ko', 'ku', 'ma', 'mo', 'mu', 'nga', 'wha', 'ta', 'te', 'ti', 'to', 'ro', 'ra', 'ri', 'pa', 'pu', 'po', 'ha', 'he', 'hi', 'wai', 'rau', 'tai', 'nui', 'iti', 'hu', 'ne', 'no'];
const RARE = Array.from({ length: 15_000 }, () => Array.from({ length: int(2, 4) }, () => pick(SYLLABLES)).join(''));
const CAUSES = ['Animals', 'Environment', 'Education', 'Health', 'Children', 'Elderly', 'Disaster relief', 'Arts', 'Sport', 'Housing', 'Food', 'Mental health', 'Conservation', 'Community'];
const SKILLS = ['Driving', 'Cooking', 'Gardening', 'Teaching', 'First aid', 'Admin', 'Marketing', 'IT', 'Carpentry', 'Languages', 'Music', 'Coaching'];
const CATEGORIES = ['Environment', 'Community', 'Health', 'Education', 'Animals', 'Events', 'Sport', 'Arts'];
const NOW = Date.UTC(2026, 10, 26);
const DAY = 86_400_000;

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
function sentence(words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    const x = r();
    parts.push(x < 0.55 ? pick(FILLER) : x < 0.8 ? pick(NOUNS) : x < 0.9 ? pick(MAORI) : x < 0.95 ? pick(RARE) : pick(r() < 0.7 ? NZ : AU).name);
  }
  return `${cap(parts.join(' '))}.`;
}
const description = () => Array.from({ length: int(2, 4) }, () => sentence(int(8, 14))).join(' ');
const isoDaysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
const jitter = (p: Place): GeoPoint => ({ lat: +(p.lat + (r() - 0.5) * 0.2).toFixed(5), lon: +(p.lon + (r() - 0.5) * 0.2).toFixed(5) });

interface Corpus {
  charities: CharitySearchDocument[];
  gifts: GiftSearchDocument[];
  opportunities: OpportunitySearchDocument[];
  events: EventSearchDocument[];
  pages: PageSearchDocument[];
}

function generate(): Corpus {
  const charities: CharitySearchDocument[] = [];
  for (let i = 0; i < 5_000; i++) {
    const country = r() < 0.7 ? 'nz' : 'au';
    const place = pick(country === 'nz' ? NZ : AU);
    const name = r() < 0.2 ? `Te Whare ${cap(pick(MAORI))} o ${place.name}` : `${place.name} ${cap(pick(NOUNS))} ${pick(ORGS)}`;
    charities.push({
      id: `c${i}`, type: 'charities', title: name, image: `/img/c${i}.png`, slug: `charity-${i}`, description: description(), country,
      createdon: isoDaysAgo(int(0, 2000)), donationscount: Math.floor(r() ** 3 * 5000), causes: [pick(CAUSES), pick(CAUSES)], location: place.name,
    });
  }
  const ref = (c: CharitySearchDocument) => ({ id: c.id, name: c.title, image: c.image, slug: c.slug });
  const gifts: GiftSearchDocument[] = [];
  for (let i = 0; i < 15_000; i++) {
    const charity = pick(charities);
    const general = r() < 0.1;
    const title = i === 0 ? 'Feed a kiwi chick for a week' : i === 1 ? 'Buy a predator trap' : general ? 'Area of greatest need' : `${pick(VERBS)} a ${pick(NOUNS)}${pick(['', ' for a week', ' for a month', ` in ${pick(NZ).name}`, ` for ${pick(MAORI)}`, ` ${pick(RARE)}`])}`;
    gifts.push({
      id: `g${i}`, type: 'charitygift', title, image: `/img/g${i}.png`, slug: `${charity.slug}/gift-${i}`, description: description(), country: charity.country,
      createdon: isoDaysAgo(int(0, 1500)), donationscount: Math.floor(r() ** 3 * 800), gifttype: general ? 'General' : 'Product', giftprice: general ? 0 : int(5, 500) * 100,
      currency: charity.country === 'nz' ? 'NZD' : 'AUD', charity: ref(charity), causes: charity.causes,
    });
  }
  const opportunities: OpportunitySearchDocument[] = [];
  for (let i = 0; i < 10_000; i++) {
    const charity = pick(charities);
    const place = pick(charity.country === 'nz' ? NZ : AU);
    const remote = r() < 0.15;
    const sessions = Array.from({ length: int(1, 3) }, () => {
      const start = NOW + int(-60, 120) * DAY;
      return { requiredpeople: int(1, 20), startTime: new Date(start).toISOString(), endTime: new Date(start + 4 * 3_600_000).toISOString(), ...(remote ? {} : { location: jitter(place) }) };
    });
    const starts = sessions.map((s) => Date.parse(s.startTime));
    const upcoming = starts.filter((s) => s > NOW).sort((a, b) => a - b);
    opportunities.push({
      id: `o${i}`, type: 'volunteeringopportunities', title: `${pick(ROLES)} ${pick(['for', 'at', 'with'])} ${pick(NOUNS)} ${pick(['day', 'programme', 'project', 'crew', pick(MAORI)])}`,
      image: `/img/o${i}.png`, slug: `${charity.slug}/role-${i}`, description: description(), country: charity.country, createdon: isoDaysAgo(int(0, 700)), donationscount: 0,
      charities: [{ ...ref(charity), suburb: place.name, ...(remote ? {} : { location: jitter(place) }) }],
      sessions, ...(remote ? {} : { locations: sessions.map((s) => s.location!) }), scheduleType: pick(['once', 'recurring']), isexclusive: r() < 0.05, isremote: remote,
      frequency: pick(['weekly', 'monthly', 'once']), opportunityType: pick(['In person', 'Online', 'Team']), skills: [pick(SKILLS), pick(SKILLS)], categories: [pick(CATEGORIES)],
      firststart: new Date(Math.min(...starts)).toISOString(), lastend: new Date(Math.max(...starts) + 4 * 3_600_000).toISOString(),
      ...(upcoming.length > 0 ? { nextstart: new Date(upcoming[0]!).toISOString() } : {}),
    });
  }
  const fundraising = (i: number, kind: 'e' | 'p') => {
    const charity = pick(charities);
    const target = int(10, 500) * 10_000;
    const donated = Math.floor(target * r() * 1.2);
    return {
      charity: ref(charity), currency: charity.country === 'nz' ? ('NZD' as const) : ('AUD' as const), donatedamount: donated, targetamount: target,
      raisedpercentage: Math.floor((donated / target) * 100), ownername: `${pick(FIRST)} ${pick(LAST)}`, enddate: new Date(NOW + int(-100, 200) * DAY).toISOString(),
      image: `/img/${kind}${i}.png`, description: description(), country: charity.country, createdon: isoDaysAgo(int(0, 900)), donationscount: Math.floor(r() ** 2 * 300),
    };
  };
  const events: EventSearchDocument[] = [];
  for (let i = 0; i < 5_000; i++) {
    const place = pick(r() < 0.7 ? NZ : AU);
    events.push({ id: `e${i}`, type: 'fundraisingevent', title: `${place.name} ${cap(pick(['fun run', 'marathon', 'walk', 'swim', 'cycle', 'quiz', 'bake sale', 'gala']))} ${pick(['2026', '2027', `for ${pick(NOUNS)}`, pick(MAORI)])}`, slug: `event-${i}`, ...fundraising(i, 'e') });
  }
  const pages: PageSearchDocument[] = [];
  for (let i = 0; i < 15_000; i++) {
    const event = pick(events);
    const f = fundraising(i, 'p');
    pages.push({ id: `p${i}`, type: 'fundraisingpage', title: `${f.ownername.split(' ')[0]} ${pick(['runs', 'walks', 'swims', 'cycles', 'bakes'])} for ${pick(NOUNS)}`, slug: `${event.slug}/page-${i}`, event: { slug: event.slug, title: event.title }, ...f });
  }
  return { charities, gifts, opportunities, events, pages };
}

// ---------------------------------------------------------------------------------------------------------------
// The engine's indexes (what services/search would create)

const INDEX_OF: Record<SearchItem['type'], string> = {
  charities: 'charities', charitygift: 'charitygifts-v2', volunteeringopportunities: 'volunteeringopportunities-v2', fundraisingevent: 'fundraisingevents', fundraisingpage: 'fundraisingpages',
};
const folding = { type: 'text', analyzer: 'folding' };
const keyword = { type: 'keyword' };
const TEMPLATE = {
  index_patterns: ['*-bench'],
  template: {
    settings: { number_of_shards: 1, number_of_replicas: 0, analysis: { analyzer: { folding: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } } } },
    mappings: {
      dynamic: 'false',
      properties: {
        id: keyword, type: keyword, slug: keyword, image: { type: 'keyword', index: false }, country: keyword, createdon: { type: 'date' }, donationscount: { type: 'integer' },
        title: { type: 'search_as_you_type', analyzer: 'folding', fields: { keyword } },
        description: folding, causes: keyword, location: keyword, gifttype: keyword, giftprice: { type: 'integer' }, currency: keyword,
        charity: { properties: { id: keyword, name: { ...folding, fields: { keyword } }, image: { type: 'keyword', index: false }, slug: keyword } },
        charities: { properties: { id: keyword, name: folding, slug: keyword, suburb: keyword, location: { type: 'geo_point' } } },
        sessions: { properties: { requiredpeople: { type: 'integer' }, startTime: { type: 'date' }, endTime: { type: 'date' }, location: { type: 'geo_point' } } },
        locations: { type: 'geo_point' }, scheduleType: keyword, isexclusive: { type: 'boolean' }, isremote: { type: 'boolean' }, frequency: keyword, opportunityType: keyword,
        skills: keyword, categories: keyword, firststart: { type: 'date' }, lastend: { type: 'date' }, nextstart: { type: 'date' },
        donatedamount: { type: 'long' }, targetamount: { type: 'long' }, raisedpercentage: { type: 'integer' }, ownername: folding, enddate: { type: 'date' },
        event: { properties: { slug: keyword, title: folding } },
      },
    },
  },
};

function buildEngine(docs: SearchItem[]): SearchEngine {
  const engine = new SearchEngine({ now: () => NOW });
  engine.putTemplate('search', TEMPLATE);
  for (const alias of Object.values(INDEX_OF)) engine.createIndex(`${alias}-bench`, { aliases: { [alias]: {} } });
  for (let i = 0; i < docs.length; i += 1000) {
    const lines = docs.slice(i, i + 1000).flatMap((d) => [JSON.stringify({ index: { _index: INDEX_OF[d.type], _id: d.id } }), JSON.stringify(d)]);
    const answer = engine.bulk(`${lines.join('\n')}\n`);
    if (answer.errors) throw new Error(`bulk failed: ${JSON.stringify(answer.items).slice(0, 500)}`);
  }
  return engine;
}

// ---------------------------------------------------------------------------------------------------------------
// Queries: one description, answered by each engine

type Kind = 'words' | 'typo' | 'prefix' | 'roles-near' | 'gifts-listing' | 'charity-grid';
interface BenchQuery {
  kind: Kind;
  text?: string;
  country: 'nz' | 'au';
  /** Indexes (aliases) searched. */
  index: string;
  near?: GeoPoint;
  cause?: string;
  priceMax?: number;
  charityId?: string;
  body: JsonObject;
}

const TEXT_FIELDS = ['title^3', 'charity.name^2', 'charities.name^2', 'description'];

function siteSearch(text: string, country: 'nz' | 'au'): JsonObject {
  return {
    size: 24,
    track_total_hits: true,
    query: {
      function_score: {
        query: {
          bool: {
            must: [{ bool: { should: [{ multi_match: { query: text, type: 'best_fields', fields: TEXT_FIELDS, fuzziness: 'AUTO' } }, { multi_match: { query: text, type: 'bool_prefix', fields: ['title^2', 'title._2gram', 'title._3gram'] } }], minimum_should_match: 1 } }],
            filter: [{ term: { country } }],
          },
        },
        functions: [{ field_value_factor: { field: 'donationscount', modifier: 'log1p', factor: 0.5, missing: 0 } }, { gauss: { createdon: { origin: 'now', scale: '365d', decay: 0.5 } } }],
        score_mode: 'sum',
        boost_mode: 'multiply',
      },
    },
    aggs: { types: { terms: { field: '_index', size: 5 } } },
  };
}

function typo(word: string, rnd: () => number): string {
  const chars = Array.from(word);
  const at = Math.floor(rnd() * chars.length);
  const letter = 'abcdefghijklmnoprstuw'[Math.floor(rnd() * 21)]!;
  switch (Math.floor(rnd() * 4)) {
    case 0:
      chars.splice(at, 1);
      break;
    case 1:
      chars.splice(at, 0, letter);
      break;
    case 2:
      chars[at] = letter;
      break;
    default:
      if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  }
  return chars.join('');
}

function queries(count: number, seed: number, corpus: Corpus): BenchQuery[] {
  const rnd = random(seed);
  const word = () => (rnd() < 0.7 ? pick(NOUNS, rnd) : rnd() < 0.6 ? pick(MAORI, rnd) : pick(NZ, rnd).name.split(' ')[0]!);
  const out: BenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const country = rnd() < 0.75 ? 'nz' : 'au';
    const x = rnd();
    const all = Object.values(INDEX_OF).join(',');
    if (x < 0.45) {
      const text = rnd() < 0.5 ? word() : `${word()} ${word()}`;
      out.push({ kind: 'words', text, country, index: all, body: siteSearch(text, country) });
    } else if (x < 0.6) {
      const base = Array.from({ length: rnd() < 0.6 ? 1 : 2 }, word).filter((w) => w.length >= 4);
      const text = (base.length ? base : ['kiwi', 'chick']).map((w) => typo(w, rnd)).join(' ');
      out.push({ kind: 'typo', text, country, index: all, body: siteSearch(text, country) });
    } else if (x < 0.75) {
      const w = word();
      const text = `${rnd() < 0.3 ? `${word()} ` : ''}${w.slice(0, Math.min(w.length, int(3, 5, rnd)))}`;
      out.push({ kind: 'prefix', text, country, index: all, body: siteSearch(text, country) });
    } else if (x < 0.85) {
      const near = pick(country === 'nz' ? NZ : AU, rnd);
      const point = { lat: near.lat, lon: near.lon };
      out.push({
        kind: 'roles-near', country, index: 'volunteeringopportunities-v2', near: point,
        body: {
          size: 24,
          track_total_hits: true,
          query: {
            bool: {
              filter: [
                { term: { country } }, { term: { isremote: false } }, { term: { isexclusive: false } }, { geo_distance: { distance: '50km', locations: point } },
                { bool: { should: [{ range: { lastend: { gte: 'now/d' } } }, { bool: { must_not: { exists: { field: 'lastend' } } } }], minimum_should_match: 1 } },
              ],
            },
          },
          sort: [{ _geo_distance: { locations: point, order: 'asc', unit: 'km' } }],
          aggs: { skills: { terms: { field: 'skills', size: 10 } } },
        },
      });
    } else if (x < 0.95) {
      const cause = pick(CAUSES, rnd);
      const priceMax = int(20, 300, rnd) * 100;
      out.push({
        kind: 'gifts-listing', country, index: 'charitygifts-v2', cause, priceMax,
        body: {
          size: 24,
          track_total_hits: true,
          query: { bool: { filter: [{ term: { country } }, { term: { causes: cause } }, { range: { giftprice: { gte: 100, lte: priceMax } } }] } },
          sort: [{ giftprice: 'asc' }, { _id: 'asc' }],
          aggs: { causes: { terms: { field: 'causes', size: 20 } } },
        },
      });
    } else {
      const charity = pick(corpus.charities, rnd);
      out.push({ kind: 'charity-grid', country, index: 'charitygifts-v2', charityId: charity.id, body: { size: 24, track_total_hits: true, query: { term: { 'charity.id': charity.id } } } });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The scans: the same rules, no index

const fold = (text: string) => {
  const out: string[] = [];
  standardWords(text, (s, e) => out.push(asciiFold(text.slice(s, e).toLowerCase())));
  return out;
};

/** Edit distance (with transpositions) of a and b if at most k, else k + 1. */
function withinEdits(a: string, b: string, k: number): number {
  if (Math.abs(a.length - b.length) > k) return k + 1;
  if (k === 0) return a === b ? 0 : 1;
  const n = a.length;
  const m = b.length;
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let min = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < min) min = v;
    }
    if (min > k) return k + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

interface ScanDoc {
  doc: SearchItem;
  index: string;
  /** Folded tokens per weighted text field: title, charity name(s), description. */
  title: string[];
  names: string[];
  description: string[];
  /** Lower-cased, folded text of all of them (the substring scan). */
  flat: string;
  created: number;
  points: GeoPoint[];
  lastend?: number;
}

function scanDocs(docs: SearchItem[]): ScanDoc[] {
  return docs.map((doc) => {
    const names = doc.type === 'charitygift' || doc.type === 'fundraisingevent' || doc.type === 'fundraisingpage' ? [doc.charity.name] : doc.type === 'volunteeringopportunities' ? doc.charities.map((c) => c.name) : [];
    const title = fold(doc.title);
    const nameTokens = names.flatMap(fold);
    const description = fold(doc.description);
    return {
      doc, index: INDEX_OF[doc.type], title, names: nameTokens, description, flat: [...title, ...nameTokens, ...description].join(' '), created: Date.parse(doc.createdon),
      points: doc.type === 'volunteeringopportunities' ? (doc.locations ?? []) : [],
      lastend: doc.type === 'volunteeringopportunities' && doc.lastend ? Date.parse(doc.lastend) : undefined,
    };
  });
}

const ranking = (d: ScanDoc) => (1 + 0.5 * Math.log10(1 + d.doc.donationscount) + Math.exp(((d.created - NOW) ** 2 * Math.log(0.5)) / (365 * DAY) ** 2)) || 1;

/** The listing queries (no words) and the filters of the site search, evaluated on one document. */
function listingMatch(q: BenchQuery, d: ScanDoc): boolean {
  const doc = d.doc;
  if (q.kind !== 'charity-grid' && doc.country !== q.country) return false;
  switch (q.kind) {
    case 'roles-near':
      return doc.type === 'volunteeringopportunities' && !doc.isremote && !doc.isexclusive && (d.lastend === undefined || d.lastend >= NOW) && d.points.some((p) => arcDistance(q.near!, p) <= 50_000);
    case 'gifts-listing':
      return doc.type === 'charitygift' && doc.causes.includes(q.cause!) && doc.giftprice >= 100 && doc.giftprice <= q.priceMax!;
    case 'charity-grid':
      return doc.type === 'charitygift' && doc.charity.id === q.charityId;
    default:
      return true;
  }
}

interface Answer {
  total: number;
  ids: string[];
  groups: Record<string, number>;
}

function topBy<T>(items: T[], k: number, better: (a: T, b: T) => number): T[] {
  return items.sort(better).slice(0, k);
}

/** Words in title, charity names and description with AUTO typo tolerance, or the last word as a prefix of a title word. */
function textScore(terms: string[], d: ScanDoc): number {
  let score = 0;
  const last = terms.length - 1;
  terms.forEach((term, i) => {
    const k = autoEdits(term);
    const fieldHit = (tokens: string[]) => tokens.some((t) => withinEdits(t, term, k) <= k);
    if (fieldHit(d.title)) score += 3;
    if (fieldHit(d.names)) score += 2;
    if (fieldHit(d.description)) score += 1;
    if (i === last && d.title.some((t) => t.startsWith(term))) score += 2;
  });
  return score;
}

function scan(q: BenchQuery, docs: ScanDoc[], text: (terms: string[], d: ScanDoc) => number): Answer {
  const hits: { d: ScanDoc; score: number }[] = [];
  const groups: Record<string, number> = {};
  const terms = q.text ? fold(q.text) : [];
  const aliases = q.index.split(',');
  for (const d of docs) {
    if (!aliases.includes(d.index) || !listingMatch(q, d)) continue;
    let score = 1;
    if (q.text) {
      const s = text(terms, d);
      if (s === 0) continue;
      score = s * ranking(d);
    }
    hits.push({ d, score });
    groups[d.index] = (groups[d.index] ?? 0) + 1;
  }
  let top: { d: ScanDoc; score: number }[];
  if (q.kind === 'roles-near') {
    const dist = (h: { d: ScanDoc }) => Math.min(...h.d.points.map((p) => arcDistance(q.near!, p)));
    top = topBy(hits, 24, (a, b) => dist(a) - dist(b));
  } else if (q.kind === 'gifts-listing') {
    top = topBy(hits, 24, (a, b) => (a.d.doc as GiftSearchDocument).giftprice - (b.d.doc as GiftSearchDocument).giftprice || (a.d.doc.id < b.d.doc.id ? -1 : 1));
  } else top = topBy(hits, 24, (a, b) => b.score - a.score);
  return { total: hits.length, ids: top.map((h) => h.d.doc.id), groups };
}

// ---------------------------------------------------------------------------------------------------------------
// minisearch: its text search, the rest in JS over its candidates

function buildMiniSearch(docs: ScanDoc[]): { search: (q: BenchQuery) => Answer } {
  const byIndex = new Map<string, { ms: MiniSearch; docs: ScanDoc[] }>();
  for (const d of docs) {
    let entry = byIndex.get(d.index);
    if (!entry) {
      entry = {
        ms: new MiniSearch({
          fields: ['title', 'names', 'description'],
          idField: 'i',
          tokenize: (text) => text.split(' '),
          processTerm: (term) => term,
          searchOptions: { tokenize: (text) => fold(text), processTerm: (term) => term },
        }),
        docs: [],
      };
      byIndex.set(d.index, entry);
    }
    entry.ms.add({ i: entry.docs.length, title: d.title.join(' '), names: d.names.join(' '), description: d.description.join(' ') });
    entry.docs.push(d);
  }
  return {
    search(q) {
      if (!q.text) return scan(q, docs, () => 1);
      const hits: { d: ScanDoc; score: number }[] = [];
      const groups: Record<string, number> = {};
      for (const alias of q.index.split(',')) {
        const entry = byIndex.get(alias);
        if (!entry) continue;
        const results = entry.ms.search(q.text, {
          boost: { title: 3, names: 2 },
          fuzzy: (term) => autoEdits(term) || false,
          prefix: (_term, i, terms) => i === terms.length - 1,
          combineWith: 'OR',
        });
        for (const result of results) {
          const d = entry.docs[result.id as number]!;
          if (!listingMatch(q, d)) continue;
          hits.push({ d, score: result.score * ranking(d) });
          groups[alias] = (groups[alias] ?? 0) + 1;
        }
      }
      const top = topBy(hits, 24, (a, b) => b.score - a.score);
      return { total: hits.length, ids: top.map((h) => h.d.doc.id), groups };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time<T>(list: BenchQuery[], run: (q: BenchQuery) => T | Promise<T>): Promise<{ p50: number; p99: number; mean: number; answers: T[] }> {
  const times: number[] = [];
  const answers: T[] = [];
  for (const q of list) {
    const start = performance.now();
    answers.push(await run(q));
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: times.reduce((a, b) => a + b, 0) / times.length, answers };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function expansions(): Promise<void> {
  const corpus = generate();
  const engine = buildEngine([...corpus.charities, ...corpus.gifts, ...corpus.opportunities, ...corpus.events, ...corpus.pages]);
  for (const term of (process.env.EXPANSIONS ?? '').split(',')) {
    const found = engine.vocabulary.words.fuzzy(term, autoEdits(term), 0, true);
    console.log(`${term}: ${found.length} terms within ${autoEdits(term)} edits (max_expansions keeps 50 per field)`);
  }
}

async function memory(): Promise<void> {
  const corpus = generate();
  const docs: SearchItem[] = [...corpus.charities, ...corpus.gifts, ...corpus.opportunities, ...corpus.events, ...corpus.pages];
  const base = heapMiB();
  const engine = buildEngine(docs);
  const total = heapMiB() - base;
  let sourceBytes = 0;
  let postings = 0;
  let terms = 0;
  let tokens = 0;
  let columnSlots = 0;
  const perField = new Map<string, number>();
  for (const name of Object.values(INDEX_OF)) {
    const store = engine.storeOf(`${name}-bench`);
    sourceBytes += store.sourceBytes();
    for (const [path, ti] of store.inverted) {
      terms += ti.postings.size;
      tokens += ti.tokenCount;
      let n = 0;
      for (const p of ti.postings.values()) n += p.size;
      postings += n;
      perField.set(path, (perField.get(path) ?? 0) + n);
    }
    for (const c of store.columns.values()) columnSlots += c.values.length;
  }
  console.log({ totalMiB: total.toFixed(0), sourceMiB: (sourceBytes / 2 ** 20).toFixed(0), terms, postings, tokens, columnSlots });
  console.log([...perField].sort((a, b) => b[1] - a[1]).slice(0, 15));
}

async function profile(): Promise<void> {
  const corpus = generate();
  const docs: SearchItem[] = [...corpus.charities, ...corpus.gifts, ...corpus.opportunities, ...corpus.events, ...corpus.pages];
  const list = queries(1000, 7, corpus);
  const engine = buildEngine(docs);
  const runEngine = (q: BenchQuery) => engine.search(q.index, q.body);
  for (const q of queries(200, 11, corpus)) runEngine(q);
  for (let round = 0; round < 2; round++) {
    engine.vocabulary.clearCache();
    const timed = list.map((q) => {
      const start = performance.now();
      const answer = runEngine(q) as { hits: { total: { value: number } } };
      return { q, ms: performance.now() - start, total: answer.hits.total.value };
    });
    timed.sort((a, b) => b.ms - a.ms);
    console.log(`round ${round}:`, timed.slice(0, 12).map((t) => `${t.ms.toFixed(1)}ms ${t.q.kind} "${t.q.text ?? ''}" total=${t.total}`).join('\n  '));
  }
}

async function main(): Promise<void> {
  if (process.env.PROFILE) return profile();
  if (process.env.MEMORY) return memory();
  if (process.env.EXPANSIONS) return expansions();
  console.log(`Search engine benchmark — ${new Date().toISOString().slice(0, 10)} — ${machine()}`);
  const corpus = generate();
  const docs: SearchItem[] = [...corpus.charities, ...corpus.gifts, ...corpus.opportunities, ...corpus.events, ...corpus.pages];
  const list = queries(1000, 7, corpus);
  const warm = queries(200, 11, corpus);
  const kinds = list.reduce<Record<string, number>>((m, q) => ({ ...m, [q.kind]: (m[q.kind] ?? 0) + 1 }), {});
  console.log(`${docs.length} documents (charities ${corpus.charities.length}, gifts ${corpus.gifts.length}, roles ${corpus.opportunities.length}, events ${corpus.events.length}, pages ${corpus.pages.length}); queries: ${JSON.stringify(kinds)}`);

  const base = heapMiB();
  let start = performance.now();
  const engine = buildEngine(docs);
  const engineBuild = performance.now() - start;
  const engineHeap = heapMiB() - base;
  console.log(`engine vocabulary: ${engine.vocabulary.size} terms`);

  const runEngine = (q: BenchQuery) => {
    const answer = engine.search(q.index, q.body) as { hits: { total: { value: number }; hits: { _id: string }[] }; aggregations?: Record<string, { buckets: { key: string; doc_count: number }[] }> };
    return { total: answer.hits.total.value, ids: answer.hits.hits.map((h) => h._id), groups: {} };
  };
  await time(warm, runEngine);
  const engineRun = await time(list, runEngine);
  engine.vocabulary.clearCache();
  const coldRun = await time(list, (q) => {
    engine.vocabulary.clearCache();
    return runEngine(q);
  });

  const server = await startOpenSearch({ port: 0, engine });
  const client = new Client({ node: server.url });
  const runHttp = async (q: BenchQuery) => {
    const { body } = await client.search({ index: q.index, body: q.body });
    return body.hits.hits.length;
  };
  await time(warm, runHttp);
  const httpRun = await time(list, runHttp);
  await client.close();
  await server.stop();

  const beforeScan = heapMiB();
  start = performance.now();
  const scanned = scanDocs(docs);
  const scanBuild = performance.now() - start;
  const scanHeap = heapMiB() - beforeScan;
  await time(warm.slice(0, 50), (q) => scan(q, scanned, textScore));
  const scanRun = await time(list, (q) => scan(q, scanned, textScore));
  const substringRun = await time(list, (q) => scan(q, scanned, (terms, d) => terms.reduce((s, t) => s + (d.flat.includes(t) ? 1 : 0), 0)));

  const beforeMini = heapMiB();
  start = performance.now();
  const mini = buildMiniSearch(scanned);
  const miniBuild = performance.now() - start;
  const miniHeap = heapMiB() - beforeMini;
  await time(warm.slice(0, 50), (q) => mini.search(q));
  const miniRun = await time(list, (q) => mini.search(q));

  // The engine's totals against the scan's (same matching rules: AUTO typo tolerance, last word as a title prefix).
  let agree = 0;
  const disagreements: string[] = [];
  list.forEach((q, i) => {
    const a = engineRun.answers[i]!.total;
    const b = scanRun.answers[i]!.total;
    if (a === b) agree++;
    else {
      const line = `${q.kind} "${q.text ?? ''}": engine ${a}, scan ${b}`;
      if (disagreements.length < 5 && !disagreements.includes(line)) disagreements.push(line);
    }
  });

  const rows: [string, string, string, string, string][] = [
    ['engine (in-process)', `${(engineBuild / 1000).toFixed(2)} s`, `${engineHeap.toFixed(0)} MiB`, ms(engineRun.p50), ms(engineRun.p99)],
    ['engine, fuzzy cache cleared per query', '', '', ms(coldRun.p50), ms(coldRun.p99)],
    ['engine over HTTP (opensearch client)', '', '', ms(httpRun.p50), ms(httpRun.p99)],
    ['minisearch 7.2 + JS filters/ranking', `${(miniBuild / 1000).toFixed(2)} s`, `${miniHeap.toFixed(0)} MiB`, ms(miniRun.p50), ms(miniRun.p99)],
    ['linear scan, same typo rules', `${(scanBuild / 1000).toFixed(2)} s`, `${scanHeap.toFixed(0)} MiB`, ms(scanRun.p50), ms(scanRun.p99)],
    ['substring scan, no typo tolerance', '', '', ms(substringRun.p50), ms(substringRun.p99)],
  ];
  console.log('\n| engine | build | memory (heap + external) | p50 | p99 |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\nengine totals equal to the linear scan's on ${agree}/${list.length} queries${disagreements.length ? `; e.g. ${disagreements.join('; ')}` : ''}`);
  for (const kind of Object.keys(kinds) as Kind[]) {
    const idx = list.map((q, i) => (q.kind === kind ? i : -1)).filter((i) => i >= 0);
    const times = await time(idx.map((i) => list[i]!), runEngine);
    console.log(`  engine ${kind}: p50 ${ms(times.p50)}, p99 ${ms(times.p99)}`);
  }
}

await main();
