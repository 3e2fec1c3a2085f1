import type { Clock } from '@giving/shared/clock';
import type { Campaign, CampaignInput, CampaignRestrictions, PublicCampaign } from '@giving/shared/contracts/matching';
import type { TenantRoleCopy } from '@giving/shared/copies';
import type { CountryCode } from '@giving/shared/countries';

/** A campaign as stored: the console's view less its status (derived from `active` and today at read time). */
export type StoredCampaign = Omit<Campaign, 'status'> & { version: number; country: CountryCode };

/** A product row: what the public look-up answers for one item of a campaign. */
export type ProductCampaign = PublicCampaign & { startsOn: string; active: boolean; country: CountryCode };

export interface CampaignStore {
  get(workplaceId: string, campaignId: string): Promise<StoredCampaign | undefined>;
  listByWorkplace(workplaceId: string): Promise<StoredCampaign[]>;
  /** The campaigns that list the product among their items (one Query on the product's partition). */
  listForProduct(productId: string): Promise<ProductCampaign[]>;
  create(campaign: StoredCampaign): Promise<void>;
  /**
   * Replaces `previous` (which must still be the stored version, else Conflict) and its product rows, in one
   * transaction: rows of items no longer listed go, the others are written anew.
   */
  replace(previous: StoredCampaign, next: StoredCampaign): Promise<void>;
}

/** The names of the workplaces, from accounts' WorkplaceMembershipChanged (newest version wins). */
export interface WorkplaceNames {
  nameOf(workplaceId: string): Promise<string | undefined>;
  save(workplace: { id: string; name: string; version: string }): Promise<'saved' | 'stale'>;
}

export interface MatchingDeps {
  campaigns: CampaignStore;
  workplaces: WorkplaceNames;
  roles: Pick<TenantRoleCopy, 'rolesOf' | 'saveWorkplaceMembership' | 'workplacesOf'>;
  clock: Clock;
  newId: () => string;
}

export type { CampaignInput, CampaignRestrictions };
