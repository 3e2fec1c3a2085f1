import { WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { ExternalDonationApproved } from '@giving/shared/events/workplace';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * matching: campaigns and their restrictions; the match ledger (domain/ledger.ts: every qualifying donation's bonus,
 * caps held by DynamoDB conditions) with its stats and transactions; matching payments (owed per campaign and month,
 * payments recorded by the back office) and the invoice (domain/matching-payments.ts).
 * Item layout: adapters/dynamo-campaigns.ts, adapters/dynamo-ledger.ts. Use cases: domain/campaigns.ts,
 * domain/ledger.ts (who qualifies: domain/matching-rules.ts); the match bonus rule (spec 2 §5): domain/match-bonus.ts.
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
// What the workplace owes for matching is a payments matter: finance reads it (issue 16 item 7).
const PAYMENTS = workplace('Workplace_ViewPayments', 'Workplace_ManagePayments');
const backOffice = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf });

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary' | 'response'> & { handler: string; write?: boolean };
const route = ({ write, ...spec }: Route): RouteSpec => ({ ...spec, access: { table: write ? 'readWrite' : 'read' } });
const CAMPAIGN = '/matching/workplace/{workplaceId}/campaigns/{campaignId}';

export default defineService({
  service: 'matching',
  table: { indexes: ['gsi1'], stream: 'NEW_IMAGE' },
  routes: [
    // Spec 2 §7 "Matching campaigns": create, update, update restrictions, get, get restrictions (+ the console's list).
    route({ method: 'GET', path: '/matching/workplace/{workplaceId}/campaigns', response: { status: 200, schema: 'matching#campaignListSchema' }, handler: 'handlers/campaigns#list', auth: VIEW, summary: "The workplace's matching campaigns, newest first, each with its status." }),
    route({ method: 'POST', path: '/matching/workplace/{workplaceId}/campaigns', response: { status: 201 }, handler: 'handlers/campaigns#create', auth: MANAGE, write: true, summary: 'Creates a campaign (201): rules, caps in cents, the gifts or pages it applies to, dates, active.' }),
    route({ method: 'GET', path: CAMPAIGN, response: { status: 200 }, handler: 'handlers/campaigns#get', auth: VIEW, summary: "One of the workplace's campaigns (another workplace's is 404)." }),
    route({ method: 'PUT', path: CAMPAIGN, response: { status: 200, schema: 'matching#campaignSchema' }, handler: 'handlers/campaigns#update', auth: MANAGE, write: true, summary: 'Replaces the campaign (its restrictions stay) and its gifts’ look-up rows in one transaction; 409 when it changed meanwhile.' }),
    route({ method: 'GET', path: `${CAMPAIGN}/restrictions`, response: { status: 200 }, handler: 'handlers/campaigns#getRestrictions', auth: VIEW, summary: 'Which members may be matched: employment types and business units (empty = everyone).' }),
    route({ method: 'PUT', path: `${CAMPAIGN}/restrictions`, response: { status: 200, schema: 'matching#campaignRestrictionsSchema' }, handler: 'handlers/campaigns#updateRestrictions', auth: MANAGE, write: true, summary: 'Replaces the restrictions.' }),
    // Spec 2 §7 "get stats", "get transactions" (issue 16 item 4: these exact shapes; amounts in cents).
    route({ method: 'GET', path: `${CAMPAIGN}/stats`, response: { status: 200, schema: 'matching#campaignStatsSchema' }, handler: 'handlers/ledger#stats', auth: VIEW, summary: 'What the campaign matched: {matchedAmount, donationsMatched, remainingCap (null: no cap), campaignCap, currency, matchRatio}, in cents.' }),
    route({ method: 'GET', path: `${CAMPAIGN}/transactions`, response: { status: 200, schema: 'matching#campaignTransactionListSchema' }, handler: 'handlers/ledger#transactions', auth: VIEW, summary: "Every bonus the campaign gave, newest first: {items:[{donationId, memberId, amount, ...}]}; the amounts add up to the stats' matchedAmount." }),
    // Issue 16 item 5: the checkout tells a signed-in member, before they pay, whether and by how much their gift is matched.
    { method: 'GET', path: '/matching/me/preview', response: { status: 200, schema: 'match-preview#matchPreviewSchema' }, handler: 'handlers/ledger#preview', auth: { kind: 'signedIn' }, summary: "What the member's gift would be matched by if given now: {items:[{campaignId, name, workplaceName, matchType, bonus}]} (nothing is taken).", access: { table: 'read' } },
    // Matching payments (issue 16 item 7, shared/contracts/matching-payments.ts): owed per campaign and month, the invoice.
    route({ method: 'GET', path: '/matching/workplace/{workplaceId}/payments', response: { status: 200, schema: 'matching-payments#matchingPaymentListSchema' }, handler: 'handlers/matching-payments#forWorkplace', auth: PAYMENTS, summary: "What the workplace's campaigns matched, were paid and are owed, per campaign and month (newest first), with the payments recorded." }),
    route({ method: 'GET', path: `${CAMPAIGN}/report/pdf`, response: { status: 200, contentType: 'application/pdf' }, handler: 'handlers/matching-payments#reportPdf', auth: PAYMENTS, summary: 'The campaign report (spec 2 §7): the invoice for a month (?period=YYYY-MM) or the whole campaign so far, as a PDF.' }),
    route({ method: 'GET', path: `${CAMPAIGN}/report/csv`, response: { status: 200, contentType: 'text/csv' }, handler: 'handlers/matching-payments#reportCsv', auth: PAYMENTS, summary: "The same report's matches as CSV, a row each." }),
    route({ method: 'GET', path: '/matching/backoffice/payments', response: { status: 200, schema: 'matching-payments#matchingPaymentListSchema' }, handler: 'handlers/matching-payments#forBackOffice', auth: backOffice('BackOffice_ViewPayments', 'BackOffice_ManagePayments'), summary: 'Every workplace’s matching months (?status=owed (default)|paid|all), newest first, with totals per currency.' }),
    route({ method: 'POST', path: '/matching/backoffice/payments', handler: 'handlers/matching-payments#record', auth: backOffice('BackOffice_ManagePayments'), write: true, summary: 'Records a workplace’s payment against a campaign’s month (Idempotency-Key; 201); 409 when it is more than is owed.' }),
    // Spec 2 §7 "get for page": a fundraising page's banners (the page's own campaigns and its event's).
    route({ method: 'GET', path: '/matching/campaigns/page/{pageId}', response: { status: 200 }, handler: 'handlers/campaigns#forPage', auth: PUBLIC, summary: 'The active campaigns listing a fundraising page or (?eventId=) its event: what a donor may see. Two Queries.' }),
    // Spec 2 §7 "get for product": the gift page's banners (spec 1 §2 "Campaigns for the gift, if any, are listed above it").
    route({ method: 'GET', path: '/matching/campaigns/product/{productId}', response: { status: 200 }, handler: 'handlers/campaigns#forProduct', auth: PUBLIC, summary: 'The active campaigns (switched on, today within their dates) listing the gift: what a donor may see. One Query.' }),
  ],
  streams: [
    {
      // Each bonus, once stored, is announced (storage first): fundraising adds it to the page's matched amount.
      name: 'publish-matches',
      filter: { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'LEDGER#' }] }, sk: { S: [{ prefix: 'MATCH#' }] } } } },
      handler: 'handlers/publish-matches',
      batchSize: 25,
      access: { publishes: [DonationMatched] },
    },
  ],
  subscriptions: [
    { name: 'record-workplace-membership', pattern: patternFor(WorkplaceMembershipChanged), handler: 'handlers/record-copies#workplaceMembership', access: { table: 'readWrite' } },
    // The match ledger (issue 16): completed donations (card, voucher, payroll, fundraising) and approved external ones.
    { name: 'match-donations', pattern: patternFor(DonationCompleted), handler: 'handlers/ledger#matchCompletedDonation', access: { table: 'readWrite' }, batchSize: 10 },
    // A back-office refund gives back what the campaigns matched of the refunded part (issue 17 item 5).
    { name: 'give-back-matches', pattern: patternFor(DonationRefunded), handler: 'handlers/ledger#giveBackRefunded', access: { table: 'readWrite', publishes: [DonationMatchGivenBack] }, batchSize: 10 },
    { name: 'match-external-donations', pattern: patternFor(ExternalDonationApproved), handler: 'handlers/ledger#matchExternalDonation', access: { table: 'readWrite' }, batchSize: 10 },
    // "Download my data" and "Delete my account" (issue 17 item 7): domain/personal-data.ts.
    { name: 'gather-personal-data', pattern: patternFor(PersonalDataExportRequested), handler: 'handlers/personal-data#gather', access: { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.matching] }, timeoutSeconds: 120 },
    { name: 'erase-personal-data', pattern: patternFor(MemberErasureRequested), handler: 'handlers/personal-data#erase', access: { table: 'readWrite', publishes: [PersonalDataErased.matching] }, timeoutSeconds: 120 },
  ],
});
