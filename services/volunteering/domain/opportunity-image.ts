import type { ImageUpload } from '@giving/shared/contracts/media';
import { DomainError, notFound } from '@giving/shared/errors';
import { storeImage, type MediaStore } from '@giving/shared/media';
import { OPPORTUNITY_CHANGED_MESSAGE } from './opportunities';
import type { StoredOpportunity, VolunteeringDeps } from './ports';

const CHANGED_ATTEMPTS = 5;

/**
 * PUT /volunteering/charity/{charityId}/opportunity/{opportunityId}/image — the charity's staff upload the role's
 * image (the tenant policy checked their roles). Another charity's opportunity is 404. The picture goes to the media
 * bucket under volunteering/{charityId}/{opportunityId}/ (shared/media.ts checks its bytes and names it by its hash),
 * then becomes the role's imageUrl: a conditional write on the revision, read again and reapplied when someone saved
 * the role meanwhile, so an upload never undoes their edit.
 */
export async function uploadOpportunityImage(
  deps: Pick<VolunteeringDeps, 'opportunities' | 'clock'> & { media: MediaStore },
  charityId: string,
  opportunityId: string,
  upload: ImageUpload,
): Promise<{ opportunityId: string; imageUrl: string }> {
  const ofCharity = async () => {
    const opportunity = await deps.opportunities.get(opportunityId);
    if (opportunity?.charity.id !== charityId) throw notFound('Opportunity');
    return opportunity;
  };
  let current: StoredOpportunity = await ofCharity();
  const imageUrl = await storeImage(deps.media, `volunteering/${charityId}/${opportunityId}/image`, upload);
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const next = { ...current, imageUrl, updatedAt: deps.clock.now().toISOString(), revision: current.revision + 1 };
    const outcome = await deps.opportunities.replace(current, next, { added: [], updated: [], removed: [] });
    if (outcome === 'saved') return { opportunityId, imageUrl };
    current = await ofCharity();
  }
  throw new DomainError('Conflict', OPPORTUNITY_CHANGED_MESSAGE);
}
