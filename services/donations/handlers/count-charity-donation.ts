import { streamConsumer } from '@giving/shared/lambda/stream';
import { countDonation } from '../domain/charity-reports';
import type { Donation } from '../domain/ports';
import { charityLedger } from '../adapters';

/** Donations table stream, new donations only (see the manifest's filter): adds each to what its charity is owed, once. */
export const handler = streamConsumer<Donation>(async ({ newImage }) => {
  if (newImage) await countDonation({ ledger: charityLedger() }, newImage);
});
