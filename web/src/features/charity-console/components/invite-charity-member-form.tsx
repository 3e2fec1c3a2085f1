import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { inviteCharityMemberSchema } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { useInviteCharityMember } from '../api/invite-charity-member';
import { CHARITY_ROLE_OPTIONS } from '../roles';
import styles from './charity-console.module.css';

type InviteInput = z.input<typeof inviteCharityMemberSchema>;
type InviteValues = z.output<typeof inviteCharityMemberSchema>;

/** Invites a person by e-mail to a charity role; they accept after signing in with that address. */
export function InviteCharityMemberForm({ charityId }: { charityId: string }) {
  const invite = useInviteCharityMember(charityId);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteCharityMemberSchema),
    defaultValues: { email: '', role: 'Charity.Member' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      await invite.mutateAsync(values);
      reset({ email: '', role: values.role });
      setMessage({ tone: 'info', text: `Invitation sent to ${values.email}.` });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['email', 'role']));
      if (text) setMessage({ tone: 'error', text });
    }
  });

  return (
    <Panel title="Invite a member" description="We’ll e-mail them a link. They join when they sign in with that address and accept.">
      <form className={styles.inviteForm} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Invite a member">
        <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" options={CHARITY_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <Button type="submit" loading={isSubmitting}>
          Send invitation
        </Button>
      </form>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
    </Panel>
  );
}
