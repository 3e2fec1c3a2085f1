import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { satisfies } from '@giving/shared/permissions';
import { buttonClassName } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { usePermissions } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharitySettings } from '../../../lib/charity-settings';
import { useConfirmOfflineDonation } from '../api/confirm-offline-donation';
import { useCharityEvents } from '../api/get-charity-events';
import { useCharityOfflineDonations } from '../api/get-charity-offline-donations';
import { useCharityPages } from '../api/get-charity-pages';
import { useToggleCharityEvent } from '../api/toggle-charity-event';
import { useToggleCharityPage } from '../api/toggle-charity-page';
import { amountText, fundraisingPaths } from '../fundraising-text';
import { FundraisingTable, type ConsoleRow } from './console-table';

/**
 * /admin/charity/:charityId/fundraising (spec 1 §2; its menu link also goes to /fundraising/create): the charity's
 * events and pages with their totals and status, taking them on- or offline, and the offline gifts its fundraisers
 * entered, waiting to be confirmed (they count once confirmed).
 */
export function CharityFundraising() {
  const { charityId = '' } = useParams();
  const permissions = usePermissions({ charityId });
  const canManage = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['Charity_FundraisingManage'] });
  const country = useCharitySettings(charityId).data?.profile.country;
  const events = useCharityEvents(charityId);
  const pages = useCharityPages(charityId);
  const pending = useCharityOfflineDonations(charityId, 'Pending');
  const toggleEvent = useToggleCharityEvent(charityId);
  const togglePage = useToggleCharityPage(charityId);
  const confirm = useConfirmOfflineDonation(charityId);
  const [notice, setNotice] = useState<Notice>();

  const act = (promise: Promise<unknown>, text: string) => {
    setNotice(undefined);
    promise.then(
      () => setNotice({ tone: 'info', text }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };
  const toggle = (row: ConsoleRow) => {
    const isOnline = !row.item.isOnline;
    const text = `“${row.item.title}” is now ${isOnline ? 'online' : 'offline'}.`;
    act(row.type === 'event' ? toggleEvent.mutateAsync({ eventId: row.item.id, isOnline }) : togglePage.mutateAsync({ pageId: row.item.id, isOnline }), text);
  };

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Fundraising"
        description="Events and pages supporters run for you. Take one offline to stop its donations; confirm gifts they received offline."
        actions={
          country ? (
            <Link to={fundraisingPaths.create(country, { charityId })} className={buttonClassName()}>
              Create a fundraising event
            </Link>
          ) : null
        }
      />
      <NoticeMessage notice={notice} />
      <Panel title="Offline gifts to confirm">
        {!pending.isSuccess ? (
          <QueryStates query={pending} loading="Loading offline gifts" failed="We couldn’t load the offline gifts" />
        ) : pending.data.items.length === 0 ? (
          <EmptyState title="Nothing to confirm" description="Gifts your fundraisers receive offline wait here for you." />
        ) : (
          <Table caption="Offline gifts to confirm">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Amount</th>
                <th scope="col">Received</th>
                <th scope="col">Entered by</th>
                {canManage ? <ActionsHeader /> : null}
              </tr>
            </thead>
            <tbody>
              {pending.data.items.map((gift) => (
                <tr key={gift.id}>
                  <RowHeader>
                    {gift.pageTitle}
                    {gift.donorName || gift.note ? <div className={mutedText}>{[gift.donorName, gift.note].filter(Boolean).join(' · ')}</div> : null}
                  </RowHeader>
                  <td>{amountText(gift.amount, gift.currency)}</td>
                  <td>
                    <CalendarDayText date={gift.receivedOn.slice(0, 10)} />
                  </td>
                  <td>{gift.enteredBy.name}</td>
                  {canManage ? (
                    <ActionsCell>
                      <RowAction
                        label="Confirm"
                        target={`${amountText(gift.amount, gift.currency)} for ${gift.pageTitle}`}
                        onClick={() => act(confirm.mutateAsync(gift.id), `${amountText(gift.amount, gift.currency)} for “${gift.pageTitle}” is confirmed and counts.`)}
                      />
                    </ActionsCell>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
      <Panel title="Events">
        {!events.isSuccess ? (
          <QueryStates query={events} loading="Loading events" failed="We couldn’t load the events" />
        ) : events.data.items.length === 0 ? (
          <EmptyState title="No fundraising events yet" />
        ) : (
          <FundraisingTable caption="Events" rows={events.data.items.map((item) => ({ type: 'event', item }))} onToggle={canManage ? toggle : undefined} />
        )}
      </Panel>
      <Panel title="Pages">
        {!pages.isSuccess ? (
          <QueryStates query={pages} loading="Loading pages" failed="We couldn’t load the pages" />
        ) : pages.data.items.length === 0 ? (
          <EmptyState title="No fundraising pages yet" />
        ) : (
          <FundraisingTable caption="Pages" rows={pages.data.items.map((item) => ({ type: 'page', item }))} onToggle={canManage ? toggle : undefined} />
        )}
      </Panel>
    </ConsoleScreen>
  );
}
