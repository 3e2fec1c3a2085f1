import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { securitySettingsSchema, type SecuritySettings } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/empty-state';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';
import styles from './back-office.module.css';

const SESSION_RANGE = 'Use 5 to 720 minutes.';

/** The minutes are typed as text; the API's own rule then checks the range. */
const securityFormSchema = z.object({
  requireMfaForAdministrators: securitySettingsSchema.shape.requireMfaForAdministrators,
  adminSessionMinutes: z.pipe(
    z.string().check(z.trim(), z.regex(/^\d+$/, SESSION_RANGE)),
    z.pipe(
      z.transform((text: string) => Number(text)),
      securitySettingsSchema.shape.adminSessionMinutes,
    ),
  ),
});
type SecurityInput = z.input<typeof securityFormSchema>;
type SecurityValues = z.output<typeof securityFormSchema>;

/** /admin/backoffice/mfa ('Security') — multi-factor authentication for administrators and their session length. */
export function Security() {
  const settings = useSecuritySettings();
  const header = <ScreenHeader title="Security" description="How administrators sign in to the back office." />;
  if (settings.isPending) return <>{header}<LoadingBlock label="Loading security settings" /></>;
  if (settings.isError) {
    return <>{header}<ErrorState title="We couldn’t load the security settings" message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} /></>;
  }
  return (
    <div className={styles.stack}>
      {header}
      <SecurityForm settings={settings.data} />
    </div>
  );
}

function SecurityForm({ settings }: { settings: SecuritySettings }) {
  const update = useUpdateSecuritySettings();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SecurityInput, unknown, SecurityValues>({
    resolver: zodResolver(securityFormSchema),
    defaultValues: { requireMfaForAdministrators: settings.requireMfaForAdministrators, adminSessionMinutes: String(settings.adminSessionMinutes) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      await update.mutateAsync(values);
      reset({ requireMfaForAdministrators: values.requireMfaForAdministrators, adminSessionMinutes: String(values.adminSessionMinutes) });
      setMessage({ tone: 'info', text: 'The security settings were saved.' });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['requireMfaForAdministrators', 'adminSessionMinutes']));
      if (text) setMessage({ tone: 'error', text });
    }
  });

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
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Security settings">
        <CheckboxField label="Require multi-factor authentication for administrators" {...register('requireMfaForAdministrators')} />
        <TextField
          label="Admin session length (minutes)"
          hint="Administrators are signed out of the console after this long without activity (5 to 720)."
          inputMode="numeric"
          numeric
          error={errors.adminSessionMinutes?.message}
          {...register('adminSessionMinutes')}
        />
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
