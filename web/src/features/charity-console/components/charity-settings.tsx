import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { updateCharitySettingsSchema, type CharitySettings } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ChangesList } from '../../../components/ui/changes-list';
import { DateText } from '../../../components/ui/date-text';
import { TextField, TextareaField } from '../../../components/ui/field';
import { ConsoleScreen, EditableFieldset, mutedText } from '../../../components/ui/console-page';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, FormGrid, Panel, ScreenHeader, wide } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { formFields } from '../../../components/ui/server-errors';
import { Tag } from '../../../components/ui/tag';
import { useCharitySettings } from '../../../lib/charity-settings';
import { useUpdateCharitySettings } from '../api/update-charity-settings';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import { useAppForm } from '../../../lib/use-app-form';

/** The causes are typed as one comma-separated line; the API's own rule then checks the list. */
const settingsFormSchema = z.extend(updateCharitySettingsSchema, {
  causes: z.pipe(
    z.string(),
    z.pipe(
      z.transform((text: string) =>
        text
          .split(',')
          .map((cause) => cause.trim())
          .filter(Boolean),
      ),
      updateCharitySettingsSchema.shape.causes,
    ),
  ),
});
type SettingsInput = z.input<typeof settingsFormSchema>;
type SettingsValues = z.output<typeof settingsFormSchema>;

export const SETTINGS_SENT_MESSAGE = 'Thanks! Your changes were sent for approval. They go live once the Koha team approves them.';

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** The form starts from the live profile with any change still waiting for approval on top. */
function formDefaults({ profile, pendingChange }: CharitySettings): SettingsInput {
  const proposed = pendingChange?.changes ?? {};
  const causes = Array.isArray(proposed.causes) ? proposed.causes.filter((cause): cause is string => typeof cause === 'string') : profile.causes;
  return {
    description: text(proposed.description, profile.description),
    website: text(proposed.website, profile.website ?? ''),
    location: text(proposed.location, profile.location ?? ''),
    causes: causes.join(', '),
  };
}

/** /admin/charity/:charityId/settings — the charity's public profile; changes wait for back-office approval. */
export function CharitySettingsScreen() {
  const charityId = useCharityId();
  const settings = useCharitySettings(charityId);
  const header = <ScreenHeader title="Settings" description="Your charity’s public profile. Changes go live after the Koha team approves them." />;
  if (!settings.isSuccess) return <>{header}<QueryStates query={settings} loading="Loading your settings" failed="We couldn’t load your settings" /></>;
  const { pendingChange, deniedChange } = settings.data;
  return (
    <ConsoleScreen>
      {header}
      {deniedChange ? (
        <Panel
          title="Not approved"
          description={
            <>
              The changes you sent on <DateText value={deniedChange.submittedAt} withTime /> were not approved on <DateText value={deniedChange.decidedAt} withTime />. Your
              profile stays as it was; correct the changes below and send them again.
            </>
          }
          actions={<Tag tone="danger">Not approved</Tag>}
        >
          <p>
            <strong>Reason:</strong> {deniedChange.reason}
          </p>
          <ChangesList changes={deniedChange.changes} label="The changes that were not approved" />
        </Panel>
      ) : null}
      {pendingChange ? (
        <Panel
          title="Waiting for approval"
          description={
            <>
              Sent on <DateText value={pendingChange.submittedAt} withTime />. These changes go live once approved.
            </>
          }
          actions={<Tag tone="accent">Waiting for approval</Tag>}
        >
          <ChangesList changes={pendingChange.changes} />
        </Panel>
      ) : null}
      <SettingsForm charityId={charityId} settings={settings.data} />
    </ConsoleScreen>
  );
}

function SettingsForm({ charityId, settings }: { charityId: string; settings: CharitySettings }) {
  const canManage = useCharityCan({ anyOf: ['Charity_DashboardManage'] });
  const update = useUpdateCharitySettings(charityId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formDefaults(settings),
  });
  const { notice, save } = useSaveNotice(setError, formFields(['description', 'website', 'location'], { whole: ['causes'] }));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await update.mutateAsync(values);
      return SETTINGS_SENT_MESSAGE;
    }),
  );

  return (
    <Panel title="Profile">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Charity profile">
        <EditableFieldset disabled={!canManage}>
          <FormGrid>
            <TextField label="Name" value={settings.profile.name} readOnly hint="To change your charity’s name, contact help@koha.nz." />
            <TextField label="Page address" value={settings.profile.charityUrl} readOnly />
            <TextareaField label="Description" rows={6} className={wide} error={errors.description?.message} {...register('description')} />
            <TextField label="Website" type="url" placeholder="https://" error={errors.website?.message} {...register('website')} />
            <TextField label="Location" error={errors.location?.message} {...register('location')} />
            <TextField label="Causes" hint="Separate causes with commas; up to 8." className={wide} error={errors.causes?.message} {...register('causes')} />
          </FormGrid>
          <NoticeMessage notice={notice} />
          {canManage ? (
            <FormActions>
              <Button type="submit" loading={isSubmitting}>
                Send for approval
              </Button>
            </FormActions>
          ) : (
            <p className={mutedText}>Only charity admins can change the profile.</p>
          )}
        </EditableFieldset>
      </form>
    </Panel>
  );
}
