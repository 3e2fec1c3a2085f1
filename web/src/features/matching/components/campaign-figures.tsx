import type { Campaign, CampaignStats, CampaignTransaction } from '@giving/shared/contracts/matching';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { Panel } from '../../../components/ui/panel';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { QueryStates } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { useCampaignStats, useCampaignTransactions } from '../api/get-campaign-figures';
import { capText } from '../campaign-text';
import styles from './matching-campaigns.module.css';

const GIVING_WORDS: Record<CampaignTransaction['givingType'], string> = { Any: 'Any', CreditCard: 'Card', PayrollGiving: 'Payroll giving', ExternalDonation: 'External donation' };
const PAID_AS_WORDS: Record<CampaignTransaction['matchType'], string> = { Donation: 'Donation to the charity', Voucher: 'Gift voucher' };

/**
 * What a campaign has matched (spec 2 §7 "get stats", "get transactions"): the total, how many donations, what is
 * left of its cap, and each match, newest first. Donors are members: their ids are not shown (they are not names).
 */
export function CampaignFigures({ workplaceId, campaign, onClose }: { workplaceId: string; campaign: Campaign; onClose: () => void }) {
  const stats = useCampaignStats(workplaceId, campaign.id);
  const transactions = useCampaignTransactions(workplaceId, campaign.id);
  return (
    <Panel
      title={`What ${campaign.name} has matched`}
      description="Every match so far, newest first. A match is counted once its donation is complete."
      actions={
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close<span className="visually-hidden"> the figures</span>
        </Button>
      }
    >
      {stats.isSuccess ? <Totals stats={stats.data} /> : <QueryStates query={stats} loading="Loading the campaign’s figures" failed="We couldn’t load the campaign’s figures" headingLevel={4} />}
      {transactions.isSuccess ? (
        <Matches items={transactions.data.items} />
      ) : (
        <QueryStates query={transactions} loading="Loading the matches" failed="We couldn’t load the matches" headingLevel={4} />
      )}
    </Panel>
  );
}

function Totals({ stats }: { stats: CampaignStats }) {
  const money = (cents: number) => capText(cents, stats.currency);
  const capped = stats.remainingCap !== null && stats.campaignCap > 0;
  return (
    <div className={styles.totals}>
      <StatTiles label="Campaign figures">
        <StatTile label="Matched so far" value={money(stats.matchedAmount)} />
        <StatTile label="Donations matched" value={stats.donationsMatched.toLocaleString('en-NZ')} />
        <StatTile label={capped ? `Left of the ${money(stats.campaignCap)} cap` : 'Left of the campaign cap'} value={stats.remainingCap === null ? 'No cap' : money(stats.remainingCap)} />
      </StatTiles>
      {capped ? (
        <ProgressBar
          label="Campaign cap used"
          percentage={(stats.matchedAmount / stats.campaignCap) * 100}
          valueText={`${money(stats.matchedAmount)} matched of ${money(stats.campaignCap)}`}
        />
      ) : null}
    </div>
  );
}

function Matches({ items }: { items: CampaignTransaction[] }) {
  if (items.length === 0) return <p className={mutedText}>Nothing matched yet. Matches show here as your people’s donations come in.</p>;
  return (
    <Table caption="Matches" showCaption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Charity</th>
          <th scope="col" className={styles.money}>
            Given
          </th>
          <th scope="col" className={styles.money}>
            Matched
          </th>
          <th scope="col">Giving type</th>
          <th scope="col">Paid as</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.donationId}>
            <td>
              <DateText value={item.matchedAt} />
            </td>
            <td>{item.charityName || '—'}</td>
            <td className={styles.money}>{capText(item.donationAmount, item.currency)}</td>
            <td className={styles.money}>{capText(item.amount, item.currency)}</td>
            <td>{GIVING_WORDS[item.givingType]}</td>
            <td>{PAID_AS_WORDS[item.matchType]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
