import { expect, test } from '@playwright/test';

/**
 * Issue 12, item 2: the route's code and its data start with the HTML (web/src/lib/early-start.ts, inlined by the
 * build and allowed by its hash in the CSP). Each page takes every answer the early start asked for, and asks the
 * API for none of them again: the early start's addresses and the pages' own reads stay the same.
 */
const PAGES = {
  home: { path: '/nz', ready: 'Charities' },
  'a charity page': { path: '/nz/charity/kiwi-coast-rescue', ready: 'Kiwi Coast Rescue' },
  'the gift page': { path: '/nz/kiwi-coast-rescue/feed-a-kiwi-chick', ready: 'Feed a kiwi chick for a week' },
  volunteering: { path: '/nz/volunteering', ready: 'Volunteer' },
  // Issue 14: the gifts listing (its causes and first page) and the site search (its words' first page).
  donating: { path: '/nz/donating', ready: 'Donate' },
  'the search page': { path: '/nz/search?q=kiwi', ready: 'Search' },
  'gift vouchers': { path: '/nz/charity/gift-vouchers/new-voucher', ready: /gift voucher/i },
};

const earlyReadsLeft = `Object.keys(window.__kohaEarlyReads?.answers ?? {})`;

/** Records who added each preload link: the page's inline early start, or the app's bundles under /assets/. */
const RECORD_PRELOADS = `(() => {
  window.__preloads = [];
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (child) {
    if (child instanceof HTMLLinkElement && /preload/.test(child.rel)) window.__preloads.push({ href: new URL(child.href, location.href).pathname, byApp: /\\/assets\\//.test((new Error().stack ?? '').split('\\n')[2] ?? '') });
    return append.call(this, child);
  };
})()`;

for (const [name, { path, ready }] of Object.entries(PAGES)) {
  test(`${name}: its code and data start with the HTML, and it takes each early answer instead of asking again`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /preload/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const reads = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.set(url.pathname + url.search, (reads.get(url.pathname + url.search) ?? 0) + 1);
    });

    await page.addInitScript(RECORD_PRELOADS);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    // Every early answer is taken by the page (the checkout's, once it has come after the first screen).
    await expect.poll(() => page.evaluate<string[]>(earlyReadsLeft), { timeout: 10_000 }).toEqual([]);
    const preloads = await page.evaluate<{ href: string; byApp: boolean }[]>('window.__preloads');
    // The route's module (the early start's first preload) was preloaded by it, not asked for only once the app had run.
    expect(preloads[0]).toEqual({ href: expect.stringMatching(/^\/assets\/(charities|charity|gift|volunteering|gift-voucher|donating|search)-[\w-]+\.js$/), byApp: false });
    for (const [url, count] of reads) expect([url, count]).toEqual([url, 1]);
    expect(problems).toEqual([]);
  });
}

test('the early start asks for the gift’s matching campaigns itself, as soon as the gift has answered', async ({ page }) => {
  // Who called fetch for each API read: the page's inline early start, or the app's bundles under /assets/.
  await page.addInitScript(`(() => {
    const original = window.fetch;
    window.__reads = [];
    window.fetch = function (input, init) {
      const url = typeof input === 'string' ? input : input.url;
      // The caller's own frame only: V8 adds the frames of whoever awaits it (the app, for a read it waits for).
      if (url.includes('/api/')) window.__reads.push({ url, byApp: /\\/assets\\//.test((new Error().stack ?? '').split('\\n')[2] ?? '') });
      return original.call(this, input, init);
    };
  })()`);
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await expect(page.getByRole('heading', { level: 1, name: 'Feed a kiwi chick for a week' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Matching campaign: Kiwi chick match' })).toBeVisible();
  const reads = await page.evaluate<{ url: string; byApp: boolean }[]>('window.__reads');
  const campaigns = reads.filter((read) => read.url.includes('/api/matching/campaigns/product/'));
  expect(campaigns).toEqual([{ url: expect.stringMatching(/^\/api\/matching\/campaigns\/product\/\w+$/), byApp: false }]);
  expect(reads.find((read) => read.url === '/api/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')?.byApp).toBe(false);
});

test('a guest’s checkout loads the parts a guest can use after the first screen, and never the saved cards’', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.push(path);
  });
  await page.goto('/nz/kiwi-coast-rescue/feed-a-kiwi-chick');
  await expect(page.getByRole('main').getByRole('button', { name: 'Donate' })).toBeVisible();
  // The last of a guest's parts (the processing modal's) has loaded: the preloads are done.
  await expect.poll(() => scripts.some((path) => /\/processing-modal-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/(card-frame|voucher-panel|payroll-pledge)-[\w-]+\.js$/.test(path))).toHaveLength(3);
  expect(scripts.filter((path) => /\/saved-cards-[\w-]+\.js$/.test(path))).toEqual([]);
});

test('home: the charities list’s search code is asked for once the introduction is drawn, never before the first paint', async ({ page }) => {
  // A request started before the first paint is one the first paint may wait for (Lighthouse counts it so): the list
  // sits below the introduction, and its first page was already asked for with the HTML.
  await page.goto('/nz');
  await expect(page.getByRole('heading', { level: 1, name: 'Charities' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Kiwi Coast Rescue/ }).first()).toBeVisible();
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    searchCode: performance.getEntriesByType('resource').find((entry) => /\/assets\/search-charities-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timings.firstPaint).toBeGreaterThan(0);
  expect(timings.searchCode).toBeGreaterThan(timings.firstPaint as number);
});
