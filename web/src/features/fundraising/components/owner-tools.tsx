import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FUNDRAISING_ROLES, INVITABLE_ROLES, inviteSchema, offlineDonationInputSchema, type FundraisingRole, type Page } from '@giving/shared/contracts/fundraising';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { CountryCode } from '@giving/shared/countries';
import { parseDollars, type Currency } from '@giving/shared/money';
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
import { usePageOfflineDonations } from '../api/get-page-offline-donations';
import { useTeamInvitations } from '../api/get-team-invitations';
import { useTeamMembers } from '../api/get-team-members';
import { useInviteTeamMembers } from '../api/invite-team-members';
import type { Team } from '../api/keys';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useResendTeamInvitation } from '../api/resend-team-invitation';
import { useToggleOnline } from '../api/toggle-online';
import { useUpdateContent } from '../api/update-content';
import { useUpdateTeamMember } from '../api/update-team-member';
import { useWithdrawTeamInvitation } from '../api/withdraw-team-invitation';
import { contentFieldOf, contentOf, dayFromToday, parseContent, type ContentValues } from '../content-values';
import { MANAGE_ANCHOR, ROLE_LABELS, amountText } from '../fundraising-text';
import { ContentFields } from './content-fields';
import styles from './fundraising.module.css';
import { useAppForm } from '../../../lib/use-app-form';

// Member first: the least a new teammate gets unless the inviter chooses more (and what an untouched select shows).
const INVITE_ROLE_OPTIONS = [...INVITABLE_ROLES].reverse().map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const MEMBER_ROLE_OPTIONS = FUNDRAISING_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What taking an event or a page off- and online does, said once it is done (an event's pages go with it). */
const ONLINE_NOTICES = {
  page: { offline: 'Your page is offline: it stays readable and takes no donations.', online: 'Your page is online again.' },
  event: {
    offline: 'Your event is offline, and its pages with it: they stay readable, take no donations, and the event takes no new pages.',
    online: 'Your event is online again, and so are its pages (but for any their own managers took offline).',
  },
} as const;

/**
 * An event's or a page's managing tools (GET .../me says it can manage it: its Owner, Admins, administrators): its
 * status with 'Edit' and 'Take offline' / 'Put online', then what follows (`children`: the team, invitations, and
 * what only one of the two has). The event's and page's tools differ only by path and words, so they share these.
 */
export function ManageTools({
  team,
  isOnline,
  editor,
  children,
}: {
  team: Team;
  isOnline: boolean;
  /** The edit form, given a way to say it is done. */
  editor: (onDone: (notice: string) => void) => ReactNode;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const toggle = useToggleOnline(team);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // Arriving by a 'Manage' link: the tools load after the first screen, so the browser could not scroll to them.
  useEffect(() => {
    if (hash !== `#${MANAGE_ANCHOR}`) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash]);
  const setOnline = (online: boolean) => {
    setNotice(undefined);
    toggle.mutate(online, {
      onSuccess: () => setNotice({ tone: 'info', text: ONLINE_NOTICES[team.kind][online ? 'online' : 'offline'] }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    });
  };
  return (
    <section id={MANAGE_ANCHOR} className={styles.section} aria-labelledby="manage-heading">
      <h2 id="manage-heading" ref={heading} tabIndex={-1} className={styles.anchorHeading}>
        Manage this {team.kind}
      </h2>
      <NoticeMessage notice={notice} />
      <div className={styles.panel}>
        <p>
          This {team.kind} is <strong>{isOnline ? 'online' : 'offline'}</strong>.
          {team.kind === 'event' && isOnline ? ' Taking it offline takes all its pages offline with it.' : ''}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            {editing ? 'Close the editor' : `Edit ${team.kind}`}
          </Button>
          <Button variant="secondary" loading={toggle.isPending} onClick={() => setOnline(!isOnline)}>
            {isOnline ? 'Take offline' : 'Put online'}
          </Button>
        </div>
        {editing ? editor((text) => (setEditing(false), setNotice({ tone: 'info', text }))) : null}
      </div>
      {children}
    </section>
  );
}

/**
 * The page's Owner's and Admins' tools: edit the page, take it offline or online, invite people by e-mail with a role
 * (and resend or withdraw), change members' roles or remove them, and enter a gift received offline (it counts once
 * the charity confirms it).
 */
export function OwnerTools({ page, country }: { page: Page; country: CountryCode }) {
  const team: Team = { kind: 'page', id: page.id };
  return (
    <ManageTools team={team} isOnline={page.isOnline} editor={(onDone) => <EditContent team={team} initial={contentOf(page)} currency={page.currency} onDone={onDone} />}>
      <Members team={team} />
      <Invitations team={team} country={country} />
      <OfflineGifts page={page} country={country} />
    </ManageTools>
  );
}

/** The content form of an event or a page (the create flow's fields), saved by PATCH to its path. */
export function EditContent({ team, initial, currency, onDone }: { team: Team; initial: ContentValues; currency: Currency; onDone: (notice: string) => void }) {
  const update = useUpdateContent(team);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<ContentValues>({ defaultValues: initial });
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
      onDone(`Your ${team.kind} is saved.`);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, (path) => contentFieldOf(path)));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${team.kind}`} className={styles.fields}>
      <ContentFields register={register} errors={errors} currencySymbol={currency === 'AUD' ? 'A$' : '$'} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** The team: each member's role (the Owner's stays) and removal. */
export function Members({ team }: { team: Team }) {
  const members = useTeamMembers(team);
  const change = useUpdateTeamMember(team);
  const remove = useRemoveTeamMember(team);
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
        They will no longer be on this {team.kind}’s team.
      </ConfirmDialog>
    </div>
  );
}

interface InviteValues {
  email: string;
  role: (typeof INVITABLE_ROLES)[number];
  message: string;
}

/** Invitations by e-mail with a role, and those waiting to accept (resend or withdraw). */
export function Invitations({ team, country }: { team: Team; country: CountryCode }) {
  const invitations = useTeamInvitations(team);
  const invite = useInviteTeamMembers(team);
  const resend = useResendTeamInvitation(team);
  const withdraw = useWithdrawTeamInvitation(team);
  const [notice, setNotice] = useState<Notice>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<InviteValues>({ defaultValues: { email: '', role: 'Member', message: '' } });
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
  } = useAppForm<OfflineValues>({ defaultValues: { amount: '', donorName: '', note: '', receivedOn: dayFromToday(0) } });
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
