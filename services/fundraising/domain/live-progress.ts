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
 * And a round posts what is newest: it starts from the page as stored now (at least as new as the batch's image), and
 * every REFRESH_EVERY_POSTS posts it reads the page again; a newer version goes to the connections not reached yet.
 * So a donation completing in the middle of a round reaches the rest of that round's connections at once, and the
 * others in the next round, rather than everyone waiting for a whole round first. The recorded version stays the
 * one the round started with, which every connection got at least, so the next batch posts the newer one to everyone.
 * A channel nobody is on costs one query and nothing more. Posting never fails the batch: a message is a snapshot, so
 * the next one repairs a missed one.
 */
export interface LiveProgressPorts {
  /** The channel's connection ids (one query). */
  connectionsOf(channel: LiveChannel): Promise<readonly string[]>;
  /** Records `version` as the channel's last posted one, unless one as new or newer is recorded: false then. */
  claim(channel: LiveChannel, version: number, now: Date): Promise<boolean>;
  /** The page or event as stored now (a consistent read; undefined if it is not stored). */
  latest(item: { sk: 'PAGE' | 'EVENT'; id: string }): Promise<Versioned | undefined>;
  /** The page's newest donors, newest first. */
  newestDonors(pageId: string, limit: number): Promise<readonly StoredDonor[]>;
  /** Posts to each connection what `message()` gives when its turn comes. */
  post(channel: LiveChannel, connectionIds: readonly string[], message: () => LiveProgress): Promise<{ sent: number; gone: number; failed: number }>;
  now(): Date;
  log: { warn(message: string, fields?: Record<string, unknown>): void };
}

export type LiveProgressOutcome = 'posted' | 'nobody' | 'stale' | 'failed';

export type Versioned = (StoredPage & { sk: 'PAGE' }) | (StoredEvent & { sk: 'EVENT' });

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

/** While a round posts, the page is read again after every this many posts (with 50 in flight, about every 100 ms). */
export const REFRESH_EVERY_POSTS = 100;

async function postOne(ports: LiveProgressPorts, channel: LiveChannel, item: Versioned): Promise<LiveProgressOutcome> {
  const connections = await ports.connectionsOf(channel);
  if (connections.length === 0) return 'nobody';
  let newest = newerOf(item, await ports.latest(item));
  if (!(await ports.claim(channel, newest.version, ports.now()))) return 'stale';
  let message = await messageOf(ports, newest);
  let posts = 0;
  let refreshing: Promise<void> | undefined;
  const refresh = async () => {
    try {
      const stored = await ports.latest(newest);
      if (stored && stored.version > newest.version) {
        message = await messageOf(ports, stored);
        newest = stored;
      }
    } catch (error) {
      ports.log.warn('live progress not read again', { channel, version: newest.version, error });
    } finally {
      refreshing = undefined;
    }
  };
  try {
    await ports.post(channel, connections, () => {
      if (++posts % REFRESH_EVERY_POSTS === 0 && !refreshing && posts < connections.length) refreshing = refresh();
      return message;
    });
  } finally {
    await refreshing;
  }
  return 'posted';
}

function newerOf(item: Versioned, stored: Versioned | undefined): Versioned {
  return stored && stored.version > item.version ? stored : item;
}

async function messageOf(ports: LiveProgressPorts, item: Versioned): Promise<LiveProgress> {
  const donors = item.sk === 'PAGE' ? await ports.newestDonors(item.id, LIVE_PROGRESS_DONORS) : undefined;
  return progressMessage(item, donors);
}
