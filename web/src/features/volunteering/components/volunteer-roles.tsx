import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OpportunityCard } from '@giving/shared/contracts/volunteering';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { QueryStates } from '../../../components/ui/query-states';
import { opportunityCalls, useCharityOpportunities, useOpportunityChange, useOpportunityEdit } from '../api/charity-opportunities';
import { errorMessageOf } from '../../../lib/api-client';
import { useVolunteeringConsole } from '../hooks/use-console';
import { dayText, volunteeringPaths } from '../volunteering-text';
import { OpportunityForm } from './opportunity-form';

const CONTENT_TONES = { Live: 'success', Proposed: 'accent', Denied: 'danger' } as const;

/**
 * /admin/charity/:charityId/volunteer-roles — the charity's volunteering roles: add (from a template, with specific
 * dates or a recurring schedule), edit, delete, and take online or offline. New roles wait for the back office's
 * approval (Proposed) before they are listed.
 */
export function VolunteerRoles() {
  const { charityId, canManage, charity, country } = useVolunteeringConsole();
  const roles = useCharityOpportunities(charityId);
  const [editing, setEditing] = useState<'new' | OpportunityCard>();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [deleting, setDeleting] = useState<OpportunityCard>();
  const remove = useOpportunityChange(charityId, opportunityCalls.remove);
  const setOnline = useOpportunityChange(charityId, opportunityCalls.setOnline);
  const edit = useOpportunityEdit(charityId, editing && editing !== 'new' ? editing.id : undefined);

  const toggle = (role: OpportunityCard) => {
    setNotice(undefined);
    setOnline.mutate(
      { opportunityId: role.id, isOnline: !role.isOnline },
      {
        onSuccess: () => setNotice({ tone: 'info', text: `“${role.title}” is now ${role.isOnline ? 'offline' : 'online'}.` }),
        onError: (error) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
      },
    );
  };
  const finish = (saved?: { title: string }) => {
    setEditing(undefined);
    if (saved) setNotice({ tone: 'info', text: editing === 'new' ? `“${saved.title}” was added. It is listed once the back office approves it.` : `“${saved.title}” was saved.` });
  };

  // The form's days and times are the charity's country's, so it waits for the charity's settings too.
  let form = null;
  if (editing === 'new') {
    form = country ? <OpportunityForm charityId={charityId} country={country} onDone={finish} /> : <QueryStates query={charity} loading="Loading the form" failed="We couldn’t load the form" />;
  } else if (editing) {
    form =
      edit.isSuccess && country ? (
        <OpportunityForm key={edit.data.id} charityId={charityId} country={country} opportunity={edit.data} onDone={finish} />
      ) : (
        <QueryStates query={edit.isSuccess ? charity : edit} loading="Loading the role" failed="We couldn’t load the role" />
      );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Volunteer Roles"
        description="Roles your charity offers volunteers, with their sessions. New roles are listed once approved."
        actions={
          canManage && !editing ? (
            <Button onClick={() => (setNotice(undefined), setEditing('new'))}>Add role</Button>
          ) : undefined
        }
      />
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      {form}
      <Panel title="Roles">
        {!roles.isSuccess ? (
          <QueryStates query={roles} loading="Loading your roles" failed="We couldn’t load your roles" />
        ) : roles.data.items.length === 0 ? (
          <EmptyState title="No volunteering roles yet" description="Add a role to find volunteers for your charity." />
        ) : (
          <Table caption="Volunteer roles">
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col">Schedule</th>
                <th scope="col">Status</th>
                {canManage ? <ActionsHeader /> : null}
              </tr>
            </thead>
            <tbody>
              {roles.data.items.map((role) => (
                <tr key={role.id}>
                  <RowHeader>
                    <Link to={volunteeringPaths.role(role.country, role.charity.charityUrl, role.opportunityUrl)}>{role.title}</Link>
                    <div className={mutedText}>{role.locationLabel}</div>
                  </RowHeader>
                  <td>
                    {role.scheduleLabel} ({role.sessionCount})
                    <div className={mutedText}>Next: {role.nextSessionStartsAt ? dayText(role.nextSessionStartsAt, role.country) : 'none'}</div>
                  </td>
                  <td>
                    <Tag tone={CONTENT_TONES[role.contentStatus]}>{role.contentStatus}</Tag>
                    <div className={mutedText}>{role.isOnline ? 'Online' : 'Offline'}</div>
                    {role.deniedReason ? <div className={mutedText}>Not approved: {role.deniedReason} Edit the role to send it again.</div> : null}
                  </td>
                  {canManage ? (
                    <ActionsCell>
                      <RowAction label="Edit" target={role.title} onClick={() => (setNotice(undefined), setEditing(role))} />
                      <RowAction label={role.isOnline ? 'Take offline' : 'Put online'} target={role.title} onClick={() => toggle(role)} />
                      <RowAction label="Delete" target={role.title} onClick={() => (remove.reset(), setDeleting(role))} />
                    </ActionsCell>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this role?"
        confirmLabel="Delete role"
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate({ opportunityId: deleting.id }, { onSuccess: () => (setNotice({ tone: 'info', text: `“${deleting.title}” was deleted.` }), setDeleting(undefined)) })
        }
      >
        {deleting ? `“${deleting.title}” and its sessions will be removed. Roles with active applications cannot be deleted.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
