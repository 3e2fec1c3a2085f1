/**
 * The five public search indexes (issue 14), apart from the rest of the search contract so the path parameter table
 * (which every route guard and the SPA load) can name them without the document schemas.
 */
export const SEARCH_INDEXES = ['charities', 'charitygifts-v2', 'volunteeringopportunities-v2', 'fundraisingevents', 'fundraisingpages'] as const;
export type SearchIndexName = (typeof SEARCH_INDEXES)[number];
