import { useFieldArray, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import {
  PAY_FREQUENCIES,
  PAY_FREQUENCY_LABELS,
  payCycleInputSchema,
  type FileStructure,
  type PayCycle,
  type PayCycleInput,
  type PayFrequency,
} from '@giving/shared/contracts/workplace-payroll';
import { COUNTRY_TIME_ZONES } from '@giving/shared/local-time';
import { Button } from '../../../components/ui/button';
import { StackedForm, mutedText } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { NumberSpinner } from '../../../components/ui/number-spinner';
import { FormActions, FormGrid, Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreatePayCycle } from '../api/create-pay-cycle';
import { useWorkplace } from '../api/get-workplace';
import { useUpdatePayCycle } from '../api/update-pay-cycle';
import { TIME_ZONE_OPTIONS, type PayCycleTimeZone } from '../payroll-text';
import styles from './workplace-payroll.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/** The form's own values: the days as typed, and each finance contact as a row of its own (an add/remove list). */
export interface PayCycleFormValues {
  name: string;
  frequency: PayFrequency | '';
  periodEnd: string;
  payDate: string;
  cutoffDaysBeforePayDate: string;
  cutoffTime: string;
  timeZone: PayCycleTimeZone;
  businessUnitIds: string[];
  fileStructureId: string;
  financeContacts: { email: string }[];
}

export const MAX_FINANCE_CONTACTS = 10;
const DEFAULT_CUTOFF_DAYS = '2';
const DEFAULT_CUTOFF_TIME = '17:00';

/** What the API takes, from what the form holds (checked by the contract's schema after this). */
export function inputOf(values: PayCycleFormValues): Record<string, unknown> {
  const days = values.cutoffDaysBeforePayDate.trim();
  return {
    ...values,
    frequency: values.frequency === '' ? undefined : values.frequency,
    cutoffDaysBeforePayDate: days === '' ? Number.NaN : Number(days),
    financeContacts: values.financeContacts.map((contact) => contact.email),
  };
}

const checkInput = zodResolver(payCycleInputSchema);

/**
 * The contract's schema checks the form (payCycleInputSchema through @hookform/resolvers). A finance contact's error
 * (financeContacts.N in the contract) goes on its row's e-mail field, so it shows there and takes focus.
 */
export const payCycleResolver: Resolver<PayCycleFormValues, unknown, PayCycleInput> = async (values, context, options) => {
  const result = await checkInput(inputOf(values) as PayCycleInput, context, options as unknown as Parameters<typeof checkInput>[2]);
  const errors = result.errors as Record<string, unknown>;
  const contacts = errors.financeContacts as Record<string, unknown> | undefined;
  if (!contacts) return result as Awaited<ReturnType<Resolver<PayCycleFormValues, unknown, PayCycleInput>>>;
  // The rows' errors (and the list's own, under root or message) as react-hook-form nests a field array's.
  const onRows: Record<string, unknown> = Array.isArray(contacts) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [key, error] of Object.entries(contacts)) onRows[key] = /^\d+$/.test(key) && error ? { email: error } : error;
  return { values: {}, errors: { ...errors, financeContacts: onRows } as FieldErrors<PayCycleFormValues> };
};

const FORM_FIELDS = ['name', 'frequency', 'periodEnd', 'payDate', 'cutoffDaysBeforePayDate', 'cutoffTime', 'timeZone', 'fileStructureId'];

/** Where the API's field errors show: each on its field; a finance contact's on its row. */
export function payCycleField(path: string): string | undefined {
  if (FORM_FIELDS.includes(path)) return path;
  const contact = /^financeContacts\.(\d+)$/.exec(path);
  if (contact) return `financeContacts.${contact[1]}.email`;
  if (path === 'financeContacts') return 'financeContacts';
  if (path.startsWith('businessUnitIds')) return 'businessUnitIds';
  return undefined;
}

function valuesOf(cycle: PayCycle | undefined, timeZone: PayCycleTimeZone, structures: readonly FileStructure[]): PayCycleFormValues {
  if (cycle) {
    return {
      name: cycle.name,
      frequency: cycle.frequency,
      periodEnd: cycle.periodEnd,
      payDate: cycle.payDate,
      cutoffDaysBeforePayDate: String(cycle.cutoffDaysBeforePayDate),
      cutoffTime: cycle.cutoffTime,
      timeZone: cycle.timeZone,
      businessUnitIds: cycle.businessUnitIds,
      fileStructureId: cycle.fileStructureId,
      financeContacts: cycle.financeContacts.map((email) => ({ email })),
    };
  }
  return {
    name: '',
    frequency: '',
    periodEnd: '',
    payDate: '',
    cutoffDaysBeforePayDate: DEFAULT_CUTOFF_DAYS,
    cutoffTime: DEFAULT_CUTOFF_TIME,
    timeZone,
    businessUnitIds: [],
    // The only structure there is, is the one it will use.
    fileStructureId: structures.length === 1 ? (structures[0]?.id ?? '') : '',
    financeContacts: [{ email: '' }],
  };
}

const FREQUENCY_OPTIONS = PAY_FREQUENCIES.map((frequency) => ({ value: frequency, label: PAY_FREQUENCY_LABELS[frequency] }));

