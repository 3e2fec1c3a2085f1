import { defineService } from '@giving/shared/manifest';

/**
 * accounts: members, charities, workplaces, roles and permissions, site config.
 * Table: CHARITY#<id> / PROFILE (gsi1 by URL, gsi2 by country); see adapters/dynamo-charities.ts.
 */
export default defineService({
  service: 'accounts',
  table: { indexes: ['gsi1', 'gsi2'], ttlAttribute: 'expiresAt' },
  routes: [
    {
      method: 'GET',
      path: '/accounts/charities',
      handler: 'handlers/list-charities',
      auth: { kind: 'public' },
      summary: 'Charities listed in a country (?country=nz), by name.',
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/accounts/charities/{charityUrl}',
      handler: 'handlers/get-charity',
      auth: { kind: 'public' },
      summary: 'Public charity profile for the charity page.',
      access: { table: 'read' },
    },
  ],
});
