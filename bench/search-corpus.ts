import type { SearchItem, SearchItemType } from '@giving/shared/contracts/search';

/**
 * A deterministic corpus for the search benchmark: realistic NZ and AU giving content (charities, gifts, volunteering
 * roles with places and sessions, fundraising events and pages), Māori and English words, spread over the five
 * indexes. The same seed gives the same documents and queries every run.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['kiwi', 'kākāpō', 'tūī', 'kererū', 'pāteke', 'weta', 'tuatara', 'koala', 'wombat', 'platypus', 'reef', 'wetland', 'forest', 'river', 'harbour', 'school', 'library', 'hospice', 'shelter', 'foodbank', 'marae', 'whānau', 'rangatahi', 'kaumātua', 'garden', 'orchard', 'beach', 'dune', 'island', 'mountain', 'trap', 'nest', 'seedling', 'kahikatea', 'pōhutukawa', 'rimu', 'tōtara', 'harakeke', 'wattle', 'eucalypt', 'bilby', 'quokka', 'penguin', 'albatross', 'dolphin', 'whale', 'turtle', 'lizard', 'gecko', 'frog'];
const VERBS = ['feed', 'plant', 'protect', 'rescue', 'restore', 'shelter', 'teach', 'build', 'clean', 'monitor', 'count', 'fund', 'support', 'train', 'sponsor', 'grow', 'weed', 'release', 'tag', 'survey'];
const EXTRAS = ['for a week', 'for a month', 'for a year', 'together', 'in winter', 'on the coast', 'in the city', 'for the community', 'with volunteers', 'at night'];
const PLACES = [
  { name: 'Auckland', lat: -36.85, lon: 174.76, country: 'nz' },
  { name: 'Wellington', lat: -41.29, lon: 174.78, country: 'nz' },
  { name: 'Christchurch', lat: -43.53, lon: 172.64, country: 'nz' },
  { name: 'Dunedin', lat: -45.87, lon: 170.5, country: 'nz' },
  { name: 'Whangārei', lat: -35.73, lon: 174.32, country: 'nz' },
  { name: 'Rotorua', lat: -38.14, lon: 176.25, country: 'nz' },
  { name: 'Sydney', lat: -33.87, lon: 151.21, country: 'au' },
  { name: 'Melbourne', lat: -37.81, lon: 144.96, country: 'au' },
  { name: 'Brisbane', lat: -27.47, lon: 153.03, country: 'au' },
  { name: 'Perth', lat: -31.95, lon: 115.86, country: 'au' },
] as const;
export const CAUSES = ['Animals', 'Environment', 'Education', 'Health', 'Community', 'Arts', 'Disaster relief', 'Youth'];
const SKILLS = ['Carpentry', 'Cooking', 'Driving', 'Fundraising', 'Gardening', 'Marketing', 'Photography', 'Teaching'];
const CATEGORIES = ['Environment', 'Animals', 'Community', 'Education', 'Health'];

export interface Corpus {
  documents: SearchItem[];
  /** Every word used in titles, for queries. */
  words: string[];
}

