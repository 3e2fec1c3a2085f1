import type { DonationHistoryItem } from '@giving/shared/contracts/member-giving';
import { Button } from '../../../components/ui/button';
import { useDownload } from '../../../lib/use-download';
import { downloadReceipt } from '../api/download-receipt';

/** A completed donation's PDF receipt, from its row in the donation history. */
export function ReceiptDownload({ donation, when }: { donation: DonationHistoryItem; when: string }) {
  const { download, downloading, error } = useDownload();
  return (
    <>
      <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download(() => downloadReceipt(donation))}>
        PDF<span className="visually-hidden"> receipt for your donation to {donation.charity.name} on {when}</span>
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}
