import { defineService } from '@giving/shared/manifest';

/**
 * accounts: members, charities, workplaces, roles and permissions, site config.
 * Table: CHARITY#<id> / PROFILE (gsi1 CHARITYURL#<url> / CHARITY); see adapters/.
 */
export default defineService({
  service: 'accounts',
  table: { indexes: ['gsi1'], ttlAttribute: 'expiresAt' },
  routes: [
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
