import { slugify } from '../../../lib/slug';
import { useRef, useState } from 'react';
import { useFieldArray, type FieldPath } from 'react-hook-form';
import {
  OPPORTUNITY_TYPES,
  RECURRING_FREQUENCIES,
  VOLUNTEER_CATEGORIES,
  VOLUNTEER_SKILLS,
  WEEK_DAYS,
  type OpportunityEdit,
} from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { ImageUploadField } from '../../../components/ui/image-upload';
import { FormActions, FormGrid, Panel, wide } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors } from '../../../components/ui/server-errors';
import { opportunityCalls, useOpportunityChange, useTemplates } from '../api/charity-opportunities';
import { emptyForm, emptySession, formFieldOf, formFromOpportunity, fromTemplate, toOpportunityInput, type OpportunityFormValues } from '../opportunity-form-values';
import styles from './console.module.css';
import { useAppForm } from '../../../lib/use-app-form';

const TYPE_OPTIONS = [...OPPORTUNITY_TYPES].reverse().map((value) => ({ value, label: value === 'Skilled' ? 'Skilled' : 'No special skills' }));
const FREQUENCY_OPTIONS = RECURRING_FREQUENCIES.map((value) => ({ value, label: value }));
const FEE_TYPE_OPTIONS = [
  { value: 'PerPerson', label: 'Per person' },
  { value: 'PerTeam', label: 'Per team' },
];

/**
 * Create or edit a volunteering role (spec 2 §3 create payload): with specific dates (sessions, each with its hours)
 * or a recurring schedule (one recurring session), image, skills and categories, location or remote, fee, teams,
 * exclusive workplace and online status. A new role can start from a template.
 */
