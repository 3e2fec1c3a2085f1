import { systemClock } from '@giving/shared/clock';
import { streamConsumer } from '@giving/shared/lambda/stream';
import type { StoredMemberExport } from '../domain/member-exports';
import { prepareMembersExport } from '../domain/member-exports';
import { charities, charityMemberships, memberExportFiles, memberExports } from '../adapters';

/** Donations table stream, new members exports only (see the manifest's filter): writes each one's CSV file. */
export const handler = streamConsumer<StoredMemberExport>(async ({ newImage }, { log }) => {
  if (!newImage) return;
  const outcome = await prepareMembersExport(
    { exports: memberExports(), store: charityMemberships(), charities: charities(), files: memberExportFiles(), clock: systemClock },
    newImage.charityId,
    newImage.exportId,
  );
  log.info('members export', { charityId: newImage.charityId, exportId: newImage.exportId, outcome });
});
