import { useState } from 'react';
import { Link } from 'react-router-dom';
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
import { useAnswerInvitation, type InvitationAnswer } from '../api/answer-invitation';
import { useMyFundraising } from '../api/get-my-fundraising';
import { ROLE_LABELS, fundraisingPaths, pagePath } from '../fundraising-text';
import { FundraisingTable } from './console-table';

/**
 * /admin/user/fundraising (spec 1 §2): the member's pages and events (any role) with their totals and links, and the
 * invitations to join others' pages and events, to accept or decline.
 */
export function MyFundraising() {
  const mine = useMyFundraising();
  const answer = useAnswerInvitation();
  const [notice, setNotice] = useState<Notice>();
  const reply = (invitationId: string, title: string, choice: InvitationAnswer) => {
    setNotice(undefined);
    answer.mutate(
      { invitationId, answer: choice },
      {
        onSuccess: () => setNotice({ tone: 'info', text: choice === 'Accept' ? `You joined “${title}”.` : `You declined the invitation to “${title}”.` }),
        onError: (error) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
      },
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
                    const to = target.kind === 'page' && target.pageUrl ? pagePath(target.country, { eventUrl: target.eventUrl, pageUrl: target.pageUrl }) : fundraisingPaths.event(target.country, target.eventUrl);
                    return (
                      <tr key={invitation.id}>
                        <RowHeader>
                          <Link to={to}>{target.title}</Link>
                          <div className={mutedText}>{target.kind === 'page' ? 'A fundraising page' : 'A fundraising event'}</div>
                        </RowHeader>
                        <td>{ROLE_LABELS[invitation.role]}</td>
                        <td>
                          {invitation.invitedBy.name}, <DateText value={invitation.lastSentOn} country={target.country} />
                        </td>
                        <ActionsCell>
                          <RowAction label="Accept" target={`the invitation to ${target.title}`} onClick={() => reply(invitation.id, target.title, 'Accept')} />
                          <RowAction label="Decline" target={`the invitation to ${target.title}`} onClick={() => reply(invitation.id, target.title, 'Decline')} />
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
              <FundraisingTable caption="My pages" showRole rows={data.pages.map(({ role, ...item }) => ({ type: 'page', item, role: ROLE_LABELS[role] }))} />
            )}
          </Panel>
          {data.events.length > 0 ? (
            <Panel title="My events">
              <FundraisingTable caption="My events" showRole rows={data.events.map(({ role, ...item }) => ({ type: 'event', item, role: ROLE_LABELS[role] }))} />
            </Panel>
          ) : null}
        </>
      )}
    </QueryScreen>
  );
}
