import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { GiftPublished } from '@giving/shared/events/donations';
import { EventModified, PageModified } from '@giving/shared/events/fundraising';
import { VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed } from '@giving/shared/events/volunteering';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy } from '@giving/shared/manifest';

/**
 * search: the indexer (every service's document events -> search's copies -> the five aliased OpenSearch indexes),
 * the `_search` call clients post OpenSearch queries to, the site search and listings (GET /search), and the back
 * office's re-index. Use cases: domain/indexer.ts (indexing, rebuilds), domain/queries.ts (site search),
 * domain/raw-queries.ts (clients' queries). Table layout: adapters/dynamo-copies.ts. Decisions: docs/DECISIONS.md
 * "Search".
 *
 * Who may call what: both searches are public (the indexes hold public documents only); the operations panel is the
 * back office's (BackOffice_ViewContent to look, BackOffice_ManageContent to re-index; 401 for anyone else).
 */
const PUBLIC: AuthPolicy = { kind: 'public' };
const backOffice = (...anyOf: ('BackOffice_ViewContent' | 'BackOffice_ManageContent')[]): AuthPolicy => ({ kind: 'signedIn', anyOf, deniedAs: 'Unauthorized' });

export default defineService({
  service: 'search',
  table: { indexes: ['gsi1'] },
  routes: [
    {
      method: 'POST',
      path: '/search/{index}/_search',
      response: { status: 200, schema: 'search#rawSearchResultSchema' },
      handler: 'handlers/search#raw',
      auth: PUBLIC,
      access: { search: 'read' },
      summary:
        "A client's OpenSearch query on one public index (spec 2 §7; x-country confines it to a country, x-host names the site): OpenSearch's answer {hits:{total,hits},aggregations}; at most 100 hits; 400 for a query it does not support or an index that is not one of the five.",
    },
    {
      method: 'GET',
      path: '/search',
      response: { status: 200 },
      handler: 'handlers/search#site',
      auth: PUBLIC,
      access: { search: 'read' },
      summary: 'The site search and the listings (?q=&country=&type=&from=&size=&sort= and filters): {total, items, types}, typo tolerant, prefix as typed, ranked by fields, donations and recency.',
    },
    {
      method: 'GET',
      path: '/search/backOffice/indexes',
      response: { status: 200, schema: 'search#indexStatusListSchema' },
      handler: 'handlers/operations#list',
      auth: backOffice('BackOffice_ViewContent', 'BackOffice_ManageContent'),
      access: { table: 'read', search: 'read' },
      summary: "The operations panel: each index's alias target, documents, and its last or running re-index.",
    },
    {
      method: 'POST',
      path: '/search/backOffice/indexes/{index}/rebuild',
      response: { status: 200, schema: 'search#rebuildOutcomeSchema' },
      handler: 'handlers/operations#rebuild',
      auth: backOffice('BackOffice_ManageContent'),
      access: { table: 'readWrite', search: 'readWrite' },
      timeoutSeconds: 29,
      summary: "Re-indexes one index with no gap: a new versioned index from search's copies, then the alias moves (409 while another runs).",
    },
  ],
  subscriptions: [
    {
      name: 'index-documents',
      pattern: {
        source: [...new Set([CharityProfilePublished, GiftPublished, VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed, PageModified, EventModified].map((e) => patternFor(e).source[0] as string))],
        'detail-type': [CharityProfilePublished, GiftPublished, VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed, PageModified, EventModified].map((e) => e.name),
      },
      handler: 'handlers/index-documents',
      batchSize: 10,
      access: { table: 'readWrite', search: 'readWrite' },
    },
  ],
  schedules: [
    {
      name: 'refresh-role-schedules',
      // 03:00 in New Zealand (NZDT), 00:00-02:00 in Australia: after the day's sessions have passed.
      expression: 'cron(0 14 * * ? *)',
      description: "Works out each volunteering role's next start again (the 'soonest' sort) and indexes the roles whose next start moved.",
      handler: 'handlers/refresh-roles',
      access: { table: 'readWrite', search: 'readWrite' },
    },
  ],
  onDeploy: [
    {
      name: 'create-indexes',
      handler: 'handlers/operations#setup',
      access: { search: 'readWrite' },
      description: 'Puts the index templates (mappings and the folding analyzer) and gives each alias its first versioned index.',
    },
  ],
});
