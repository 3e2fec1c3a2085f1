/**
 * What volunteering's listing and search share (spec 1 §4 date filters, spec 2's sort options), kept apart from
 * volunteering.ts so a page that only lists or searches does not load the whole volunteering contract.
 */

/** Spec 1 §4 "Date filter options: past, coming, on-or-before, on-or-after" (the last two take `date`). */
export const DATE_FILTERS = ['past', 'coming', 'on-or-before', 'on-or-after'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** How the list can be ordered: soonest next meeting (the default), nearest to lat/lon (the default with them), newest. */
export const OPPORTUNITY_SORT_OPTIONS = ['soonest', 'nearest', 'newest'] as const;
export type OpportunitySortOption = (typeof OPPORTUNITY_SORT_OPTIONS)[number];
