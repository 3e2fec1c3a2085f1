import * as z from 'zod/mini';
import { accountsRoute } from '../http';
import { countryCodeSchema } from '@giving/shared/contracts/common';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { ok } from '@giving/shared/lambda/http';
import { listCharities } from '../domain/charities';
import { charities } from '../adapters';

/** GET /accounts/charities?country=nz — the charities grid. */
export const handler = accountsRoute(
  { query: z.object({ country: countryCodeSchema, limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, MESSAGES.invalidInput))) }) },
  async ({ query }) =>
    ok({ items: await listCharities({ charities: charities() }, query.country, Number(query.limit ?? 24)) }, { 'cache-control': 'public, max-age=60' }),
);
