import { useState } from 'react';
import { Link } from 'react-router-dom';
import { satisfies } from '@giving/shared/permissions';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { ContentStatus, OpportunityCard } from '@giving/shared/contracts/volunteering';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tabs } from '../../../components/ui/tabs';
import { backOfficeCalls, useBackOfficeChange, useBackOfficeOpportunities } from '../api/back-office';
import { usePermissions } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import { dayText, volunteeringPaths } from '../volunteering-text';
import { FormDialog } from './application-dialogs';
import { OperationsPanel } from './operations-panel';

const TAB_LABELS: Record<ContentStatus, string> = { Proposed: 'Waiting for approval', Live: 'Live', Denied: 'Denied' };
const TABS = (['Proposed', 'Live', 'Denied'] as const).map((value) => ({ value, label: TAB_LABELS[value] }));

type Dialog = { kind: 'deny' | 'edit'; role: OpportunityCard };

/**
 * /admin/backoffice/volunteer-roles — every charity's volunteering roles by content status: approve Proposed ones
 * (Live), deny with a reason, edit their content, and take any role online or offline.
 */
export function BackOfficeVolunteerRoles() {
  const [status, setStatus] = useState<ContentStatus>('Proposed');
  const [q, setQ] = useState('');
  const roles = useBackOfficeOpportunities(status, q);
  const update = useBackOfficeChange(backOfficeCalls.update);
  const setOnline = useBackOfficeChange(backOfficeCalls.setOnline);
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const items = roles.data?.pages.flatMap((page) => page.items) ?? [];
  const permissions = usePermissions();
  const canOperate = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['BackOffice_ManageVacancies'] });

  const act = (text: string, promise: Promise<unknown>) => {
    setNotice(undefined);
    promise.then(
      () => setNotice({ tone: 'info', text }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };

  let list;
  if (!roles.data) list = <QueryStates query={roles} loading="Loading roles" failed="We couldn’t load the roles" />;
  else if (items.length === 0) list = <EmptyState title={status === 'Proposed' ? 'Nothing waiting for approval' : `No ${TAB_LABELS[status].toLowerCase()} roles`} description={q ? 'No roles match this search.' : undefined} />;
  else {
    list = (
      <>
        <Table caption={`${TAB_LABELS[status]} roles`}>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Schedule</th>
              <th scope="col">Next session</th>
              <th scope="col">Online</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((role) => (
              <tr key={role.id}>
                <RowHeader>
                  {status === 'Live' ? <Link to={volunteeringPaths.role(role.country, role.charity.charityUrl, role.opportunityUrl)}>{role.title}</Link> : role.title}
                  <div className={mutedText}>{role.charity.name}</div>
                </RowHeader>
                <td>{role.scheduleLabel}</td>
                <td>{role.nextSessionStartsAt ? dayText(role.nextSessionStartsAt, role.country) : 'None'}</td>
                <td>{role.isOnline ? 'Online' : 'Offline'}</td>
                <ActionsCell>
                  {role.contentStatus !== 'Live' ? (
                    <RowAction label="Approve" target={role.title} onClick={() => act(`“${role.title}” is approved and live.`, update.mutateAsync({ opportunityId: role.id, change: { contentStatus: 'Live' } }))} />
                  ) : null}
                  {role.contentStatus !== 'Denied' ? <RowAction label="Deny" target={role.title} onClick={() => (setNotice(undefined), setDialog({ kind: 'deny', role }))} /> : null}
                  <RowAction label="Edit" target={role.title} onClick={() => (setNotice(undefined), setDialog({ kind: 'edit', role }))} />
                  <RowAction
                    label={role.isOnline ? 'Take offline' : 'Put online'}
                    target={role.title}
                    onClick={() => act(`“${role.title}” is now ${role.isOnline ? 'offline' : 'online'}.`, setOnline.mutateAsync({ opportunityId: role.id, isOnline: !role.isOnline }))}
                  />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={roles} noun="roles" />
      </>
    );
  }

  const target = dialog?.role;
  const close = () => setDialog(undefined);
  return (
    <ConsoleScreen>
      <ScreenHeader title="Volunteer Roles" description="Charities’ volunteering roles. New and changed roles wait here for approval before they are listed." />
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <Panel>
        <SearchBox label="Search roles" placeholder="Role or charity" initialValue={q} onSearch={setQ} />
        <Tabs label="Content status" items={TABS} value={status} onChange={(next) => (setNotice(undefined), setStatus(next))}>
          {list}
        </Tabs>
      </Panel>
      {canOperate ? <OperationsPanel /> : null}
      {dialog?.kind === 'deny' && target ? (
        <FormDialog
          title={`Deny “${target.title}”?`}
          defaultValues={{ deniedReason: '' }}
          fields={['deniedReason']}
          submitLabel="Deny role"
          onClose={close}
          onSubmit={(values) =>
            update.mutateAsync({ opportunityId: target.id, change: { contentStatus: 'Denied', ...(values.deniedReason.trim() ? { deniedReason: values.deniedReason.trim() } : {}) } }).then(() =>
              setNotice({ tone: 'info', text: `“${target.title}” was denied.` }),
            )
          }
        >
          {({ register, formState: { errors } }) => (
            <>
              <p>It will not be listed. {target.charity.name} sees the reason and can change the role.</p>
              <TextareaField label="Reason for the charity" rows={3} maxLength={500} error={errors.deniedReason?.message} {...register('deniedReason')} />
            </>
          )}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'edit' && target ? (
        <FormDialog
          title={`Edit “${target.title}”`}
          defaultValues={{ title: target.title, description: target.description, imageUrl: target.imageUrl }}
          fields={['title', 'description', 'imageUrl']}
          submitLabel="Save changes"
          onClose={close}
          onSubmit={(values) =>
            update.mutateAsync({ opportunityId: target.id, change: { title: values.title, description: values.description, imageUrl: values.imageUrl.trim() } }).then(() =>
              setNotice({ tone: 'info', text: `“${values.title.trim()}” was saved.` }),
            )
          }
        >
          {({ register, formState: { errors } }) => (
            <>
              <TextField label="Title" error={errors.title?.message} {...register('title', { validate: (text) => (text.trim() ? true : MESSAGES.requiredField) })} />
              <TextareaField label="Description" rows={5} error={errors.description?.message} {...register('description', { validate: (text) => (text.trim() ? true : MESSAGES.requiredField) })} />
              <TextField label="Image address" error={errors.imageUrl?.message} {...register('imageUrl')} />
            </>
          )}
        </FormDialog>
      ) : null}
    </ConsoleScreen>
  );
}
