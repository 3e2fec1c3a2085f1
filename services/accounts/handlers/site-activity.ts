import { siteQuerySchema } from '@giving/shared/contracts/accounts';
import { ok } from '@giving/shared/lambda/http';
import { accountsRoute } from '../http';
import { getRecentActivity as recentActivityOf, getSiteStats as siteStatsOf } from '../domain/site';
import { site } from '../adapters/site';

const CACHED = { 'cache-control': 'public, max-age=15' };

/** GET /accounts/site/stats?country=nz — the header's overall donations, active users and volunteered hours. */
export const getSiteStats = accountsRoute({ query: siteQuerySchema }, async ({ query }) => ok(await siteStatsOf({ site: site() }, query.country), CACHED));

/** GET /accounts/site/recent?country=nz — the ticker's newest donations (never the donor's name). */
export const getRecentActivity = accountsRoute({ query: siteQuerySchema }, async ({ query }) =>
  ok(await recentActivityOf({ site: site() }, query.country), CACHED),
);
