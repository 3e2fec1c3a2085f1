import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { QueryScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { DEFAULT_COUNTRY } from '../../../lib/country';
import type { FundraisingRole, Invitation } from '@giving/shared/contracts/fundraising';
import { useAnswerInvitation } from '../api/answer-invitation';
import { managesRole } from '../api/get-my-role';
import { useMyFundraising } from '../api/get-my-fundraising';
import { MANAGE_ANCHOR, ROLE_LABELS, fundraisingPaths, pagePath } from '../fundraising-text';
import { FundraisingTable, linkOf, type ConsoleItem, type ConsoleRow } from './console-table';

/** Where an invitation leads: the page (a single-page event's shows at its event's address) or the event. */
const targetPath = ({ target }: Invitation) =>
  target.kind === 'page' && target.pageUrl ? pagePath(target.country, { eventUrl: target.eventUrl, pageUrl: target.pageUrl }) : fundraisingPaths.event(target.country, target.eventUrl);

/** A row of mine, with 'Manage' (its page at its tools) when my role manages it. */
const rowOf = (row: ConsoleItem, role: FundraisingRole): ConsoleRow => ({
  ...row,
  role: ROLE_LABELS[role],
  ...(managesRole(role) ? { manageTo: `${linkOf(row)}#${MANAGE_ANCHOR}` } : {}),
});

/**
 * /admin/user/fundraising (spec 1 §2): the member's pages and events (any role) with their totals and links, 'Manage'
 * on those they manage (their own page, at its tools), and the invitations to join others' pages and events: Accept
 * takes them to what they joined (an Admin to its tools), Decline says so here.
 */
export function MyFundraising() {
  const mine = useMyFundraising();
  const answer = useAnswerInvitation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice>();
  // mutateAsync, not mutate's callbacks: those are skipped when the list re-renders into a new observer meanwhile
  // (the answer's own refetch), and then Accept answered but never took the member to what they joined.
  const accept = (invitation: Invitation) => {
    setNotice(undefined);
    answer.mutateAsync({ invitationId: invitation.id, answer: 'Accept' }).then(
      () => void navigate(`${targetPath(invitation)}${managesRole(invitation.role) ? `#${MANAGE_ANCHOR}` : ''}`),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };
  const decline = (invitation: Invitation) => {
    setNotice(undefined);
    answer.mutateAsync({ invitationId: invitation.id, answer: 'Decline' }).then(
      () => setNotice({ tone: 'info', text: `You declined the invitation to “${invitation.target.title}”.` }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };
  const start = (
    <Link to={fundraisingPaths.create(DEFAULT_COUNTRY)} className={buttonClassName()}>
      Start fundraising
    </Link>
  );
  return (
    <QueryScreen
      header={<ScreenHeader title="Fundraising" description="Your fundraising pages and events, and invitations to join others’." actions={start} />}
      query={mine}
      loading="Loading your fundraising"
      failed="We couldn’t load your fundraising"
    >
      {(data) => (
        <>
          <NoticeMessage notice={notice} />
          {data.invitations.length > 0 ? (
            <Panel title="Invitations">
              <Table caption="Invitations">
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">As</th>
                    <th scope="col">From</th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {data.invitations.map((invitation) => {
                    const { target } = invitation;
                    return (
                      <tr key={invitation.id}>
                        <RowHeader>
                          <Link to={targetPath(invitation)}>{target.title}</Link>
                          <div className={mutedText}>{target.kind === 'page' ? 'A fundraising page' : 'A fundraising event'}</div>
                        </RowHeader>
                        <td>{ROLE_LABELS[invitation.role]}</td>
                        <td>
                          {invitation.invitedBy.name}, <DateText value={invitation.lastSentOn} country={target.country} />
                        </td>
                        <ActionsCell>
                          <RowAction label="Accept" target={`the invitation to ${target.title}`} onClick={() => accept(invitation)} />
                          <RowAction label="Decline" target={`the invitation to ${target.title}`} onClick={() => decline(invitation)} />
                        </ActionsCell>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </Panel>
          ) : null}
          <Panel title="My pages">
            {data.pages.length === 0 ? (
              <EmptyState title="You have no fundraising pages yet" description="Start one for a charity you care about." />
            ) : (
              <FundraisingTable caption="My pages" showRole rows={data.pages.map(({ role, ...item }) => rowOf({ type: 'page', item }, role))} />
            )}
          </Panel>
          {data.events.length > 0 ? (
            <Panel title="My events">
              <FundraisingTable caption="My events" showRole rows={data.events.map(({ role, ...item }) => rowOf({ type: 'event', item }, role))} />
            </Panel>
          ) : null}
        </>
      )}
    </QueryScreen>
  );
}
