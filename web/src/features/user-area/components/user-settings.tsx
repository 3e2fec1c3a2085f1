import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { updateProfileSchema, type MemberProfile } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { QueryScreen, StackedForm } from '../../../components/ui/console-page';
import { TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, FormGrid, Panel, ScreenHeader, wide } from '../../../components/ui/panel';
import { formFields } from '../../../components/ui/server-errors';
import { useMyProfile } from '../api/get-my-profile';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { useAppForm } from '../../../lib/use-app-form';

type ProfileInput = z.input<typeof updateProfileSchema>;
type ProfileValues = z.output<typeof updateProfileSchema>;

/** /admin/user/settings — the member's name; the e-mail is their sign-in and cannot be changed here. */
export function UserSettings() {
  const profile = useMyProfile();
  return (
    <QueryScreen header={<ScreenHeader title="Settings" description="Your details." />} query={profile} loading="Loading your details" failed="We couldn’t load your details">
      {(data) => <ProfileForm profile={data} />}
    </QueryScreen>
  );
}

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const update = useUpdateMyProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
  });
  const { notice, save } = useSaveNotice(setError, formFields(['firstName', 'lastName']));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await update.mutateAsync(values);
      reset(values);
      return 'Your details were saved.';
    }),
  );

  return (
    <Panel title="Your details">
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Your details">
        <FormGrid>
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          <TextField label="E-mail" type="email" value={profile.email} readOnly className={wide} hint="You sign in with this address, so it can’t be changed here." />
        </FormGrid>
        <NoticeMessage notice={notice} />
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
