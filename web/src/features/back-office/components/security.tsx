import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { securitySettingsSchema, type SecuritySettings } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { QueryScreen, StackedForm } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { formFields } from '../../../components/ui/server-errors';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';
import { numberText } from '../number-text';
import { useAppForm } from '../../../lib/use-app-form';

const SESSION_RANGE = 'Use 5 to 720 minutes.';

/** The minutes are typed as text; the API's own rule then checks the range. */
const securityFormSchema = z.object({
  requireMfaForAdministrators: securitySettingsSchema.shape.requireMfaForAdministrators,
  adminSessionMinutes: numberText(securitySettingsSchema.shape.adminSessionMinutes, SESSION_RANGE),
});
type SecurityInput = z.input<typeof securityFormSchema>;
type SecurityValues = z.output<typeof securityFormSchema>;

/** /admin/backoffice/mfa ('Security') — multi-factor authentication for administrators and their session length. */
export function Security() {
  const settings = useSecuritySettings();
  return (
    <QueryScreen
      header={<ScreenHeader title="Security" description="How administrators sign in to the back office." />}
      query={settings}
      loading="Loading security settings"
      failed="We couldn’t load the security settings"
    >
      {(data) => <SecurityForm settings={data} />}
    </QueryScreen>
  );
}

function SecurityForm({ settings }: { settings: SecuritySettings }) {
  const update = useUpdateSecuritySettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<SecurityInput, unknown, SecurityValues>({
    resolver: zodResolver(securityFormSchema),
    defaultValues: { requireMfaForAdministrators: settings.requireMfaForAdministrators, adminSessionMinutes: String(settings.adminSessionMinutes) },
  });
  const { notice, save } = useSaveNotice(setError, formFields(['requireMfaForAdministrators', 'adminSessionMinutes']));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await update.mutateAsync(values);
      reset({ requireMfaForAdministrators: values.requireMfaForAdministrators, adminSessionMinutes: String(values.adminSessionMinutes) });
      return 'The security settings were saved.';
    }),
  );

  return (
    <Panel
      title="Administrators"
      description={
        settings.updatedAt ? (
          <>
            Last changed <DateText value={settings.updatedAt} withTime />.
          </>
        ) : undefined
      }
    >
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Security settings">
        <CheckboxField label="Require multi-factor authentication for administrators" {...register('requireMfaForAdministrators')} />
        <TextField
          label="Admin session length (minutes)"
          hint="Administrators are signed out of the console after this long without activity (5 to 720)."
          inputMode="numeric"
          numeric
          error={errors.adminSessionMinutes?.message}
          {...register('adminSessionMinutes')}
        />
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
