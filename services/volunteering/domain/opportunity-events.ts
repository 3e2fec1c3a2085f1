import type { EventPublisher } from '@giving/shared/events';
import { VolunteeringOpportunityChanged } from '@giving/shared/events/volunteering';
import { opportunityDocument } from './operations';
import type { StoredOpportunity } from './ports';

const OPPORTUNITY_PREFIX = 'OPP#';
const OPPORTUNITY_SORT_KEY = 'OPP';

/** The opportunity an OPP#<id> / OPP item is (adapters/keys.ts' layout), or undefined for any other item. */
export function opportunityIdOf(itemKeys: Record<string, unknown>): string | undefined {
  const [pk, sk] = [String(itemKeys.pk ?? ''), String(itemKeys.sk ?? '')];
  if (sk !== OPPORTUNITY_SORT_KEY || !pk.startsWith(OPPORTUNITY_PREFIX)) return undefined;
  return pk.slice(OPPORTUNITY_PREFIX.length) || undefined;
}

/**
 * A stored opportunity item, from the volunteering table's stream -> VolunteeringOpportunityChanged. A new or changed
 * item is Modified with the document ReIndexVolunteeringOpportunity builds (event id `opportunity-<id>-<revision>`:
 * a redelivery is the same event); a deleted one, whose stream record has only its keys, is Removed (event id
 * `opportunity-<id>-removed-<stream sequence number>`). Search keeps the document while the role is public.
 */
export async function publishOpportunityChange(
  events: EventPublisher,
  record: { keys: Record<string, unknown>; newImage?: StoredOpportunity; sequenceNumber: string },
): Promise<'modified' | 'removed' | 'skipped'> {
  const id = opportunityIdOf(record.keys);
  if (!id) return 'skipped';
  if (record.newImage) {
    const document = opportunityDocument(record.newImage);
    await events.publish(VolunteeringOpportunityChanged, { change: 'Modified', document }, { id: `opportunity-${id}-${document.revision}`, correlationId: id });
    return 'modified';
  }
  await events.publish(VolunteeringOpportunityChanged, { change: 'Removed', id }, { id: `opportunity-${id}-removed-${record.sequenceNumber}`, correlationId: id });
  return 'removed';
}
