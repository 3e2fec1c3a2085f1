import { LIVE_PROGRESS_DONORS, type LiveProgress } from '@giving/shared/contracts/fundraising';
import { liveChannel, type LiveChannel } from '@giving/shared/live/channels';
import type { StoredDonor, StoredEvent, StoredPage } from './ports';
import { donorView, totalsOf } from './views';

/**
 * Live page progress: after a page or an event gets a new stored version (from the table's stream), everyone with it
 * open gets its totals on its channel (page:<id> / event:<id>). Posting a version reaches every connection on the
 * channel (1,000 open sockets are 1,000 posts), so it is coalesced twice over (docs/DECISIONS.md):
 * - within a stream batch, only each channel's newest version is posted (a burst of donations on one page while the
 *   last batch was being posted becomes one post);
 * - across batches, a channel's last posted version is kept (a conditional write), and a version not newer than it is
 *   not posted (a redelivered batch, the stream record of the consumer's own sort-key fix, which keeps the version).
 * A channel nobody is on costs one query and nothing more. Posting never fails the batch: a message is a snapshot, so
 * the next one repairs a missed one.
 */
export interface LiveProgressPorts {
  /** The channel's connection ids (one query). */
  connectionsOf(channel: LiveChannel): Promise<readonly string[]>;
  /** Records `version` as the channel's last posted one, unless one as new or newer is recorded: false then. */
  claim(channel: LiveChannel, version: number, now: Date): Promise<boolean>;
  /** The page's newest donors, newest first. */
  newestDonors(pageId: string, limit: number): Promise<readonly StoredDonor[]>;
  post(channel: LiveChannel, connectionIds: readonly string[], message: LiveProgress): Promise<{ sent: number; gone: number; failed: number }>;
  now(): Date;
  log: { warn(message: string, fields?: Record<string, unknown>): void };
}

export type LiveProgressOutcome = 'posted' | 'nobody' | 'stale' | 'failed';

type Versioned = (StoredPage & { sk: 'PAGE' }) | (StoredEvent & { sk: 'EVENT' });

/** Each channel's newest version among a batch's new images (pages and events; anything else is ignored). */
export function newestPerChannel(images: readonly (Record<string, unknown> | undefined)[]): Map<LiveChannel, Versioned> {
  const newest = new Map<LiveChannel, Versioned>();
  for (const image of images) {
    if (!image || typeof image.id !== 'string' || typeof image.version !== 'number') continue;
    if (image.sk !== 'PAGE' && image.sk !== 'EVENT') continue;
    const channel = image.sk === 'PAGE' ? liveChannel.page(image.id) : liveChannel.event(image.id);
    const seen = newest.get(channel);
    if (!seen || seen.version < image.version) newest.set(channel, image as unknown as Versioned);
  }
  return newest;
}

export function progressMessage(item: Versioned, donors?: readonly StoredDonor[]): LiveProgress {
  return {
    kind: item.sk === 'PAGE' ? 'page' : 'event',
    id: item.id,
    version: item.version,
    ...totalsOf(item),
    ...(donors ? { donors: donors.map(donorView) } : {}),
  };
}

/** Channels posted at once (each posts to its own connections, at most the publisher's concurrency at a time). */
const CHANNELS_AT_ONCE = 4;

/** Posts each channel's newest version from a stream batch's new images; resolves with what happened per channel. */
export async function postLiveProgress(ports: LiveProgressPorts, images: readonly (Record<string, unknown> | undefined)[]): Promise<Map<LiveChannel, LiveProgressOutcome>> {
  const work = [...newestPerChannel(images)];
  const outcomes = new Map<LiveChannel, LiveProgressOutcome>();
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const [channel, item] = work[next++] as [LiveChannel, Versioned];
      try {
        outcomes.set(channel, await postOne(ports, channel, item));
      } catch (error) {
        ports.log.warn('live progress not posted', { channel, version: item.version, error });
        outcomes.set(channel, 'failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHANNELS_AT_ONCE, work.length) }, worker));
  return outcomes;
}

async function postOne(ports: LiveProgressPorts, channel: LiveChannel, item: Versioned): Promise<LiveProgressOutcome> {
  const connections = await ports.connectionsOf(channel);
  if (connections.length === 0) return 'nobody';
  if (!(await ports.claim(channel, item.version, ports.now()))) return 'stale';
  const donors = item.sk === 'PAGE' ? await ports.newestDonors(item.id, LIVE_PROGRESS_DONORS) : undefined;
  await ports.post(channel, connections, progressMessage(item, donors));
  return 'posted';
}
