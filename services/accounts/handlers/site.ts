import { siteQuerySchema, updateMenuLinksSchema } from '@giving/shared/contracts/accounts';
import { systemClock } from '@giving/shared/clock';
import { ok } from '@giving/shared/lambda/http';
import { accountsRoute } from '../http';
import { getMenuLinks as menuLinksOf, getSiteConfig as siteConfigOf, replaceMenuLinks } from '../domain/site';
import { site } from '../adapters/site';
import { callerId } from './caller-id';

/** GET /accounts/site?country=nz — the SPA's site config (tip, ticker, features, single sign-in address). */
export const getSiteConfig = accountsRoute({ query: siteQuerySchema }, async ({ query }) =>
  ok(await siteConfigOf({ site: site() }, query.country), { 'cache-control': 'public, max-age=60' }),
);

/** GET /accounts/site/menu-links?country=nz — the header's navigation links. */
export const getMenuLinks = accountsRoute({ query: siteQuerySchema }, async ({ query }) =>
  ok(await menuLinksOf({ site: site() }, query.country), { 'cache-control': 'public, max-age=60' }),
);

/** PUT /accounts/site/menu-links?country=nz — the CMS replaces a country's navigation links. */
export const putMenuLinks = accountsRoute({ query: siteQuerySchema, body: updateMenuLinksSchema }, async ({ query, body, caller }) =>
  ok(await replaceMenuLinks({ site: site(), clock: systemClock }, query.country, body.items, callerId(caller))),
);
