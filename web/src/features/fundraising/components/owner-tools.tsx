import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FUNDRAISING_ROLES, INVITABLE_ROLES, inviteSchema, offlineDonationInputSchema, type FundraisingRole, type Page } from '@giving/shared/contracts/fundraising';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { CountryCode } from '@giving/shared/countries';
import { parseDollars } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CalendarDayText, DateText } from '../../../components/ui/date-text';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { useEnterOfflineDonation } from '../api/enter-offline-donation';
import { usePageInvitations } from '../api/get-page-invitations';
import { usePageMembers } from '../api/get-page-members';
import { usePageOfflineDonations } from '../api/get-page-offline-donations';
import { useInvitePageMembers } from '../api/invite-page-members';
import { useRemovePageMember } from '../api/remove-page-member';
import { useResendPageInvitation } from '../api/resend-page-invitation';
import { useTogglePageOnline } from '../api/toggle-page-online';
import { useUpdatePage } from '../api/update-page';
import { useUpdatePageMember } from '../api/update-page-member';
import { useWithdrawPageInvitation } from '../api/withdraw-page-invitation';
import { contentFieldOf, contentOf, dayFromToday, parseContent, type ContentValues } from '../content-values';
import { ROLE_LABELS, amountText } from '../fundraising-text';
import { ContentFields } from './content-fields';
import styles from './fundraising.module.css';

const INVITE_ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const MEMBER_ROLE_OPTIONS = FUNDRAISING_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * The page's Owner's and Admins' tools (GET .../me says Owner or Admin): edit the page, take it offline or online,
 * invite people by e-mail with a role (and resend or withdraw), change members' roles or remove them, and enter a gift
 * received offline (it counts once the charity confirms it).
 */
