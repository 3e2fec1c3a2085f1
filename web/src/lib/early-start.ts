/**
 * What a public page needs before its first screen, known from the address alone: the route's module
 * (app/routes/<route>.tsx) and the API reads its first screen shows. The build inlines this file into index.html
 * (web/build/early-start-plugin.ts), so the browser starts the route's code and its data with the HTML, in parallel
 * with the app's own bundle, instead of after it has run (issue 12: no waterfall before the first paint).
 *
 * It must stay small and import nothing: it runs before any other script. The addresses mirror router.tsx, and the
 * reads are the pages' own reads (same URL): the API client takes each answer, once, instead of asking again
 * (lib/api-client.ts, takeEarlyRead). tests/e2e/early-start.spec.ts checks that each page reads nothing twice and
 * nothing its first screen needs late.
 */
export interface EarlyRead {
  /** A path under /api, as the page's query asks for it. */
  url: string;
  /** Reads that need this one's answer (a gift's matching campaigns are asked by the gift's id), all under `prefix`. */
  then?: { prefix: string; reads: (body: { id?: unknown }) => string[] };
}

export interface EarlyRoute {
  /** The route module's name: app/routes/<route>.tsx. */
  route: string;
  /** The API reads that the page's first screen makes. */
  data: EarlyRead[];
}

/**
 * Where the early reads wait for the API client: each URL's answer and when it was asked, and, per prefix of reads
 * that wait for another's answer, when they have been asked (the client waits for that before asking itself).
 */
export const EARLY_READS_KEY = '__kohaEarlyReads';
export interface EarlyReads {
  answers: Record<string, { response: Promise<Response>; at: number }>;
  next: Record<string, Promise<void>>;
}

const COUNTRY = /^(nz|au)$/;

export function earlyRoute(pathname: string, search = ''): EarlyRoute | undefined {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [country, ...rest] = segments;
  if (country === undefined || !COUNTRY.test(country)) return undefined;
  const page = pageOf(country, rest, search);
  if (!page) return undefined;
  // The header's menu links are on every page.
  const data = [`/api/accounts/site/menu-links?country=${country}`, ...page.data].map((read) => (typeof read === 'string' ? { url: read } : read));
  return { route: page.route, data };
}

/** A gift and, once it has answered, its matching campaigns (by its id), which the gift page shows above it. */
function giftReads(charityUrl: string, productUrl: string): EarlyRead {
  const q = encodeURIComponent;
  const campaigns = '/api/matching/campaigns/product/';
  return {
    url: `/api/donations/gifts/${q(charityUrl)}/${q(productUrl)}`,
    then: { prefix: campaigns, reads: (gift) => (typeof gift.id === 'string' ? [`${campaigns}${q(gift.id)}`] : []) },
  };
}

/**
 * GET /api/search as lib/search.ts's siteSearchPath writes it (the same values in the same order): the words, the
 * country, then the rest.
 */
function searchRead(country: string, rest: string, words?: string): string {
  return `/api/search?${words === undefined ? '' : `${new URLSearchParams({ q: words }).toString()}&`}country=${country}&${rest}`;
}

/** The search page's first read when the address holds only the words (as the page trims and cuts them). */
function wordsOnly(country: string, search: string): string[] {
  const params = new URLSearchParams(search);
  const words = (params.get('q') ?? '').trim().slice(0, 100);
  if (!words || [...params.keys()].some((key) => key !== 'q')) return [];
  return [searchRead(country, 'size=24', words)];
}

