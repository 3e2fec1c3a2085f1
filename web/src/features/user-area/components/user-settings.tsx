import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { updateProfileSchema, type MemberProfile } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader, wide } from '../../../components/ui/panel';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyProfile } from '../api/get-my-profile';
import { useUpdateMyProfile } from '../api/update-my-profile';
import styles from './user-area.module.css';

type ProfileInput = z.input<typeof updateProfileSchema>;
type ProfileValues = z.output<typeof updateProfileSchema>;

/** /admin/user/settings — the member's name; the e-mail is their sign-in and cannot be changed here. */
export function UserSettings() {
  const profile = useMyProfile();
  const header = <ScreenHeader title="Settings" description="Your details." />;
  if (profile.isPending) return <>{header}<LoadingBlock label="Loading your details" /></>;
  if (profile.isError) {
    return <>{header}<ErrorState title="We couldn’t load your details" message={errorMessageOf(profile.error)} onRetry={() => void profile.refetch()} /></>;
  }
  return (
    <div className={styles.stack}>
      {header}
      <ProfileForm profile={profile.data} />
    </div>
  );
}

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const update = useUpdateMyProfile();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      await update.mutateAsync(values);
      reset(values);
      setMessage({ tone: 'info', text: 'Your details were saved.' });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['firstName', 'lastName']));
      if (text) setMessage({ tone: 'error', text });
    }
  });

  return (
    <Panel title="Your details">
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Your details">
        <FormGrid>
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          <TextField label="E-mail" type="email" value={profile.email} readOnly className={wide} hint="You sign in with this address, so it can’t be changed here." />
        </FormGrid>
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </FormActions>
      </form>
    </Panel>
  );
}