export function OpportunityForm({
  charityId,
  country,
  opportunity,
  onDone,
}: {
  charityId: string;
  country: CountryCode;
  opportunity?: OpportunityEdit;
  onDone: (saved?: { title: string }) => void;
}) {
  const create = useOpportunityChange(charityId, opportunityCalls.create);
  const update = useOpportunityChange(charityId, opportunityCalls.update);
  const uploadImage = useOpportunityChange(charityId, opportunityCalls.uploadImage);
  const templates = useTemplates();
  const [failure, setFailure] = useState<string>();
  const addressEdited = useRef(opportunity !== undefined);
  const form = useAppForm<OpportunityFormValues>({ defaultValues: opportunity ? formFromOpportunity(opportunity, country) : emptyForm() });
  const {
    register,
    control,
    watch,
    reset,
    getValues,
    setValue,
    setError,
    clearErrors,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const sessions = useFieldArray({ control, name: 'sessions' });
  const schedule = watch('schedule');
  const isRemote = watch('isRemote');
  const allowTeams = watch('allowTeams');
  const imageUrl = watch('imageUrl');
  const errorOf = (name: string) => (form.getFieldState(name as FieldPath<OpportunityFormValues>).error?.message);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    clearErrors();
    const result = toOpportunityInput(values, { charityId, country });
    if ('errors' in result) {
      Object.entries(result.errors).forEach(([name, message], i) => setError(name as FieldPath<OpportunityFormValues>, { type: 'validate', message }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      if (opportunity) await update.mutateAsync({ opportunityId: opportunity.id, input: result.input });
      else await create.mutateAsync(result.input);
      onDone({ title: result.input.title });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, (path) => formFieldOf(path.split('.'), values.schedule === 'dates')));
    }
  });

  const title = opportunity ? `Edit “${opportunity.title}”` : 'Add a volunteering role';
  return (
    <Panel title={title}>
      <StackedForm onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        {!opportunity && templates.isSuccess && templates.data.items.length > 0 ? (
          <SelectField
            label="Start from a template"
            placeholder="No template"
            options={templates.data.items.map((template) => ({ value: template.id, label: `${template.title} (${template.categories.join(', ')})` }))}
            onChange={(event) => {
              const template = templates.data.items.find((t) => t.id === event.target.value);
              if (!template) return;
              const next = fromTemplate(template, getValues());
              reset({ ...next, opportunityUrl: addressEdited.current ? next.opportunityUrl : slugify(next.title) });
            }}
          />
        ) : null}
        <FormGrid>
          <TextField
            label="Title"
            error={errors.title?.message}
            {...register('title', {
              onChange: (event: { target: { value: string } }) => {
                if (!addressEdited.current) setValue('opportunityUrl', slugify(event.target.value));
              },
            })}
          />
          <TextField
            label="Page address"
            hint="Lower-case letters, digits and dashes."
            error={errors.opportunityUrl?.message}
            {...register('opportunityUrl', { onChange: () => (addressEdited.current = true) })}
          />
          <TextareaField label="Description" rows={5} className={wide} error={errors.description?.message} {...register('description')} />
          <SelectField label="Type" options={TYPE_OPTIONS} {...register('opportunityType')} />
          {opportunity ? (
            <div className={wide}>
              <ImageUploadField
                label="Upload image"
                hint="Shown on the role’s card and page; it replaces the image at once."
                doneMessage="Image uploaded."
                currentUrl={imageUrl}
                previewAlt={`Image of ${opportunity.title}`}
                upload={async (image) => {
                  // The role already has the new image; the form keeps it so that saving does not put the old one back.
                  const saved = await uploadImage.mutateAsync({ charityId, opportunityId: opportunity.id, image });
                  setValue('imageUrl', saved.imageUrl);
                }}
              />
            </div>
          ) : null}
          <TextField
            label="Image address"
            placeholder="https://… or /media/…"
            hint={opportunity ? 'Or an https:// address of an image.' : 'An https:// address of an image. You can upload an image instead once the role is saved.'}
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
        </FormGrid>

        <fieldset className={styles.group}>
          <legend>Categories</legend>
          <div className={styles.checks}>
            {VOLUNTEER_CATEGORIES.map((category) => (
              <CheckboxField key={category} label={category} value={category} {...register('categories')} />
            ))}
          </div>
          {errors.categories?.message ? <span className={styles.error}>{errors.categories.message}</span> : null}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Skills</legend>
          <div className={styles.checks}>
            {VOLUNTEER_SKILLS.map((skill) => (
              <CheckboxField key={skill} label={skill} value={skill} {...register('skills')} />
            ))}
          </div>
          {errors.skills?.message ? <span className={styles.error}>{errors.skills.message}</span> : null}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Where</legend>
          <CheckboxField label="Remote (volunteers take part from home)" {...register('isRemote')} />
          {!isRemote ? (
            <FormGrid>
              <TextField label="Suburb" error={errors.suburb?.message} {...register('suburb')} />
              <div className={styles.pair}>
                <TextField label="Latitude" numeric inputMode="decimal" error={errors.lat?.message} {...register('lat')} />
                <TextField label="Longitude" numeric inputMode="decimal" error={errors.lon?.message} {...register('lon')} />
              </div>
            </FormGrid>
          ) : null}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>When</legend>
          <div className={styles.radios}>
            <label>
              <input type="radio" value="dates" {...register('schedule')} /> Specific dates
            </label>
            <label>
              <input type="radio" value="recurring" {...register('schedule')} /> Recurring schedule
            </label>
          </div>
          {schedule === 'dates' ? (
            <>
              {sessions.fields.map((field, i) => (
                <div key={field.id} className={styles.sessionRow} role="group" aria-label={`Session ${i + 1}`}>
                  <TextField label="Date" placeholder="YYYY-MM-DD" error={errorOf(`sessions.${i}.date`)} {...register(`sessions.${i}.date`)} />
                  <TextField label="Starts" type="time" error={errorOf(`sessions.${i}.startTime`)} {...register(`sessions.${i}.startTime`)} />
                  <TextField label="Ends" type="time" error={errorOf(`sessions.${i}.endTime`)} {...register(`sessions.${i}.endTime`)} />
                  <TextField label="Hours" numeric inputMode="decimal" error={errorOf(`sessions.${i}.hours`)} {...register(`sessions.${i}.hours`)} />
                  <TextField label="People needed" numeric inputMode="numeric" error={errorOf(`sessions.${i}.people`)} {...register(`sessions.${i}.people`)} />
                  {sessions.fields.length > 1 ? (
                    <Button variant="ghost" size="sm" onClick={() => sessions.remove(i)}>
                      Remove<span className="visually-hidden"> session {i + 1}</span>
                    </Button>
                  ) : null}
                </div>
              ))}
              {errors.sessions?.message ? <span className={styles.error}>{errors.sessions.message}</span> : null}
              <div>
                <Button variant="secondary" size="sm" onClick={() => sessions.append(emptySession())}>
                  Add session
                </Button>
              </div>
            </>
          ) : (
            <FormGrid>
              <SelectField label="Repeats" options={FREQUENCY_OPTIONS} {...register('frequency')} />
              <fieldset className={`${styles.group} ${wide}`}>
                <legend>On</legend>
                <div className={styles.checks}>
                  {WEEK_DAYS.map((day) => (
                    <CheckboxField key={day} label={day} value={day} {...register('daysOfWeek')} />
                  ))}
                </div>
                {errors.daysOfWeek?.message ? <span className={styles.error}>{errors.daysOfWeek.message}</span> : null}
              </fieldset>
              <TextField label="From date" placeholder="YYYY-MM-DD" error={errors.startDate?.message} {...register('startDate')} />
              <TextField label="Until date (optional)" placeholder="YYYY-MM-DD" error={errors.endDate?.message} {...register('endDate')} />
              <TextField label="Starts" type="time" error={errors.startTime?.message} {...register('startTime')} />
              <TextField label="Ends" type="time" error={errors.endTime?.message} {...register('endTime')} />
              <TextField label="Hours each time" numeric inputMode="decimal" error={errors.hoursPerSession?.message} {...register('hoursPerSession')} />
              <TextField label="People needed" numeric inputMode="numeric" error={errors.people?.message} {...register('people')} />
            </FormGrid>
          )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>Fee and teams</legend>
          <FormGrid>
            <TextField label="Fee in dollars (optional)" numeric inputMode="decimal" error={errors.feeAmount?.message} {...register('feeAmount')} />
            <SelectField label="Fee is charged" options={FEE_TYPE_OPTIONS} {...register('feeType')} />
            <CheckboxField label="Teams may apply" className={wide} {...register('allowTeams')} />
            {allowTeams ? <TextField label="Largest team, leader included" numeric inputMode="numeric" error={errors.maxTeamSize?.message} {...register('maxTeamSize')} /> : null}
          </FormGrid>
        </fieldset>

        <FormGrid>
          <TextField label="Contact e-mail" type="email" hint="Where volunteers’ messages go. Never shown publicly." error={errors.contactEmail?.message} {...register('contactEmail')} />
          <TextField label="Only for this workplace (optional)" hint="The workplace’s id: only its members see and apply." error={errors.exclusiveCorporateId?.message} {...register('exclusiveCorporateId')} />
          <CheckboxField label="Online (listed once approved)" {...register('isOnline')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onDone()} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {opportunity ? 'Save role' : 'Add role'}
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
