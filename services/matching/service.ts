import { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * matching: campaigns and their restrictions (this issue); the match ledger, matching payments, stats and the invoice
 * report come later (DESIGN.md §1). Item layout: adapters/dynamo-campaigns.ts. Use cases: domain/campaigns.ts; the
 * match bonus rule (spec 2 §5): domain/match-bonus.ts.
 *
 * Who may call what (docs/DECISIONS.md "Matching campaigns"):
 * - The workplace console's calls ({workplaceId}) are tenant policies, from matching's copy of workplace roles:
 *   reading needs Workplace_ViewSettings, writing Workplace_ManageSettings (both the workplace admin's; the spec has
 *   no matching permission, and Workplace_MatchedVoucher is every employee's: it lets them be matched).
 * - The gift page's "get for product" is public: what a donor may see of the active campaigns.
 */
const PUBLIC: AuthPolicy = { kind: 'public' };
const workplace = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'workplace', param: 'workplaceId' } });
const VIEW = workplace('Workplace_ViewSettings');
const MANAGE = workplace('Workplace_ManageSettings');

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary'> & { handler: string; write?: boolean };
const route = ({ write, ...spec }: Route): RouteSpec => ({ ...spec, access: { table: write ? 'readWrite' : 'read' } });
const CAMPAIGN = '/matching/workplace/{workplaceId}/campaigns/{campaignId}';

export default defineService({
  service: 'matching',
  table: { indexes: [] },
  routes: [
    // Spec 2 §7 "Matching campaigns": create, update, update restrictions, get, get restrictions (+ the console's list).
    route({ method: 'GET', path: '/matching/workplace/{workplaceId}/campaigns', handler: 'handlers/campaigns#list', auth: VIEW, summary: "The workplace's matching campaigns, newest first, each with its status." }),
    route({ method: 'POST', path: '/matching/workplace/{workplaceId}/campaigns', handler: 'handlers/campaigns#create', auth: MANAGE, write: true, summary: 'Creates a campaign (201): rules, caps in cents, the gifts or pages it applies to, dates, active.' }),
    route({ method: 'GET', path: CAMPAIGN, handler: 'handlers/campaigns#get', auth: VIEW, summary: "One of the workplace's campaigns (another workplace's is 404)." }),
    route({ method: 'PUT', path: CAMPAIGN, handler: 'handlers/campaigns#update', auth: MANAGE, write: true, summary: 'Replaces the campaign (its restrictions stay) and its gifts’ look-up rows in one transaction; 409 when it changed meanwhile.' }),
    route({ method: 'GET', path: `${CAMPAIGN}/restrictions`, handler: 'handlers/campaigns#getRestrictions', auth: VIEW, summary: 'Which members may be matched: employment types and business units (empty = everyone).' }),
    route({ method: 'PUT', path: `${CAMPAIGN}/restrictions`, handler: 'handlers/campaigns#updateRestrictions', auth: MANAGE, write: true, summary: 'Replaces the restrictions.' }),
    // Spec 2 §7 "get for product": the gift page's banners (spec 1 §2 "Campaigns for the gift, if any, are listed above it").
    route({ method: 'GET', path: '/matching/campaigns/product/{productId}', handler: 'handlers/campaigns#forProduct', auth: PUBLIC, summary: 'The active campaigns (switched on, today within their dates) listing the gift: what a donor may see. One Query.' }),
  ],
  subscriptions: [
    { name: 'record-workplace-membership', pattern: patternFor(WorkplaceMembershipChanged), handler: 'handlers/record-copies#workplaceMembership', access: { table: 'readWrite' } },
  ],
});
