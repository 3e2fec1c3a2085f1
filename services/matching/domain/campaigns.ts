import type { Campaign, CampaignInput, CampaignRestrictions, CampaignStatus, PublicCampaign } from '@giving/shared/contracts/matching';
import { NO_RESTRICTIONS } from '@giving/shared/contracts/matching';
import type { CountryCode } from '@giving/shared/countries';
import { COUNTRIES } from '@giving/shared/countries';
import { notFound } from '@giving/shared/errors';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import type { MatchingDeps, ProductCampaign, StoredCampaign } from './ports';

/**
 * Matching campaigns (spec 2 §7 "Matching campaigns": create, update, update restrictions, get, get restrictions,
 * get for product). The workplace console's calls arrive with the manifest's tenant policy already checked in
 * {workplaceId}; a campaign of another workplace is 404 here.
 */

/** The calendar day a campaign's dates are compared with: today in its country. */
export const todayIn = (country: CountryCode, at: Date) => localDay(at, COUNTRY_TIME_ZONES[country]);

export function statusOf(campaign: Pick<StoredCampaign, 'active' | 'startsOn' | 'endsOn'>, today: string): CampaignStatus {
  if (!campaign.active) return 'Inactive';
  if (today < campaign.startsOn) return 'Scheduled';
  if (today > campaign.endsOn) return 'Ended';
  return 'Active';
}

const view = (deps: Pick<MatchingDeps, 'clock'>, { version: _v, country, ...campaign }: StoredCampaign): Campaign => ({
  ...campaign,
  status: statusOf(campaign, todayIn(country, deps.clock.now())),
});

/** The campaign's currency is the workplace's country's: the country follows from it. */
const countryOf = (currency: CampaignInput['currency']): CountryCode =>
  (Object.entries(COUNTRIES).find(([, country]) => country.currency === currency)?.[0] ?? 'nz') as CountryCode;

