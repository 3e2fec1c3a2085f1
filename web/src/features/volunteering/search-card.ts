import type { OpportunitySearchDocument } from '@giving/shared/contracts/search';
import type { CountryCode } from '@giving/shared/countries';
import { opportunityItemPath, opportunityLocationLabel, opportunityScheduleLabel } from '../../lib/search-items';
import type { OpportunityCardView } from './components/opportunity-card';

/**
 * A role from the volunteering index as its card shows it: the schedule label and the location by spec 1 §4's rules,
 * the next session still to start, and the role page from the slug (charityUrl/vacancyUrl).
 */
export function cardFromSearch(doc: OpportunitySearchDocument, country: CountryCode): OpportunityCardView {
  const charity = doc.charities[0];
  const [charityUrl = charity?.slug ?? '', opportunityUrl = ''] = doc.slug.split('/');
  return {
    imageUrl: doc.image,
    scheduleLabel: opportunityScheduleLabel(doc),
    isRemote: doc.isremote,
    title: doc.title,
    charity: { name: charity?.name ?? '', charityUrl, logoImageUrl: charity?.image ?? '' },
    opportunityUrl,
    description: doc.description,
    locationLabel: opportunityLocationLabel(doc),
    nextSessionStartsAt: doc.nextstart,
    to: opportunityItemPath(country, doc),
  };
}
