import * as z from 'zod/mini';
import { accountsRoute } from '../http';
import { charityByUrlParams } from '@giving/shared/contracts/accounts';
import { countryCodeSchema } from '@giving/shared/contracts/common';
import { ok } from '@giving/shared/lambda/http';
import { getCharityProfile } from '../domain/charities';
import { charities } from '../adapters';

/** GET /accounts/charities/{charityUrl}?country=nz — the public charity page. */
export const handler = accountsRoute(
  { params: charityByUrlParams, query: z.object({ country: z.optional(countryCodeSchema) }) },
  async ({ params, query }) =>
    ok(await getCharityProfile({ charities: charities() }, params.charityUrl, query.country), { 'cache-control': 'public, max-age=60' }),
);