/** Creates or edits a pay cycle; `onSaved` hears what to tell the admin. */
export function PayCycleForm({
  workplaceId,
  cycle,
  structures,
  structuresPath,
  onCancel,
  onSaved,
}: {
  workplaceId: string;
  cycle?: PayCycle;
  structures: readonly FileStructure[];
  /** The Payroll File Structures screen, for when there is none to choose. */
  structuresPath: string;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const country = useDataCountry();
  const workplace = useWorkplace(workplaceId);
  const create = useCreatePayCycle(workplaceId);
  const update = useUpdatePayCycle(workplaceId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<PayCycleFormValues, unknown, PayCycleInput>({
    resolver: payCycleResolver,
    mode: 'onTouched',
    defaultValues: valuesOf(cycle, COUNTRY_TIME_ZONES[country] as PayCycleTimeZone, structures),
  });
  const contacts = useFieldArray({ control, name: 'financeContacts', keyName: 'key' });
  const { notice, save } = useSaveNotice(setError, payCycleField);
  const title = cycle ? `Edit ${cycle.name}` : 'New pay cycle';

  const onSubmit = handleSubmit((input) =>
    save(async () => {
      const saved = cycle ? await update.mutateAsync({ payCycleId: cycle.id, input }) : await create.mutateAsync(input);
      const message = `${saved.name} was saved.`;
      onSaved(message);
      return message;
    }),
  );

  const contactsError = errors.financeContacts?.message ?? errors.financeContacts?.root?.message;
  const units = workplace.data?.businessUnits ?? [];

  return (
    <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <Panel title={title}>
        <FormGrid>
          <TextField label="Name" hint="E.g. Monthly salaried staff." error={errors.name?.message} {...register('name')} />
          <SelectField label="How often employees are paid" placeholder="Choose a frequency" options={FREQUENCY_OPTIONS} error={errors.frequency?.message} {...register('frequency')} />
        </FormGrid>

        <fieldset className={styles.group}>
          <legend>Pay period</legend>
          <p className={mutedText}>The last day of any one pay period, and that period’s pay day. The other periods are counted from them.</p>
          <FormGrid>
            <TextField label="Period end" type="date" hint="Semi-monthly periods end on the 15th or the last day of a month." error={errors.periodEnd?.message} {...register('periodEnd')} />
            <TextField label="Pay date" type="date" hint="On or after the period end, within 31 days." error={errors.payDate?.message} {...register('payDate')} />
          </FormGrid>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Cut-off</legend>
          <p className={mutedText}>When payroll needs the file: this many days before pay day, at this time in the cycle’s time zone.</p>
          <FormGrid>
            <NumberSpinner {...register('cutoffDaysBeforePayDate')} label="Days before pay day" hint="0 to 14." min={0} max={14} error={errors.cutoffDaysBeforePayDate?.message} />
            <TextField label="Cut-off time" type="time" hint="On the clock of the time zone below." error={errors.cutoffTime?.message} {...register('cutoffTime')} />
            <SelectField label="Time zone" options={TIME_ZONE_OPTIONS} error={errors.timeZone?.message} {...register('timeZone')} />
          </FormGrid>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Business units</legend>
          {workplace.isPending ? <p className={mutedText}>Loading your business units…</p> : null}
          {workplace.isError ? <FormMessage>We couldn’t load your business units: {errorMessageOf(workplace.error)}</FormMessage> : null}
          {workplace.isSuccess && units.length === 0 ? (
            <p className={mutedText}>Your workplace has no business units, so this pay cycle pays every member.</p>
          ) : null}
          {units.length > 0 ? (
            <>
              <p className={mutedText}>The members this pay cycle pays. Leave them all unticked to include every member of the workplace.</p>
              <div className={styles.checks}>
                {units.map((unit) => (
                  <CheckboxField key={unit.id} label={unit.name} value={unit.id} {...register('businessUnitIds')} />
                ))}
              </div>
            </>
          ) : null}
          {errors.businessUnitIds?.message ? <FormMessage>{errors.businessUnitIds.message}</FormMessage> : null}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Payroll file</legend>
          {structures.length === 0 ? (
            <p>
              A payroll file structure is needed first: it sets the columns your payroll system expects.{' '}
              <Link to={structuresPath}>Set one up in Payroll File Structures</Link>.
            </p>
          ) : (
            <SelectField
              label="File structure"
              placeholder="Choose a file structure"
              options={structures.map((structure) => ({ value: structure.id, label: structure.name }))}
              error={errors.fileStructureId?.message}
              {...register('fileStructureId')}
            />
          )}
          {structures.length === 0 && errors.fileStructureId?.message ? <FormMessage>{errors.fileStructureId.message}</FormMessage> : null}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Finance contacts</legend>
          <p className={mutedText}>Who gets an e-mail with a link to each file when it’s ready.</p>
          <ul className={styles.contacts}>
            {contacts.fields.map((contact, index) => (
              <li key={contact.key} className={styles.contact}>
                <TextField
                  label={`Finance contact ${index + 1}`}
                  type="email"
                  autoComplete="off"
                  error={errors.financeContacts?.[index]?.email?.message}
                  {...register(`financeContacts.${index}.email`)}
                />
                {contacts.fields.length > 1 ? (
                  <Button variant="ghost" size="sm" onClick={() => contacts.remove(index)}>
                    Remove<span className="visually-hidden"> finance contact {index + 1}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {contactsError ? <FormMessage>{contactsError}</FormMessage> : null}
          {contacts.fields.length < MAX_FINANCE_CONTACTS ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => contacts.append({ email: '' }, { shouldFocus: true })}>
                Add finance contact
              </Button>
            </div>
          ) : null}
        </fieldset>
      </Panel>
      <NoticeMessage notice={notice} />
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save pay cycle
        </Button>
      </FormActions>
    </StackedForm>
  );
}
