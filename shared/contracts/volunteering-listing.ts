/**
 * What volunteering's listing and search share (spec 1 §4 date filters, spec 2's sort options, schedule types and
 * labels, the location rule's words, the skills), kept apart from volunteering.ts so a page that only lists or searches
 * does not load the whole volunteering contract: building its zod schemas was one long task on a charity page
 * (volunteering.ts re-exports all of these).
 */

/** Spec 1 §4 "Date filter options: past, coming, on-or-before, on-or-after" (the last two take `date`). */
export const DATE_FILTERS = ['past', 'coming', 'on-or-before', 'on-or-after'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** How the list can be ordered: soonest next meeting (the default), nearest to lat/lon (the default with them), newest. */
export const OPPORTUNITY_SORT_OPTIONS = ['soonest', 'nearest', 'newest'] as const;
export type OpportunitySortOption = (typeof OPPORTUNITY_SORT_OPTIONS)[number];

export const SCHEDULE_TYPES = ['FixedSchedule', 'RecurringSchedule'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
/** Spec 1 §4 "Volunteer schedule label": RecurringSchedule = Recurring; FixedSchedule with more than one session = Multiple; else Single. */
export const SCHEDULE_LABELS = ['Recurring', 'Multiple', 'Single'] as const;
export type ScheduleLabel = (typeof SCHEDULE_LABELS)[number];
/** Spec 1 §4 location rule: the suburb when one session or all sessions share coordinates, else this. */
export const MULTIPLE_LOCATIONS = 'Multiple locations';
/** What a remote opportunity's location reads. */
export const REMOTE_LOCATION = 'Remote';

/** Skills a role may ask for (the configuration call lists them; the recommender matches on them). */
export const VOLUNTEER_SKILLS = [
  'Administration',
  'Animal care',
  'Carpentry',
  'Coaching',
  'Cooking',
  'Customer service',
  'Data entry',
  'Design',
  'Driving',
  'Event planning',
  'First aid',
  'Fundraising',
  'Gardening',
  'IT support',
  'Languages',
  'Legal',
  'Marketing',
  'Mentoring',
  'Photography',
  'Project management',
  'Software development',
  'Teaching',
  'Writing',
] as const;
export type VolunteerSkill = (typeof VOLUNTEER_SKILLS)[number];
