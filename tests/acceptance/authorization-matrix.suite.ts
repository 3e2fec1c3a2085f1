import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type RouteSpec } from '@giving/shared/manifest';
import { manifests } from '../../services';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { platformClient, startTestPlatform } from './platform';

/**
 * The authorisation matrix: every manifest route x every role x the demo tenant / another tenant, through the real
 * local API (JWT authorizer, then each handler's manifest guard). The expectations below are written out by hand
 * from spec §6 — they are the specification, not derived from the code under test — and a route nobody wrote an
 * expectation for fails the test.
 */
type Role = 'anonymous' | DemoRole;
type Outcome = 'allowed' | 401 | 403;
type Relation = 'demo tenant' | 'other tenant';

const ROLES: Role[] = ['anonymous', 'donor', 'workplaceMember', 'workplaceAdmin', 'charityAdmin', 'contentAdmin', 'backOffice'];

const signedIn = (allowed: readonly Role[] | 'everyone') => (role: Role): Outcome =>
  role === 'anonymous' ? 401 : allowed === 'everyone' || allowed.includes(role) ? 'allowed' : 403;

/** Who may call what (spec §6). Tenant routes: the demo users belong to Kiwi Coast Rescue and Tasman Engineering. */
function expected(route: RouteSpec, role: Role, relation: Relation): Outcome {
  const key = `${route.method} ${route.path}`;
  // Spec §3 "Payment gateway": every checkout, a guest's too, reads its country's fees and card account.
  if (key === 'GET /donations/payment-gateway') return 'allowed';
  // Issue 17 item 8: the API's OpenAPI document is for anyone, integrators before they have an account among them.
  if (key === 'GET /openapi.json') return 'allowed';
  if (route.auth.kind === 'public') return 'allowed';
  // The charity console's routes in accounts (members, settings) and donations (gifts, donation report, remittance).
  const charityConsole =
    route.path.startsWith('/accounts/charity/{charityId}') ||
    route.path.startsWith('/donations/charity/{charityId}') ||
    // Volunteering's charity console (opportunities and their images, applications) and the charity's volunteer workplaces.
    route.path.startsWith('/volunteering/charity/{charityId}') ||
    route.path === '/volunteer/workplace/byCharity/{charityId}' ||
    // Fundraising's charity console: the charity's events, pages and offline gifts (Charity_Fundraising*).
    route.path.startsWith('/fundraising/charity/{charityId}') ||
    // Charity membership (issue 17): plans and members, Charity_MembershipView / _Manage.
    route.path.startsWith('/memberships/charity/{charityId}');
  const workplaceConsole =
    route.path.startsWith('/accounts/workplace/{workplaceId}') ||
    // Volunteering's workplace report (Workplace_ViewReports in {workplaceId}).
    route.path.startsWith('/volunteering/workplace/{workplaceId}') ||
    // Matching's campaigns and their restrictions (Workplace_ViewSettings to read, Workplace_ManageSettings to write:
    // the admin's, not an employee's or a content admin's). The gift page's GET /matching/campaigns/product/{productId}
    // is public.
    route.path.startsWith('/matching/workplace/{workplaceId}') ||
    // Payroll giving (issue 15): pay cycles, file structures and batches need the workplace's pay-cycle or payments
    // permissions, which only its admins hold. The finance e-mail's link (/workplace/payroll-files/{token}) is public.
    route.path.startsWith('/workplace/{workplaceId}') ||
    // The vouchers a workplace buys for its people (issue 15 item 9): the payments permissions, its admins'.
    route.path.startsWith('/donations/workplace/{workplaceId}');
  if (charityConsole) return signedIn(relation === 'demo tenant' ? ['charityAdmin', 'backOffice'] : ['backOffice'])(role);
  if (workplaceConsole) {
    if (relation === 'other tenant') return signedIn(['backOffice'])(role);
    // A content admin's corporate role lets it see its workplace's dashboard and settings, nothing else.
    if (key === 'GET /accounts/workplace/{workplaceId}/settings') return signedIn(['workplaceAdmin', 'contentAdmin', 'backOffice'])(role);
    // The dashboard's giving figures (Workplace_ViewDashboard, which a content admin holds too).
    if (key === 'GET /workplace/{workplaceId}/reports/summary') return signedIn(['workplaceAdmin', 'contentAdmin', 'backOffice'])(role);
    return signedIn(['workplaceAdmin', 'backOffice'])(role);
  }
  // Re-indexing for search (issue 14) is back-office work, 403 to anyone else, like the rest of each back office:
  // charities and gifts need BackOffice_ManageCharities, fundraising's events and pages BackOffice_ManageFundraising.
  const reindexing = [
    'POST /accounts/backoffice/ReIndexCharities',
    'POST /donations/backoffice/ReIndexCharityGifts',
    'POST /fundraising/backOffice/ReIndexFundraisingEvents',
    'POST /fundraising/backOffice/ReIndexFundraisingPages',
  ];
  if (reindexing.includes(key)) return signedIn(['backOffice'])(role);
  if (route.path.startsWith('/accounts/backoffice/')) return signedIn(['backOffice'])(role);
  // The back office's dollar handles and the payouts it records to a charity (in any charity: even its own admin may not).
  // Every payment (issue 17 item 4): BackOffice_ViewPayments / _ManagePayments.
  if (route.path.startsWith('/donations/backoffice/payments')) return signedIn(['backOffice'])(role);
  // The back office's dashboard (issue 17 item 6): the platform's donations, BackOffice_ViewDashboard. The charity
  // dashboard's parts (GET /donations/charity/{charityId}/dashboard, Charity_ReportView; GET
  // /volunteering/charity/{charityId}/dashboard, Charity_VolunteeringView) are charity console routes, above.
  if (key === 'GET /donations/backoffice/dashboard') return signedIn(['backOffice'])(role);
  if (route.path.startsWith('/donations/backoffice/gifts') || key === 'POST /donations/backoffice/charities/{charityId}/payouts') return signedIn(['backOffice'])(role);
  if (key === 'PUT /accounts/site/menu-links') return signedIn(['backOffice', 'contentAdmin'])(role);
  if (route.path.startsWith('/accounts/me') || key === 'POST /accounts/invitations/{invitationId}/accept') return signedIn('everyone')(role);
  // Spec §6: any logged-in donor gives without typing e-mail and names (no body here, so allowed means a 400).
  if (key === 'POST /donations/me/payments') return signedIn('everyone')(role);
  // Spec §6: every signed-in donor asks which methods they may use, and manages their own payroll pledges. Whether
  // payroll is allowed is a business rule of the pledge (403 from the workplace roles), not a route policy: with no body
  // (or the unknown pledge id) every signed-in role gets a 400/404 here, Dana's 403 is in payroll-pledge.test.ts.
  if (key === 'GET /donations/me/payment-options') return signedIn('everyone')(role);
  // Issue 16 item 5: any signed-in donor asks whether their gift would be matched (no query here: a 400).
  if (key === 'GET /matching/me/preview') return signedIn('everyone')(role);
  if (route.path.startsWith('/donations/me/payroll-pledges')) return signedIn('everyone')(role);
  // Spec §6: logged-in donors save and use cards and give monthly; each sees only their own (object-level checks in the use cases).
  if (route.path.startsWith('/donations/me/saved-cards')) return signedIn('everyone')(role);
  if (route.path.startsWith('/donations/me/recurring-donations')) return signedIn('everyone')(role);
  if (key === 'GET /donations/me/donations') return signedIn('everyone')(role);
  // A signed-in donor's own receipts and annual tax statements (another member's donation is a 404 in the use case).
  // The e-mailed receipt link, GET /donations/receipts/{donationId}, is public: its random token is the key.
  if (key === 'GET /donations/me/donations/{donationId}/receipt' || key === 'GET /donations/me/donations/{donationId}/matches' || route.path.startsWith('/donations/me/tax-statements')) return signedIn('everyone')(role);
  // Spec §6: any signed-in donor buys gift vouchers and sees those bought with their e-mail; the back office sees them all
  // (BackOffice_ViewVouchers). Buying and looking up are also public (guests), so they need no row.
  if (key === 'POST /donations/me/voucher-purchases' || key === 'GET /donations/me/vouchers') return signedIn('everyone')(role);
  if (key === 'GET /donations/backoffice/vouchers') return signedIn(['backOffice'])(role);
  // Every workplace's matching payments, and recording one (issue 16 item 7): BackOffice_ViewPayments / _ManagePayments.
  if (route.path.startsWith('/matching/backoffice/')) return signedIn(['backOffice'])(role);
  // Spec 1 §6: back-office volunteering calls answer 401 to anyone who is not an authorised back-office user.
  if (route.path.startsWith('/volunteering/backOffice/')) return role === 'backOffice' ? 'allowed' : 401;
  // Search's operations panel (issue 14): BackOffice_ViewContent / BackOffice_ManageContent, 401 for anyone else.
  if (route.path.startsWith('/search/backOffice/')) return role === 'backOffice' ? 'allowed' : 401;
  // Volunteering operations are back-office work (re-indexing for search, training the recommender).
  if (route.path.startsWith('/volunteering/ReIndex') || key === 'POST /volunteering/modelTraining') return signedIn(['backOffice'])(role);
  // Spec 2 §6: every other volunteering call is any signed-in member's (401 anonymous); what each may touch is checked
  // per object in the use cases (own application, invited member, the opportunity's charity), which the ids that exist
  // nowhere here answer with 404 or 400. The public twins (/volunteering/public/*) are public routes.
  if (route.path.startsWith('/volunteer/') || route.path.startsWith('/volunteering/')) return signedIn('everyone')(role);
  // Spec 1 §2 back office "fundraising": BackOffice_ViewFundraising / BackOffice_ManageFundraising.
  if (route.path.startsWith('/fundraising/backOffice/')) return signedIn(['backOffice'])(role);
  // A member's own external donations (issue 15): any signed-in member (recording one checks their workplace roles).
  if (route.path.startsWith('/workplace/me/')) return signedIn('everyone')(role);
  // Every workplace's eligibility files (issue 15): BackOffice_ViewWorkplaces.
  if (route.path.startsWith('/workplace/backoffice/')) return signedIn(['backOffice'])(role);
  // Spec 2 §6: creating, joining, managing (object-level: the event's or page's Owner and Admins, checked in the use
  // cases, which the ids that exist nowhere here answer with 404), commenting and answering invitations are any
  // signed-in member's. Visitors' reads are public routes.
  if (route.path.startsWith('/fundraising/')) return signedIn('everyone')(role);
  // A member's own memberships (joining, their list, cancelling theirs: another's id is 404 in the use case).
  if (route.path.startsWith('/memberships/me')) return signedIn('everyone')(role);
  throw new Error(`No expectation for ${key}: add one to the authorisation matrix.`);
}

