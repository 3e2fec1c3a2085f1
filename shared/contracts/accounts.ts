import * as z from 'zod/mini';
import { countryCodeSchema, slugSchema } from './common';

/** Public charity profile, as the charity page shows it. */
export const charityProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  charityUrl: z.string(),
  country: countryCodeSchema,
  logoImageUrl: z.string(),
  bannerImageUrl: z.optional(z.string()),
  description: z.string(),
  causes: z.array(z.string()),
  registrationNumber: z.optional(z.string()),
  website: z.optional(z.string()),
  location: z.optional(z.string()),
});
export type CharityProfile = z.infer<typeof charityProfileSchema>;

export const charityByUrlParams = z.object({ charityUrl: slugSchema });

export const charityListSchema = z.object({ items: z.array(charityProfileSchema) });
export type CharityList = z.infer<typeof charityListSchema>;
