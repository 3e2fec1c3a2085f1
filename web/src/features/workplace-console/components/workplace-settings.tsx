import { useFieldArray } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { updateWorkplaceSettingsSchema, type Workplace } from '@giving/shared/contracts/accounts';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { EditableFieldset, QueryScreen, mutedText, stackedList } from '../../../components/ui/console-page';
import { FormMessage, TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { formFields } from '../../../components/ui/server-errors';
import { useWorkplace } from '../api/get-workplace';
import { useUpdateWorkplaceSettings } from '../api/update-workplace-settings';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import styles from './workplace-console.module.css';
import { useAppForm } from '../../../lib/use-app-form';

type SettingsInput = z.input<typeof updateWorkplaceSettingsSchema>;
type SettingsValues = z.output<typeof updateWorkplaceSettingsSchema>;

/** /admin/workplace/:workplaceId/settings — the workplace's name and business units. */
export function WorkplaceSettings() {
  const workplaceId = useWorkplaceId();
  const workplace = useWorkplace(workplaceId);
  return (
    <QueryScreen
      header={<ScreenHeader title="Settings" description="Your workplace’s name and the business units you group members by." />}
      query={workplace}
      loading="Loading your settings"
      failed="We couldn’t load your settings"
    >
      {(data) => <SettingsForm workplace={data} />}
    </QueryScreen>
  );
}

function SettingsForm({ workplace }: { workplace: Workplace }) {
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageSettings'] });
  const update = useUpdateWorkplaceSettings(workplace.id);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(updateWorkplaceSettingsSchema),
    defaultValues: { name: workplace.name, businessUnits: workplace.businessUnits.map(({ id, name }) => ({ id, name })) },
  });
  const units = useFieldArray({ control, name: 'businessUnits', keyName: 'key' });
  const { notice, save } = useSaveNotice(setError, formFields(['name'], { arrays: ['businessUnits'] }));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await update.mutateAsync(values);
      reset(values);
      return 'Your settings were saved.';
    }),
  );

  const unitsError = errors.businessUnits?.message ?? errors.businessUnits?.root?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Workplace settings">
      <EditableFieldset disabled={!canManage}>
        <Panel title="Workplace">
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <TextField label="Country" value={COUNTRIES[workplace.country].name} readOnly hint="Set when the workplace was created." />
        </Panel>
        <Panel
          title="Business units"
          description="Group your members, e.g. by team or office. Removing a unit leaves its members without one."
          actions={
            canManage ? (
              <Button variant="secondary" size="sm" onClick={() => units.append({ name: '' }, { shouldFocus: true })}>
                Add business unit
              </Button>
            ) : null
          }
        >
          {units.fields.length === 0 ? <p className={mutedText}>No business units yet.</p> : null}
          <ul className={stackedList}>
            {units.fields.map((unit, index) => (
              <li key={unit.key} className={styles.unit}>
                <TextField label={`Business unit ${index + 1}`} error={errors.businessUnits?.[index]?.name?.message} {...register(`businessUnits.${index}.name`)} />
                {canManage ? (
                  <Button variant="ghost" size="sm" onClick={() => units.remove(index)}>
                    Remove<span className="visually-hidden"> business unit {index + 1}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {unitsError ? <FormMessage>{unitsError}</FormMessage> : null}
        </Panel>
        <NoticeMessage notice={notice} />
        {canManage ? (
          <FormActions>
            <Button type="submit" loading={isSubmitting}>
              Save settings
            </Button>
          </FormActions>
        ) : (
          <p className={mutedText}>Only workplace admins can change the settings.</p>
        )}
      </EditableFieldset>
    </form>
  );
}