/** Create: a new campaign in the workplace, with no restrictions yet (201). */
export async function createCampaign(deps: MatchingDeps, workplaceId: string, input: CampaignInput): Promise<Campaign> {
  const now = deps.clock.now().toISOString();
  const name = (await deps.workplaces.nameOf(workplaceId)) ?? '';
  const campaign: StoredCampaign = {
    ...input,
    id: deps.newId(),
    workplace: { id: workplaceId, name },
    restrictions: NO_RESTRICTIONS,
    country: countryOf(input.currency),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await deps.campaigns.create(campaign);
  return view(deps, campaign);
}

async function stored(deps: MatchingDeps, workplaceId: string, campaignId: string): Promise<StoredCampaign> {
  const campaign = await deps.campaigns.get(workplaceId, campaignId);
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/** Update: replaces the campaign's fields (its restrictions stay); 409 if it changed meanwhile. */
export async function updateCampaign(deps: MatchingDeps, workplaceId: string, campaignId: string, input: CampaignInput): Promise<Campaign> {
  const previous = await stored(deps, workplaceId, campaignId);
  // The workplace's newest name, if accounts has told us one since.
  const name = (await deps.workplaces.nameOf(workplaceId)) ?? previous.workplace.name;
  const next: StoredCampaign = {
    ...previous,
    ...input,
    workplace: { id: workplaceId, name },
    country: countryOf(input.currency),
    updatedAt: deps.clock.now().toISOString(),
    version: previous.version + 1,
  };
  await deps.campaigns.replace(previous, next);
  return view(deps, next);
}

export const getCampaign = async (deps: MatchingDeps, workplaceId: string, campaignId: string): Promise<Campaign> =>
  view(deps, await stored(deps, workplaceId, campaignId));

/** The workplace's campaigns, newest first. */
export async function listCampaigns(deps: MatchingDeps, workplaceId: string): Promise<{ items: Campaign[] }> {
  const campaigns = await deps.campaigns.listByWorkplace(workplaceId);
  return { items: campaigns.sort((a, b) => b.id.localeCompare(a.id)).map((campaign) => view(deps, campaign)) };
}

export const getRestrictions = async (deps: MatchingDeps, workplaceId: string, campaignId: string): Promise<CampaignRestrictions> =>
  (await stored(deps, workplaceId, campaignId)).restrictions;

export async function updateRestrictions(deps: MatchingDeps, workplaceId: string, campaignId: string, restrictions: CampaignRestrictions): Promise<CampaignRestrictions> {
  const previous = await stored(deps, workplaceId, campaignId);
  const next: StoredCampaign = {
    ...previous,
    restrictions: { employmentTypes: [...new Set(restrictions.employmentTypes)], businessUnitIds: [...new Set(restrictions.businessUnitIds)] },
    updatedAt: deps.clock.now().toISOString(),
    version: previous.version + 1,
  };
  await deps.campaigns.replace(previous, next);
  return next.restrictions;
}

/** What a donor may see of a campaign: its rules and who runs it. */
export const publicView = (campaign: StoredCampaign): PublicCampaign => ({
  id: campaign.id,
  name: campaign.name,
  description: campaign.description,
  workplaceName: campaign.workplace.name,
  givingType: campaign.givingType,
  recurrenceType: campaign.recurrenceType,
  matchRatio: campaign.matchRatio,
  memberCap: campaign.memberCap,
  entryCap: campaign.entryCap,
  campaignCap: campaign.campaignCap,
  currency: campaign.currency,
  matchType: campaign.matchType,
  memberType: campaign.memberType,
  endsOn: campaign.endsOn,
});

/** Get for product: the active campaigns (switched on, today within their dates) that list the gift, oldest first. */
export async function campaignsForProduct(deps: Pick<MatchingDeps, 'campaigns' | 'clock'>, productId: string): Promise<{ items: PublicCampaign[] }> {
  const rows = await deps.campaigns.listForProduct(productId);
  const now = deps.clock.now();
  const live = rows.filter((row: ProductCampaign) => statusOf(row, todayIn(row.country, now)) === 'Active');
  return { items: live.sort((a, b) => a.id.localeCompare(b.id)).map(({ startsOn: _s, active: _a, country: _c, ...campaign }) => campaign) };
}

/**
 * Spec 2 §7 "get for page": a fundraising page's active campaigns, as donors see them: those listing the page, and
 * those listing its event (every page of it). Two Queries on the items' look-up rows, as for a gift.
 */
export async function campaignsForPage(deps: Pick<MatchingDeps, 'campaigns' | 'clock'>, pageId: string, eventId?: string): Promise<{ items: PublicCampaign[] }> {
  const [page, event] = await Promise.all([campaignsForProduct(deps, pageId), eventId ? campaignsForProduct(deps, eventId) : Promise.resolve({ items: [] })]);
  const byId = new Map([...page.items, ...event.items].map((campaign) => [campaign.id, campaign]));
  return { items: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

/** WorkplaceMembershipChanged -> the console's roles, and the workplace's name for its campaigns. */
export async function recordWorkplaceMembership(
  deps: Pick<MatchingDeps, 'roles' | 'workplaces'>,
  change: {
    memberId: string;
    workplaceId: string;
    workplaceName: string;
    roles: string[];
    version: string;
    employmentType?: string;
    businessUnitId?: string;
    employmentEndDate?: string;
    firstName?: string;
    email?: string;
  },
): Promise<'saved' | 'stale'> {
  // A removal carries an empty name: it says nothing about the workplace's name.
  if (change.workplaceName) await deps.workplaces.save({ id: change.workplaceId, name: change.workplaceName, version: change.version });
  // The employment record rides on the membership copy: who a campaign may match (memberType, restrictions).
  return deps.roles.saveWorkplaceMembership({
    memberId: change.memberId,
    workplaceId: change.workplaceId,
    workplaceName: change.workplaceName,
    roles: change.roles,
    version: change.version,
    ...(change.employmentType ? { employmentType: change.employmentType } : {}),
    ...(change.businessUnitId ? { businessUnitId: change.businessUnitId } : {}),
    ...(change.employmentEndDate ? { employmentEndDate: change.employmentEndDate } : {}),
    // A voucher match (matchType Voucher) is e-mailed to the member: who they are, as accounts has them.
    ...(change.firstName ? { firstName: change.firstName } : {}),
    ...(change.email ? { email: change.email } : {}),
  } as Parameters<MatchingDeps['roles']['saveWorkplaceMembership']>[0]);
}