function pageOf(country: string, rest: string[], search: string): { route: string; data: (EarlyRead | string)[] } | undefined {
  const q = encodeURIComponent;
  const [first, second, third, fourth] = rest;
  switch (rest.length) {
    case 0:
      return { route: 'charities', data: [searchRead(country, 'type=charities&size=24')] };
    case 1: {
      // A list's first page, unfiltered (filters in the address are the list's to read), from the search indexes.
      const plain = search === '' || search === '?';
      if (first === 'charities') return { route: 'charities', data: [searchRead(country, 'type=charities&size=24')] };
      // Fundraising's list: its first page of events, newest first, when nothing else is chosen.
      if (first === 'fundraising') return { route: 'fundraising', data: plain ? [searchRead(country, 'type=fundraisingevent&size=24&sort=newest')] : [] };
      if (first === 'volunteering') return { route: 'volunteering', data: plain ? [searchRead(country, 'type=volunteeringopportunities&size=24&sort=soonest')] : [] };
      // The gifts, and the charities whose causes the cause filter offers.
      if (first === 'donating') return { route: 'donating', data: [`/api/accounts/charities?country=${country}`, ...(plain ? [searchRead(country, 'type=charitygift&size=24')] : [])] };
      // The site search: its first page for the words alone (tabs, sorts and pages are the page's to read).
      if (first === 'search') return { route: 'search', data: wordsOnly(country, search) };
      return undefined;
    }
    case 2:
      if (first === 'fundraising' && second === 'create') return { route: 'fundraising-create', data: [] };
      if (first === 'fundraising' && second) return { route: 'fundraising-event', data: [`/api/fundraising/events/${q(second)}`] };
      if (first === 'charity' && second) return { route: 'charity', data: [`/api/accounts/charities/${q(second)}?country=${country}`] };
      if (first && second && first !== 'admin') return { route: 'gift', data: [giftReads(first, second)] };
      return undefined;
    case 3:
      if (first === 'fundraising' && second && third) return { route: 'fundraising-page', data: [`/api/fundraising/events/${q(second)}/pages/${q(third)}`] };
      if (first === 'charity' && second === 'gift-vouchers' && third === 'new-voucher') return { route: 'gift-voucher', data: [] };
      if (first === 'charity' && second && third && second !== 'volunteering' && third !== 'volunteering') return { route: 'gift', data: [giftReads(second, third)] };
      return undefined;
    case 4:
      if (first === 'charity' && second && third === 'volunteering' && fourth) return { route: 'volunteering-role', data: [] };
      return undefined;
    default:
      return undefined;
  }
}

/** Whether Amplify keeps a session here: then the API client's reads carry a token, and the page asks for itself. */
function signedIn(): boolean {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.startsWith('CognitoIdentityServiceProvider.')) return true;
  }
  return false;
}

function preload(href: string) {
  const link = document.createElement('link');
  const css = href.endsWith('.css');
  link.rel = css ? 'preload' : 'modulepreload';
  link.href = href;
  if (css) link.as = 'style';
  // As the app's own requests for them are made: modules in CORS mode, and Vite adds its CSS that way too.
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

/** Asks the API as the API client would for a guest (lib/api-client.ts fetchJson), and keeps the answer for it. */
function read(reads: EarlyReads, { url, then }: EarlyRead) {
  const response = fetch(url, { method: 'GET', headers: { accept: 'application/json' }, credentials: 'same-origin' });
  reads.answers[url] = { response, at: Date.now() };
  if (!then) return;
  reads.next[then.prefix] = response
    .then((answer) => (answer.ok ? (answer.clone().json() as Promise<{ id?: unknown }>) : undefined))
    .then((body) => {
      if (body) for (const next of then.reads(body)) read(reads, { url: next });
    })
    .catch(() => undefined);
}

/**
 * Starts the page's route code (`files`: each route's JavaScript and CSS beyond what index.html already loads, from
 * the build) and its data. Anything unexpected (storage refused, an odd address) leaves the page to load as before.
 */
export function start(files: Record<string, string[]>) {
  try {
    const early = earlyRoute(window.location.pathname, window.location.search);
    if (!early) return;
    for (const file of files[early.route] ?? []) preload(file);
    if (signedIn()) return;
    const reads: EarlyReads = { answers: {}, next: {} };
    (window as unknown as Record<string, EarlyReads>)[EARLY_READS_KEY] = reads;
    for (const data of early.data) read(reads, data);
  } catch {
    // The page loads its code and data itself, a little later.
  }
}