export function OwnerTools({ page, country }: { page: Page; country: CountryCode }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const toggle = useTogglePageOnline(page.id);
  const setOnline = (isOnline: boolean) => {
    setNotice(undefined);
    toggle.mutate(isOnline, {
      onSuccess: () => setNotice({ tone: 'info', text: isOnline ? 'Your page is online again.' : 'Your page is offline: it stays readable and takes no donations.' }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    });
  };
  return (
    <section className={styles.section} aria-labelledby="manage-heading">
      <h2 id="manage-heading">Manage this page</h2>
      <NoticeMessage notice={notice} />
      <div className={styles.panel}>
        <p>
          This page is <strong>{page.isOnline ? 'online' : 'offline'}</strong>.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            {editing ? 'Close the editor' : 'Edit page'}
          </Button>
          <Button variant="secondary" loading={toggle.isPending} onClick={() => setOnline(!page.isOnline)}>
            {page.isOnline ? 'Take offline' : 'Put online'}
          </Button>
        </div>
        {editing ? <EditPage page={page} onDone={(text) => (setEditing(false), setNotice({ tone: 'info', text }))} /> : null}
      </div>
      <Members page={page} />
      <Invitations page={page} country={country} />
      <OfflineGifts page={page} country={country} />
    </section>
  );
}

function EditPage({ page, onDone }: { page: Page; onDone: (notice: string) => void }) {
  const update = useUpdatePage(page.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContentValues>({ defaultValues: contentOf(page) });
  const [failure, setFailure] = useState<string>();
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    const parsed = parseContent(values);
    if (!parsed.ok) {
      let first = true;
      for (const [field, message] of Object.entries(parsed.errors) as [keyof ContentValues, string][]) {
        setError(field, { type: 'validate', message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    try {
      await update.mutateAsync(parsed.content);
      onDone('Your page is saved.');
    } catch (error) {
      setFailure(applyServerErrors(error, setError, (path) => contentFieldOf(path)));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit page" className={styles.fields}>
      <ContentFields register={register} errors={errors} currencySymbol={page.currency === 'AUD' ? 'A$' : '$'} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function Members({ page }: { page: Page }) {
  const members = usePageMembers(page.id);
  const change = useUpdatePageMember(page.id);
  const remove = useRemovePageMember(page.id);
  const [removing, setRemoving] = useState<{ memberId: string; name: string }>();
  const [failure, setFailure] = useState<string>();
  return (
    <div className={styles.panel}>
      <h3>Team</h3>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {!members.isSuccess ? (
        <QueryStates query={members} loading="Loading the team" failed="We couldn’t load the team" headingLevel={4} />
      ) : (
        <ul className={styles.list} aria-label="Team members">
          {members.data.items.map((member) => (
            <li key={member.memberId} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowName}>{member.name}</span>
                <span className={styles.muted}>
                  Joined <DateText value={member.joinedOn} />
                </span>
              </span>
              {member.role === 'Owner' ? (
                <Tag tone="accent">{ROLE_LABELS.Owner}</Tag>
              ) : (
                <span className={styles.rowActions}>
                  <SelectField
                    label={`Role of ${member.name}`}
                    hideLabel
                    options={MEMBER_ROLE_OPTIONS}
                    value={member.role}
                    disabled={change.isPending}
                    onChange={(event) => {
                      setFailure(undefined);
                      change.mutate({ memberId: member.memberId, role: event.target.value as FundraisingRole }, { onError: (error) => setFailure(errorMessageOf(error)) });
                    }}
                  />
                  <Button variant="ghost" size="sm" onClick={() => (remove.reset(), setRemoving({ memberId: member.memberId, name: member.name }))}>
                    Remove<span className="visually-hidden"> {member.name}</span>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : undefined}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => removing && remove.mutate(removing.memberId, { onSuccess: () => setRemoving(undefined) })}
      >
        They will no longer be on this page’s team.
      </ConfirmDialog>
    </div>
  );
}

interface InviteValues {
  email: string;
  role: (typeof INVITABLE_ROLES)[number];
  message: string;
}

function Invitations({ page, country }: { page: Page; country: CountryCode }) {
  const invitations = usePageInvitations(page.id);
  const invite = useInvitePageMembers(page.id);
  const resend = useResendPageInvitation(page.id);
  const withdraw = useWithdrawPageInvitation(page.id);
  const [notice, setNotice] = useState<Notice>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ defaultValues: { email: '', role: 'Member', message: '' } });
  const submit = handleSubmit(async (values) => {
    setNotice(undefined);
    const parsed = inviteSchema.safeParse({ invitees: [{ email: values.email, role: values.role }], ...(values.message.trim() ? { message: values.message } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.includes('email') ? 'email' : issue?.path[0] === 'message' ? 'message' : 'role';
      return setError(field, { type: 'validate', message: issue?.message ?? MESSAGES.invalidInput }, { shouldFocus: true });
    }
    try {
      await invite.mutateAsync(parsed.data);
      reset({ email: '', role: values.role, message: '' });
      setNotice({ tone: 'info', text: `Invitation sent to ${parsed.data.invitees[0]?.email ?? values.email}.` });
    } catch (error) {
      // The API names the invitee's fields (body.invitees.0.email); the form has one.
      const text = applyServerErrors(error, setError, (path) => (path.endsWith('.email') ? 'email' : path.endsWith('.role') ? 'role' : formFields(['message'])(path)));
      if (text) setNotice({ tone: 'error', text });
    }
  });
  const act = (promise: Promise<unknown>, text: string) => {
    setNotice(undefined);
    promise.then(
      () => setNotice({ tone: 'info', text }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };
  return (
    <div className={styles.panel}>
      <h3>Invite people</h3>
      <p className={styles.muted}>We’ll e-mail them a link. They join when they sign in with that address and accept.</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite people" className={styles.fields}>
        <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" options={INVITE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <TextareaField label="Message (optional)" rows={2} maxLength={500} error={errors.message?.message} {...register('message')} />
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Send invitation
          </Button>
        </div>
      </form>
      <NoticeMessage notice={notice} />
      <h4>Waiting to accept</h4>
      {!invitations.isSuccess ? (
        <QueryStates query={invitations} loading="Loading invitations" failed="We couldn’t load the invitations" headingLevel={5} />
      ) : invitations.data.items.length === 0 ? (
        <p className={styles.muted}>No one is waiting to accept.</p>
      ) : (
        <ul className={styles.list} aria-label="Pending invitations">
          {invitations.data.items.map((invitation) => (
            <li key={invitation.id} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowName}>{invitation.email}</span>
                <span className={styles.muted}>
                  {ROLE_LABELS[invitation.role]} · sent <DateText value={invitation.lastSentOn} country={country} />
                </span>
              </span>
              <span className={styles.rowActions}>
                <Button variant="ghost" size="sm" onClick={() => act(resend.mutateAsync(invitation.id), `Invitation sent again to ${invitation.email}.`)}>
                  Resend<span className="visually-hidden"> the invitation to {invitation.email}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => act(withdraw.mutateAsync(invitation.id), `The invitation to ${invitation.email} is withdrawn.`)}>
                  Withdraw<span className="visually-hidden"> the invitation to {invitation.email}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface OfflineValues {
  amount: string;
  donorName: string;
  note: string;
  receivedOn: string;
}

function OfflineGifts({ page, country }: { page: Page; country: CountryCode }) {
  const gifts = usePageOfflineDonations(page.id);
  const enter = useEnterOfflineDonation(page.id);
  const [notice, setNotice] = useState<Notice>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfflineValues>({ defaultValues: { amount: '', donorName: '', note: '', receivedOn: dayFromToday(0) } });
  const submit = handleSubmit(async (values) => {
    setNotice(undefined);
    const parsed = offlineDonationInputSchema.safeParse({
      amount: parseDollars(values.amount.replace(/[$,]/g, '')) ?? Number.NaN,
      receivedOn: values.receivedOn,
      ...(values.donorName.trim() ? { donorName: values.donorName } : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
    });
    if (!parsed.success) {
      let first = true;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof OfflineValues | undefined;
        if (!field) continue;
        setError(field, { type: 'validate', message: issue.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    try {
      await enter.mutateAsync(parsed.data);
      reset({ amount: '', donorName: '', note: '', receivedOn: values.receivedOn });
      setNotice({ tone: 'info', text: 'Thanks: the gift counts once the charity confirms it.' });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['amount', 'donorName', 'note', 'receivedOn']));
      if (text) setNotice({ tone: 'error', text });
    }
  });
  return (
    <div className={styles.panel}>
      <h3>Gifts received offline</h3>
      <p className={styles.muted}>Cash or cheques given to you for this page. The charity confirms each before it counts.</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Enter an offline gift" className={styles.fields}>
        <TextField label={`Amount (${page.currency === 'AUD' ? 'A$' : '$'})`} inputMode="decimal" numeric autoComplete="off" error={errors.amount?.message} {...register('amount')} />
        <TextField label="Received on" type="date" error={errors.receivedOn?.message} {...register('receivedOn')} />
        <TextField label="From (optional)" autoComplete="off" maxLength={100} error={errors.donorName?.message} {...register('donorName')} />
        <TextField label="Note (optional)" autoComplete="off" maxLength={500} error={errors.note?.message} {...register('note')} />
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Enter gift
          </Button>
        </div>
      </form>
      <NoticeMessage notice={notice} />
      {!gifts.isSuccess ? (
        <QueryStates query={gifts} loading="Loading offline gifts" failed="We couldn’t load the offline gifts" headingLevel={4} />
      ) : gifts.data.items.length === 0 ? null : (
        <ul className={styles.list} aria-label="Offline gifts">
          {gifts.data.items.map((gift) => (
            <li key={gift.id} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowName}>{gift.donorName ?? 'Offline gift'}</span>
                <span className={styles.muted}>
                  <CalendarDayText date={gift.receivedOn.slice(0, 10)} country={country} />
                  {gift.note ? ` · ${gift.note}` : ''}
                </span>
              </span>
              <span className={styles.rowName}>
                {amountText(gift.amount, gift.currency)} <Tag tone={gift.status === 'Confirmed' ? 'success' : 'neutral'}>{gift.status}</Tag>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
