import { useMemo, useState } from 'react';
import { APPLICATION_STATUSES, type Application, type ApplicationStatus } from '@giving/shared/contracts/volunteering';
import { BulkBar, SelectAllCheckbox, bulkSelectOnly, useSelection } from '../../../components/ui/bulk-select';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextareaField } from '../../../components/ui/field';
import { Panel, ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, SelectCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { QueryStates } from '../../../components/ui/query-states';
import { charityActions, useCharityAction, useCharityApplications } from '../api/charity-applications';
import { useCharityOpportunities } from '../api/charity-opportunities';
import { errorMessageOf } from '../../../lib/api-client';
import { useVolunteeringConsole } from '../hooks/use-console';
import { APPLICATION_STATUS_LABELS, applicationStatusTone, hoursText, applicationSessionText } from '../volunteering-text';
import { ApplicationFeedbackDialog, CompleteDialog, FormDialog } from './application-dialogs';

type Dialog = { kind: 'decline' | 'complete' | 'feedback'; application: Application };
const STATUS_OPTIONS = APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }));
const applicantName = (application: Application) => `${application.applicant.firstName} ${application.applicant.lastName}`.trim() || application.applicant.email;

/**
 * /admin/charity/:charityId/volunteer-applications — applications to the charity's roles: accept, decline, complete
 * and give the charity's feedback, one at a time or, in bulk-select mode (spec 1 §4: on while any are selected),
 * accept or decline the selected ones at once.
 */
