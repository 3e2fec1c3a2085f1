import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { Application, MyApplications as MyApplicationsData } from '@giving/shared/contracts/volunteering';
import { buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { QueryStates } from '../../../components/ui/query-states';
import { useCountry } from '../../../lib/country';
import { memberActions, useMemberAction, useMyApplications } from '../api/my-applications';
import { errorMessageOf } from '../../../lib/api-client';
import { APPLICATION_STATUS_LABELS, RESPONSE_LABELS, applicationStatusTone, hoursText, moneyText, applicationSessionText, volunteeringPaths } from '../volunteering-text';
import { ApplicationFeedbackDialog, CompleteDialog, FormDialog } from './application-dialogs';
import { TeamDialog } from './team-dialog';

type Dialog = { kind: 'edit' | 'contact' | 'complete' | 'feedback' | 'team' | 'cancel' | 'delete'; application: Application };

export const MY_APPLICATIONS_TITLE = 'My volunteering';

/**
 * /admin/user/volunteering/application — the member's applications (status, session, team) with what they may do
 * now (cancel, edit, contact the charity, complete, give feedback, manage their team), and the team invitations
 * addressed to them to answer Going or Not going.
 */
export function MyApplications() {
  const applications = useMyApplications();
  return (
    <ConsoleScreen>
      <ScreenHeader title={MY_APPLICATIONS_TITLE} description="The roles you applied for, your teams, and the invitations to answer." />
      {!applications.isSuccess ? (
        <QueryStates query={applications} loading="Loading your volunteering" failed="We couldn’t load your volunteering" />
      ) : (
        <>
          {applications.data.invitations.length > 0 ? <Invitations invitations={applications.data.invitations} /> : null}
          <Applications data={applications.data} />
        </>
      )}
    </ConsoleScreen>
  );
}

function Invitations({ invitations }: { invitations: MyApplicationsData['invitations'] }) {
  const respond = useMemberAction(memberActions.respond);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const answer = (application: Application, responseStatus: 'Going' | 'NotGoing') => {
    setNotice(undefined);
    respond.mutate(
      { applicationId: application.id, responseStatus },
      {
        onSuccess: () => setNotice({ tone: 'info', text: responseStatus === 'Going' ? `You’re going with “${application.teamName}”.` : `You told “${application.teamName}” you’re not going.` }),
        onError: (error) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
      },
    );
  };
  return (
    <Panel title="Team invitations" description="Teams you were invited to. Each answer of Going keeps a place for you.">
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <Table caption="Team invitations">
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col">Role</th>
            <th scope="col">Session</th>
            <th scope="col">Invited by</th>
            <th scope="col">Your answer</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map(({ application, myResponse }) => (
            <tr key={application.id}>
              <RowHeader>{application.teamName}</RowHeader>
              <td>
                {application.opportunity.title}
                <div className={mutedText}>{application.charity.name}</div>
              </td>
              <td>{applicationSessionText(application.session, application.country)}</td>
              <td>{`${application.applicant.firstName} ${application.applicant.lastName}`.trim()}</td>
              <td>
                <Tag tone={myResponse === 'Going' ? 'success' : myResponse === 'NotGoing' ? 'danger' : 'accent'}>{RESPONSE_LABELS[myResponse]}</Tag>
              </td>
              <ActionsCell>
                {myResponse !== 'Going' ? <RowAction label="Going" target={`with ${application.teamName}`} onClick={() => answer(application, 'Going')} /> : null}
                {myResponse !== 'NotGoing' ? <RowAction label="Not going" target={`with ${application.teamName}`} onClick={() => answer(application, 'NotGoing')} /> : null}
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}

function Applications({ data }: { data: MyApplicationsData }) {
  const country = useCountry().code;
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string>();
  const close = () => setDialog(undefined);
  const done = (text: string) => () => setNotice(text);
  const cancel = useMemberAction(memberActions.cancel);
  const remove = useMemberAction(memberActions.remove);
  const edit = useMemberAction(memberActions.edit);
  const contact = useMemberAction(memberActions.contact);
  const complete = useMemberAction(memberActions.complete);
  const feedback = useMemberAction(memberActions.feedback);
  const open = (kind: Dialog['kind'], application: Application) => {
    setNotice(undefined);
    cancel.reset();
    remove.reset();
    setDialog({ kind, application });
  };

  if (data.applications.length === 0) {
    return (
      <Panel title="Applications">
        <EmptyState
          title="No applications yet"
          description="Find a role you’d like to do, on your own or with your team."
          action={
            <Link to={volunteeringPaths.list(country)} className={buttonClassName({ variant: 'secondary' })}>
              Browse Roles
            </Link>
          }
        />
      </Panel>
    );
  }
  const feedbackDue = data.feedbackDue.length;
  const target = dialog?.application;
  // Cancel and delete ask first.
  const confirm =
    target && dialog?.kind === 'cancel'
      ? {
          title: 'Cancel this application?',
          confirmLabel: 'Cancel application',
          message: `Your ${target.seats === 1 ? 'place' : `${target.seats} places`} for ${target.opportunity.title} will go back to the charity.`,
          mutation: cancel,
          doneText: 'Your application was cancelled.',
        }
      : target && dialog?.kind === 'delete'
        ? { title: 'Delete this application?', confirmLabel: 'Delete application', message: `${target.opportunity.title} will no longer be listed here.`, mutation: remove, doneText: 'Your application was deleted.' }
        : undefined;
  return (
    <Panel title="Applications">
      {feedbackDue > 0 ? (
        <FormMessage tone="info">{feedbackDue === 1 ? 'One completed role is waiting for your feedback.' : `${feedbackDue} completed roles are waiting for your feedback.`}</FormMessage>
      ) : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      <Table caption="Applications">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.applications.map((application) => {
            const name = application.opportunity.title;
            const can = (action: Application['allowedActions'][number]) => application.allowedActions.includes(action);
            return (
              <tr key={application.id}>
                <RowHeader>
                  <Link to={volunteeringPaths.role(application.country, application.charity.charityUrl, application.opportunity.opportunityUrl)}>{name}</Link>
                  <div className={mutedText}>{application.charity.name}</div>
                  <div className={mutedText}>
                    {application.applicationType === 'Team' ? `Team “${application.teamName}” (${application.seats})` : 'Individual'}
                    {application.fee ? `, fee due ${moneyText(application.fee.due)}` : ''}
                  </div>
                </RowHeader>
                <td>
                  {applicationSessionText(application.session, application.country)}
                  {application.hours ? <div className={mutedText}>{hoursText(application.hours.totalHours)} volunteered</div> : null}
                </td>
                <td>
                  <Tag tone={applicationStatusTone(application.status)}>{APPLICATION_STATUS_LABELS[application.status]}</Tag>
                </td>
                <ActionsCell>
                  {can('volunteerFeedback') ? <RowAction label="Give feedback" target={name} onClick={() => open('feedback', application)} /> : null}
                  {can('complete') ? <RowAction label="Complete" target={name} onClick={() => open('complete', application)} /> : null}
                  {application.applicationType === 'Team' && can('edit') ? <RowAction label="Team" target={name} onClick={() => open('team', application)} /> : null}
                  {can('edit') ? <RowAction label="Edit" target={name} onClick={() => open('edit', application)} /> : null}
                  {can('contact') ? <RowAction label="Contact charity" target={name} onClick={() => open('contact', application)} /> : null}
                  {can('cancel') ? <RowAction label="Cancel" target={name} onClick={() => open('cancel', application)} /> : null}
                  {can('delete') ? <RowAction label="Delete" target={name} onClick={() => open('delete', application)} /> : null}
                </ActionsCell>
              </tr>
            );
          })}
        </tbody>
      </Table>

      {dialog?.kind === 'edit' && target ? (
        <FormDialog
          title="Edit application"
          defaultValues={{ teamName: target.teamName ?? '', message: target.message ?? '' }}
          fields={['teamName', 'message']}
          submitLabel="Save changes"
          onClose={close}
          onSubmit={(values) =>
            edit.mutateAsync({ applicationId: target.id, team: target.applicationType === 'Team', teamName: values.teamName.trim(), message: values.message.trim() || undefined }).then(done('Your application was saved.'))
          }
        >
          {({ register, formState: { errors } }) => (
            <>
              {target.applicationType === 'Team' ? <TextField label="Team name" error={errors.teamName?.message} {...register('teamName', { required: MESSAGES.requiredField })} /> : null}
              <TextareaField label="Message to the charity" rows={3} maxLength={1000} error={errors.message?.message} {...register('message')} />
            </>
          )}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'contact' && target ? (
        <FormDialog
          title={`Contact ${target.charity.name}`}
          defaultValues={{ message: '' }}
          fields={['message']}
          submitLabel="Send message"
          onClose={close}
          onSubmit={(values) => contact.mutateAsync({ applicationId: target.id, message: values.message.trim() }).then(done(`Your message was sent to ${target.charity.name}.`))}
        >
          {({ register, formState: { errors } }) => (
            <TextareaField label="Message" rows={4} maxLength={2000} error={errors.message?.message} {...register('message', { validate: (text) => (text.trim() ? true : MESSAGES.requiredField) })} />
          )}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'complete' && target ? (
        <CompleteDialog
          title="Mark as completed?"
          description={`Confirm you volunteered for ${target.opportunity.title} on ${applicationSessionText(target.session, target.country)}. Your hours are added to your volunteering record.`}
          needsHours={target.session.sessionTotalHours === undefined}
          onClose={close}
          onSubmit={(hoursPerPerson) => complete.mutateAsync({ applicationId: target.id, hoursPerPerson }).then(done('Marked as completed. Thank you for volunteering!'))}
        />
      ) : null}
      {dialog?.kind === 'feedback' && target ? (
        <ApplicationFeedbackDialog
          applicationId={target.id}
          askedOf="Volunteer"
          title={`Feedback on ${target.opportunity.title}`}
          onClose={close}
          onSubmit={(value) => feedback.mutateAsync({ applicationId: target.id, feedback: value }).then(done('Thank you for your feedback.'))}
        />
      ) : null}
      {dialog?.kind === 'team' && target ? <TeamDialog application={target} onClose={close} /> : null}
      {confirm && target ? (
        <ConfirmDialog
          open
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          cancelLabel="Keep it"
          busy={confirm.mutation.isPending}
          error={confirm.mutation.isError ? errorMessageOf(confirm.mutation.error) : undefined}
          onCancel={close}
          onConfirm={() => confirm.mutation.mutate({ applicationId: target.id }, { onSuccess: () => (close(), setNotice(confirm.doneText)) })}
        >
          {confirm.message}
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
