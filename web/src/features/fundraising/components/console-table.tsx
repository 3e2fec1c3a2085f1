import { Link } from 'react-router-dom';
import type { EventSummary, PageSummary } from '@giving/shared/contracts/fundraising';
import { buttonClassName } from '../../../components/ui/button';
import { RowHeader, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText } from '../../../components/ui/date-text';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { STATUS_LABELS, amountText, donationsCountText, fundraisingPaths, pagePath } from '../fundraising-text';

export type ConsoleItem = { type: 'event'; item: EventSummary } | { type: 'page'; item: PageSummary };
export type ConsoleRow = ConsoleItem & {
  role?: string;
  /** Where its managers' tools are (its own page at #manage): adds 'Manage'. */
  manageTo?: string;
};

export const linkOf = (row: ConsoleItem) =>
  row.type === 'event' ? fundraisingPaths.event(row.item.country, row.item.eventUrl) : pagePath(row.item.country, { eventUrl: row.item.eventUrl, pageUrl: row.item.pageUrl });

/**
 * The consoles' events and pages: title (linking to it), charity and owner, raised of the target with the percentage,
 * donations, end, status and whether it is online; `onToggle` adds 'Take offline' / 'Put online', a row's `manageTo`
 * a 'Manage' link.
 */
export function FundraisingTable({ caption, rows, showRole = false, onToggle }: { caption: string; rows: readonly ConsoleRow[]; showRole?: boolean; onToggle?: (row: ConsoleRow) => void }) {
  const actions = onToggle !== undefined || rows.some((row) => row.manageTo !== undefined);
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          {showRole ? <th scope="col">Your role</th> : null}
          <th scope="col">Raised</th>
          <th scope="col">Donations</th>
          <th scope="col">Ends</th>
          <th scope="col">Status</th>
          {actions ? <ActionsHeader /> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.type}-${row.item.id}`}>
            <RowHeader>
              <Link to={linkOf(row)}>{row.item.title}</Link>
              <div className={mutedText}>
                {row.item.charity.name} · {row.item.owner.name}
              </div>
            </RowHeader>
            {showRole ? <td>{row.role}</td> : null}
            <td>
              {amountText(row.item.donatedAmount, row.item.currency)}
              {row.item.targetAmount > 0 ? ` of ${amountText(row.item.targetAmount, row.item.currency)}` : ''} ({row.item.raisedPercentage}%)
            </td>
            <td>{donationsCountText(row.item.donationsCount)}</td>
            <td>
              <CalendarDayText date={row.item.endDate.slice(0, 10)} country={row.item.country} />
            </td>
            <td>
              <Tag tone={row.item.status === 'Open' ? 'success' : 'danger'}>{STATUS_LABELS[row.item.status]}</Tag> {row.item.isOnline ? 'Online' : 'Offline'}
            </td>
            {actions ? (
              <ActionsCell>
                {row.manageTo !== undefined ? (
                  <Link to={row.manageTo} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
                    Manage<span className="visually-hidden"> {row.item.title}</span>
                  </Link>
                ) : null}
                {onToggle ? <RowAction label={row.item.isOnline ? 'Take offline' : 'Put online'} target={row.item.title} onClick={() => onToggle(row)} /> : null}
              </ActionsCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
