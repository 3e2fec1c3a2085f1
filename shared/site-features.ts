/**
 * Spec 1 §6 "Site features". Apart from permissions.ts (which re-exports them) because the site's configuration,
 * which every page reads, names them; the permission catalogue is for the consoles.
 */
export const SITE_FEATURES = [
  'Donations',
  'FriendAndFamilyDonations',
  'GiftRegistries',
  'GiftVouchers',
  'LocalRegistration',
  'Prefill',
  'SSO',
  'Stories',
  'Teams',
] as const;
export type SiteFeature = (typeof SITE_FEATURES)[number];