/** `total` documents over the five types: charities 10%, gifts 40%, roles 20%, events 10%, pages 20%. */
export function generateCorpus(total: number, seed = 20261126): Corpus {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const days = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
  const id = (type: string, n: number) => `${type}-${n.toString(36).padStart(6, '0')}`;
  const counts: Record<SearchItemType, number> = {
    charities: Math.round(total * 0.1),
    charitygift: Math.round(total * 0.4),
    volunteeringopportunities: Math.round(total * 0.2),
    fundraisingevent: Math.round(total * 0.1),
    fundraisingpage: 0,
  };
  counts.fundraisingpage = total - counts.charities - counts.charitygift - counts.volunteeringopportunities - counts.fundraisingevent;
  const documents: SearchItem[] = [];
  const charities: { id: string; name: string; slug: string; country: 'nz' | 'au'; causes: string[] }[] = [];
  for (let n = 0; n < counts.charities; n++) {
    const place = pick(PLACES);
    const name = `${place.name} ${pick(NOUNS)} ${pick(['Trust', 'Foundation', 'Society', 'Rescue', 'Project'])} ${n}`;
    const slug = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-');
    const causes = [pick(CAUSES), pick(CAUSES)].filter((cause, i, all) => all.indexOf(cause) === i);
    const charity = { id: id('c', n), name, slug, country: place.country, causes };
    charities.push(charity);
    documents.push({ type: 'charities', id: charity.id, title: name, image: '', slug, description: `We ${pick(VERBS)} the ${pick(NOUNS)} and ${pick(NOUNS)} of ${place.name}.`, country: place.country, createdon: days(Math.floor(random() * 330)), donationscount: Math.floor(random() * 500), causes });
  }
  const title = () => `${pick(VERBS)} a ${pick(NOUNS)} ${pick(EXTRAS)}`.replace(/^./, (c) => c.toUpperCase());
  for (let n = 0; n < counts.charitygift; n++) {
    const charity = pick(charities);
    documents.push({
      type: 'charitygift',
      id: id('g', n),
      title: title(),
      image: '',
      slug: `${charity.slug}/gift-${n}`,
      description: `Your gift helps us ${pick(VERBS)} ${pick(NOUNS)} near ${pick(PLACES).name}.`,
      country: charity.country,
      createdon: days(Math.floor(random() * 330)),
      donationscount: Math.floor(random() * 200),
      gifttype: 'Product',
      giftprice: (1 + Math.floor(random() * 40)) * 500,
      currency: charity.country === 'au' ? 'AUD' : 'NZD',
      charity: { id: charity.id, name: charity.name, image: '', slug: charity.slug },
      causes: charity.causes,
    });
  }
  for (let n = 0; n < counts.volunteeringopportunities; n++) {
    const charity = pick(charities);
    const place = pick(PLACES.filter((p) => p.country === charity.country));
    const location = { lat: place.lat + (random() - 0.5) * 0.4, lon: place.lon + (random() - 0.5) * 0.4 };
    const start = Math.floor(random() * 400);
    const remote = random() < 0.1;
    documents.push({
      type: 'volunteeringopportunities',
      id: id('o', n),
      title: title(),
      image: '',
      slug: `${charity.slug}/role-${n}`,
      description: `Help us ${pick(VERBS)} ${pick(NOUNS)} around ${place.name}.`,
      country: charity.country,
      createdon: days(start - 30),
      donationscount: 0,
      charities: [{ id: charity.id, name: charity.name, image: '', slug: charity.slug, suburb: place.name, ...(remote ? {} : { location }) }],
      sessions: [{ requiredpeople: 1 + Math.floor(random() * 10), startTime: days(start), endTime: days(start + 1) }],
      ...(remote ? {} : { locations: [location] }),
      scheduleType: 'FixedSchedule',
      isexclusive: false,
      isremote: remote,
      opportunityType: random() < 0.3 ? 'Skilled' : 'UnSkilled',
      skills: [pick(SKILLS)],
      categories: [pick(CATEGORIES)],
      firststart: days(start),
      lastend: days(start + 1),
      nextstart: days(start),
    });
  }
  const events: { id: string; slug: string; title: string; charity: (typeof charities)[number] }[] = [];
  for (let n = 0; n < counts.fundraisingevent; n++) {
    const charity = pick(charities);
    const event = { id: id('e', n), slug: `event-${n}`, title: `${pick(PLACES).name} ${pick(['walk', 'run', 'swim', 'bake sale', 'quiz night', 'ride'])} for ${pick(NOUNS)}`, charity };
    events.push(event);
    const target = (10 + Math.floor(random() * 200)) * 10_000;
    const donated = Math.floor(random() * target * 1.2);
    documents.push({
      type: 'fundraisingevent', id: event.id, title: event.title, image: '', slug: event.slug, description: `Join us to ${pick(VERBS)} ${pick(NOUNS)}.`, country: charity.country,
      createdon: days(Math.floor(random() * 330)), donationscount: Math.floor(random() * 300), charity: { id: charity.id, name: charity.name, image: '', slug: charity.slug },
      currency: charity.country === 'au' ? 'AUD' : 'NZD', donatedamount: donated, targetamount: target, raisedpercentage: Math.round((donated / target) * 100), ownername: 'Alex', enddate: '2027-12-31',
    });
  }
  for (let n = 0; n < counts.fundraisingpage; n++) {
    const event = pick(events);
    const target = (5 + Math.floor(random() * 50)) * 10_000;
    const donated = Math.floor(random() * target * 1.2);
    documents.push({
      type: 'fundraisingpage', id: id('p', n), title: `${pick(['Jane', 'Tama', 'Aroha', 'Liam', 'Mia', 'Wiremu'])}'s ${event.title}`, image: '', slug: `${event.slug}/page-${n}`, description: `I am fundraising to ${pick(VERBS)} ${pick(NOUNS)}.`,
      country: event.charity.country, createdon: days(Math.floor(random() * 330)), donationscount: Math.floor(random() * 80), charity: { id: event.charity.id, name: event.charity.name, image: '', slug: event.charity.slug },
      currency: event.charity.country === 'au' ? 'AUD' : 'NZD', donatedamount: donated, targetamount: target, raisedpercentage: Math.round((donated / target) * 100), ownername: 'Jane', enddate: '2027-12-31', event: { slug: event.slug, title: event.title },
    });
  }
  return { documents, words: [...new Set([...NOUNS, ...VERBS])] };
}

/** One of the benchmark's queries, as GET /search's query string parameters. */
export type BenchQuery = Record<string, string>;

/** `count` mixed queries: typed words, typos, prefixes, filters, type facets (aggregations) and geo sorts. */
export function generateQueries(corpus: Corpus, count: number, seed = 7): BenchQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * Math.max(1, word.length - 2));
    return random() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at] + word.slice(at);
  };
  const queries: BenchQuery[] = [];
  for (let n = 0; n < count; n++) {
    const kind = n % 6;
    const country = random() < 0.7 ? 'nz' : 'au';
    if (kind === 0) queries.push({ q: `${pick(corpus.words)} ${pick(corpus.words)}`, country });
    else if (kind === 1) queries.push({ q: `${typo(pick(corpus.words))} ${typo(pick(corpus.words))}`, country });
    else if (kind === 2) {
      const word = pick(corpus.words);
      queries.push({ q: word.slice(0, Math.max(3, Math.ceil(word.length / 2))), country });
    } else if (kind === 3) queries.push({ q: pick(corpus.words), country, type: 'charitygift', cause: pick(CAUSES), minPrice: '1000', maxPrice: '10000', sort: 'priceLow' });
    else if (kind === 4) {
      const place = pick(PLACES.filter((p) => p.country === country));
      queries.push({ country, type: 'volunteeringopportunities', lat: String(place.lat), lon: String(place.lon), radiusKm: '50', sort: 'nearest' });
    } else queries.push({ q: pick(corpus.words), country, type: pick(['fundraisingevent', 'fundraisingpage']), sort: 'mostRaised' });
  }
  return queries;
}
