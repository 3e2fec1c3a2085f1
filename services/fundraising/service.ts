import { defineService } from '@giving/shared/manifest';

/** fundraising: no routes yet (see DESIGN.md §1 for what it will own). */
export default defineService({
  service: 'fundraising',
  // The live connections' LIVE# items need the table (shared/live/connections.ts); its indexes come with the fundraising routes.
  table: { indexes: [], ttlAttribute: 'expiresAt' },
  // Live page progress (shared/live): a browser subscribes to one page or event; functions whose access has
  // postsToConnections post its totals (services/fundraising/adapters/live.ts livePublisher).
  websocket: {
    connect: { handler: 'handlers/live#connect', access: { table: 'readWrite' } },
    disconnect: { handler: 'handlers/live#disconnect', access: { table: 'readWrite' } },
  },
});