export function VolunteerApplications() {
  const { charityId, canManage, charity, country } = useVolunteeringConsole();
  const roles = useCharityOpportunities(charityId);
  const applications = useCharityApplications(charityId);
  const [roleId, setRoleId] = useState('');
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const accept = useCharityAction(charityId, charityActions.accept);
  const decline = useCharityAction(charityId, charityActions.decline);
  const complete = useCharityAction(charityId, charityActions.complete);
  const feedback = useCharityAction(charityId, charityActions.feedback);
  const [bulkBusy, setBulkBusy] = useState(false);

  const shown = useMemo(
    () =>
      (applications.data?.items ?? [])
        .filter((application) => (!roleId || application.opportunity.id === roleId) && (!status || application.status === status))
        .sort((a, b) => a.session.startsAt.localeCompare(b.session.startsAt) || a.createdAt.localeCompare(b.createdAt)),
    [applications.data, roleId, status],
  );
  const selection = useSelection(useMemo(() => shown.map((application) => application.id), [shown]));
  const selected = shown.filter((application) => selection.isSelected(application.id));

  const run = (text: string, promise: Promise<unknown>) =>
    promise.then(
      () => setNotice({ tone: 'info', text }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  const acceptOne = (application: Application) => {
    setNotice(undefined);
    void run(`${applicantName(application)} was accepted.`, accept.mutateAsync({ charityId, application }));
  };
  /** Bulk: each selected application the move applies to, one after another; says how many were done and why others were not. */
  const bulk = async (move: 'accept' | 'decline') => {
    setNotice(undefined);
    setBulkBusy(true);
    const targets = selected.filter((application) => application.allowedActions.includes(move));
    let done = 0;
    const failures: string[] = [];
    for (const application of targets) {
      try {
        await (move === 'accept' ? accept : decline).mutateAsync({ charityId, application });
        done += 1;
      } catch (error) {
        failures.push(`${applicantName(application)}: ${errorMessageOf(error)}`);
      }
    }
    setBulkBusy(false);
    selection.clear();
    const verb = move === 'accept' ? 'accepted' : 'declined';
    const skipped = selected.length - targets.length;
    const parts = [`${done} ${done === 1 ? 'application' : 'applications'} ${verb}.`];
    if (skipped > 0) parts.push(`${skipped} could not be ${verb} in ${skipped === 1 ? 'its' : 'their'} current status.`);
    setNotice({ tone: failures.length ? 'error' : 'info', text: [...parts, ...failures].join(' ') });
  };

  let list;
  if (!roles.isSuccess) list = <QueryStates query={roles} loading="Loading applications" failed="We couldn’t load your applications" />;
  else if (!country) list = <QueryStates query={charity} loading="Loading applications" failed="We couldn’t load your applications" />;
  else if (!applications.isSuccess) list = <QueryStates query={applications} loading="Loading applications" failed="We couldn’t load your applications" />;
  else if (shown.length === 0) list = <EmptyState title="No applications" description={roleId || status ? 'No applications match these filters.' : 'Applications to your roles show here.'} />;
  else {
    list = (
      <>
        {canManage ? (
          <BulkBar
            count={selection.selected.length}
            noun={selection.selected.length === 1 ? 'application' : 'applications'}
            onClear={selection.clear}
            actions={[
              <Button key="accept" size="sm" loading={bulkBusy} onClick={() => void bulk('accept')}>
                Accept selected
              </Button>,
              <Button key="decline" size="sm" variant="secondary" disabled={bulkBusy} onClick={() => void bulk('decline')}>
                Decline selected
              </Button>,
            ]}
          />
        ) : null}
        <Table caption="Applications">
          <thead>
            <tr>
              {canManage ? (
                <SelectCell header className={bulkSelectOnly}>
                  <SelectAllCheckbox selection={selection} label="Select all applications" />
                </SelectCell>
              ) : null}
              <th scope="col">Volunteer</th>
              <th scope="col">Role and session</th>
              <th scope="col">Status</th>
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((application) => {
              const name = applicantName(application);
              const can = (action: Application['allowedActions'][number]) => canManage && application.allowedActions.includes(action);
              return (
                <tr key={application.id}>
                  {canManage ? (
                    <SelectCell className={bulkSelectOnly}>
                      <input type="checkbox" aria-label={`Select ${name}`} checked={selection.isSelected(application.id)} onChange={() => selection.toggle(application.id)} />
                    </SelectCell>
                  ) : null}
                  <RowHeader>
                    {name}
                    <div className={mutedText}>{application.applicant.email}</div>
                    <div className={mutedText}>
                      {application.applicationType === 'Team' ? `Team “${application.teamName}”, ${application.seats} places` : '1 place'}
                      {application.hours ? `, ${hoursText(application.hours.totalHours)}` : ''}
                    </div>
                  </RowHeader>
                  <td>
                    {application.opportunity.title}
                    <div className={mutedText}>{applicationSessionText(application.session, country)}</div>
                    {application.message ? <div className={mutedText}>“{application.message}”</div> : null}
                  </td>
                  <td>
                    <Tag tone={applicationStatusTone(application.status)}>{APPLICATION_STATUS_LABELS[application.status]}</Tag>
                  </td>
                  {canManage ? (
                    <ActionsCell>
                      {can('accept') ? <RowAction label="Accept" target={name} onClick={() => acceptOne(application)} /> : null}
                      {can('complete') ? <RowAction label="Complete" target={name} onClick={() => (setNotice(undefined), setDialog({ kind: 'complete', application }))} /> : null}
                      {can('charityFeedback') ? <RowAction label="Give feedback" target={name} onClick={() => (setNotice(undefined), setDialog({ kind: 'feedback', application }))} /> : null}
                      {can('decline') ? <RowAction label="Decline" target={name} onClick={() => (setNotice(undefined), setDialog({ kind: 'decline', application }))} /> : null}
                    </ActionsCell>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </>
    );
  }

  const target = dialog?.application;
  const close = () => setDialog(undefined);
  return (
    <ConsoleScreen>
      <ScreenHeader title="Volunteer Applications" description="Volunteers and teams who applied for your roles. Accept them, then mark them completed once the session is done." />
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <Panel>
        <Toolbar label="Filter applications">
          <SelectField label="Role" placeholder="All roles" value={roleId} options={(roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.title }))} onChange={(event) => setRoleId(event.target.value)} />
          <SelectField label="Status" placeholder="Any status" value={status} options={STATUS_OPTIONS} onChange={(event) => setStatus(event.target.value as ApplicationStatus | '')} />
        </Toolbar>
        {list}
      </Panel>
      {dialog?.kind === 'decline' && target ? (
        <FormDialog
          title={`Decline ${applicantName(target)}?`}
          defaultValues={{ reason: '' }}
          fields={['reason']}
          submitLabel="Decline application"
          onClose={close}
          onSubmit={(values) => decline.mutateAsync({ charityId, application: target, reason: values.reason.trim() || undefined }).then(() => setNotice({ tone: 'info', text: `${applicantName(target)} was declined.` }))}
        >
          {({ register, formState: { errors } }) => (
            <>
              <p>Their {target.seats === 1 ? 'place goes' : `${target.seats} places go`} back to the session, and we let them know.</p>
              <TextareaField label="Reason (optional, sent to the volunteer)" rows={3} maxLength={500} error={errors.reason?.message} {...register('reason')} />
            </>
          )}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'complete' && target && country ? (
        <CompleteDialog
          title="Mark as completed?"
          description={`${applicantName(target)} volunteered for ${target.opportunity.title} on ${applicationSessionText(target.session, country)}. Their hours are added to the site’s volunteered hours.`}
          needsHours={target.session.sessionTotalHours === undefined}
          onClose={close}
          onSubmit={(hoursPerPerson) => complete.mutateAsync({ charityId, application: target, hoursPerPerson }).then(() => setNotice({ tone: 'info', text: `${applicantName(target)}’s application is completed.` }))}
        />
      ) : null}
      {dialog?.kind === 'feedback' && target ? (
        <ApplicationFeedbackDialog
          applicationId={target.id}
          askedOf="Charity"
          title={`Feedback on ${applicantName(target)}`}
          onClose={close}
          onSubmit={(value) => feedback.mutateAsync({ charityId, application: target, feedback: value }).then(() => setNotice({ tone: 'info', text: `Your feedback on ${applicantName(target)} was sent.` }))}
        />
      ) : null}
    </ConsoleScreen>
  );
}