let platform: RunningPlatform;
const tokens = new Map<Role, string>();
const tenants = { charity: { demo: '', other: '' }, workplace: { demo: '', other: '' } };

const idToken = (email: string) => platformClient(platform).idToken(email, DEMO_PASSWORD);

const call = (method: string, path: string, role: Role) =>
  fetch(`${platform.siteUrl}${API_PREFIX}${path}`, {
    method,
    redirect: 'manual',
    headers: tokens.has(role) ? { authorization: `Bearer ${tokens.get(role)}` } : {},
  });

beforeAll(async () => {
  platform = await startTestPlatform(5400);
  for (const user of DEMO_USERS) tokens.set(user.role, await idToken(user.email));
  const charities = (await (await call('GET', '/accounts/charities?country=nz', 'anonymous')).json()) as { items: { id: string; charityUrl: string }[] };
  tenants.charity.demo = charities.items.find((c) => c.charityUrl === 'kiwi-coast-rescue')!.id;
  tenants.charity.other = charities.items.find((c) => c.charityUrl !== 'kiwi-coast-rescue')!.id;
  const menu = (await (await call('GET', '/accounts/me', 'workplaceAdmin')).json()) as { corporateAssociations: { corporateId: string }[] };
  tenants.workplace.demo = menu.corporateAssociations[0]!.corporateId;
  const other = await fetch(`${platform.siteUrl}/api/accounts/backoffice/workplaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.get('backOffice')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Other Workplace Ltd', country: 'nz' }),
  });
  tenants.workplace.other = ((await other.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** Path parameters: the tenant under test, and ids that exist nowhere for everything else, so allowed writes change nothing. */
function pathFor(route: RouteSpec, relation: Relation): string {
  const which = relation === 'demo tenant' ? 'demo' : 'other';
  return route.path
    .replace(
      '{charityId}',
      /^\/(accounts|donations|volunteering|fundraising|memberships)\/charity\/\{charityId\}|^\/donations\/backoffice\/charities\/|^\/volunteer\/workplace\/byCharity\//.test(route.path)
        ? tenants.charity[which]
        : 'NOSUCHCHARITY',
    )
    .replace('{workplaceId}', tenants.workplace[which])
    .replace('{charityUrl}', 'kiwi-coast-rescue')
    .replace('{productUrl}', 'feed-a-kiwi-chick')
    .replace(/\{[A-Za-z]+\}/g, 'NOSUCHID');
}

const routes = manifests.flatMap((manifest) => manifest.routes);
const isTenantRoute = (route: RouteSpec) => route.auth.kind === 'signedIn' && route.auth.tenant !== undefined;
const cases = routes.flatMap((route) =>
  (isTenantRoute(route) ? (['demo tenant', 'other tenant'] as const) : (['demo tenant'] as const)).map((relation) => ({
    key: `${route.method} ${route.path}`,
    route,
    relation,
  })),
);

describe('authorisation matrix', () => {
  it('has an expectation for every route and role', () => {
    for (const { route, relation } of cases) for (const role of ROLES) expect(() => expected(route, role, relation)).not.toThrow();
  });

  it.each(cases.map((c) => [`${c.key} (${c.relation})`, c] as const))('%s', async (_, { route, relation }) => {
    const path = pathFor(route, relation) + (route.path.includes('?') ? '' : '?country=nz');
    const outcomes: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const role of ROLES) {
      const response = await call(route.method, path, role);
      const status = response.status;
      await response.arrayBuffer();
      outcomes[role] = status === 401 || status === 403 ? String(status) : status >= 500 ? `server error ${status}` : 'allowed';
      wanted[role] = String(expected(route, role, relation));
    }
    expect(outcomes).toEqual(wanted);
  });
});
