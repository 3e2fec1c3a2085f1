import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { emailSchema } from '@giving/shared/contracts/accounts';
import type { Application } from '@giving/shared/contracts/volunteering';
import { SelectAllCheckbox, useSelection } from '../../../components/ui/bulk-select';
import { Button } from '../../../components/ui/button';
import { InlineForm, RowHeader } from '../../../components/ui/console-page';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { FormActions } from '../../../components/ui/panel';
import { SelectCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { QueryStates } from '../../../components/ui/query-states';
import { memberActions, useMemberAction, useTeam } from '../api/my-applications';
import { errorMessageOf } from '../../../lib/api-client';
import { RESPONSE_LABELS, feeText, moneyText } from '../volunteering-text';
import { useAppForm } from '../../../lib/use-app-form';

const teammateSchema = z.object({ email: emailSchema });

/** The leader's team: each member's answer, re-inviting those who have not said Going, and inviting more. */
export function TeamDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const team = useTeam(application.id);
  const reInvite = useMemberAction(memberActions.reInvite);
  const invite = useMemberAction(memberActions.invite);
  const askable = (team.data?.members ?? []).filter((member) => member.responseStatus !== 'Going').map((member) => member.email);
  const selection = useSelection(askable);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useAppForm<z.input<typeof teammateSchema>, unknown, z.output<typeof teammateSchema>>({ resolver: zodResolver(teammateSchema), defaultValues: { email: '' } });
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const fail = (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) });

  const sendReInvites = () => {
    const emails = selection.selected;
    setNotice(undefined);
    reInvite.mutate(
      { applicationId: application.id, emails },
      { onSuccess: () => (selection.clear(), setNotice({ tone: 'info', text: `Invitation sent again to ${emails.join(', ')}.` })), onError: fail },
    );
  };
  const addMember = handleSubmit(({ email }) => {
    setNotice(undefined);
    invite.mutate({ applicationId: application.id, members: [{ email }] }, { onSuccess: () => (reset(), setNotice({ tone: 'info', text: `${email} was invited.` })), onError: fail });
  });

  return (
    <Modal open title={`Team “${application.teamName}”`} onClose={onClose}>
      {!team.isSuccess ? (
        <QueryStates query={team} loading="Loading your team" failed="We couldn’t load your team" />
      ) : (
        <>
          <p>
            {team.data.seats} {team.data.seats === 1 ? 'place' : 'places'} held
            {team.data.fee ? ` · ${feeText(team.data.fee)}, ${moneyText(team.data.fee.due)} due` : ''}
          </p>
          {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
          <Table caption="Team members">
            <thead>
              <tr>
                <SelectCell header>{askable.length > 0 ? <SelectAllCheckbox selection={selection} label="Select everyone to invite again" /> : null}</SelectCell>
                <th scope="col">Member</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <SelectCell>{null}</SelectCell>
                <RowHeader>{`${team.data.leader.firstName} ${team.data.leader.lastName}`.trim()} (leader)</RowHeader>
                <td>
                  <Tag tone="success">Going</Tag>
                </td>
              </tr>
              {team.data.members.map((member) => (
                <tr key={member.email}>
                  <SelectCell>
                    {member.responseStatus !== 'Going' ? (
                      <input type="checkbox" aria-label={`Invite ${member.email} again`} checked={selection.isSelected(member.email)} onChange={() => selection.toggle(member.email)} />
                    ) : null}
                  </SelectCell>
                  <RowHeader>{member.email}</RowHeader>
                  <td>
                    <Tag tone={member.responseStatus === 'Going' ? 'success' : member.responseStatus === 'NotGoing' ? 'danger' : 'accent'}>{RESPONSE_LABELS[member.responseStatus]}</Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <FormActions>
            <Button variant="secondary" disabled={!selection.active} loading={reInvite.isPending} onClick={sendReInvites}>
              Invite again
            </Button>
          </FormActions>
          {application.allowedActions.includes('invite') ? (
            <InlineForm aria-label="Invite a teammate" noValidate onSubmit={(event) => void addMember(event)}>
              <TextField label="Teammate’s e-mail" type="email" error={errors.email?.message} {...register('email')} />
              <Button type="submit" variant="secondary" loading={invite.isPending}>
                Invite
              </Button>
            </InlineForm>
          ) : null}
        </>
      )}
      <FormActions>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </FormActions>
    </Modal>
  );
}
