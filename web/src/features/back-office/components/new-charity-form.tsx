import { slugify } from '../../../lib/slug';
import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { newCharitySchema } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, wide } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { useCreateCharity } from '../api/create-charity';
import { COUNTRY_OPTIONS } from '../countries';
import { useAppForm } from '../../../lib/use-app-form';

type NewCharityInput = z.input<typeof newCharitySchema>;
type NewCharityValues = z.output<typeof newCharitySchema>;

/** 'Add charity' (newCharitySchema): the page address follows the name until it is edited. */
export function NewCharityForm({ onDone }: { onDone: (name: string) => void }) {
  const create = useCreateCharity();
  const [failure, setFailure] = useState<string>();
  const urlEdited = useRef(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<NewCharityInput, unknown, NewCharityValues>({
    resolver: zodResolver(newCharitySchema),
    defaultValues: { name: '', charityUrl: '', country: 'nz', description: '', registrationNumber: '', taxApproved: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await create.mutateAsync(values);
      onDone(values.name);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['name', 'charityUrl', 'country', 'description', 'registrationNumber'])));
    }
  });

  return (
    <Panel title="Add charity">
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add charity">
        <FormGrid>
          <TextField
            label="Name"
            error={errors.name?.message}
            {...register('name', {
              onChange: (event: { target: { value: string } }) => {
                if (!urlEdited.current) setValue('charityUrl', slugify(event.target.value));
              },
            })}
          />
          <TextField
            label="Page address"
            hint="Lower-case letters, digits and dashes, e.g. kiwi-kids-trust."
            error={errors.charityUrl?.message}
            {...register('charityUrl', {
              onChange: () => {
                urlEdited.current = true;
              },
            })}
          />
          <SelectField label="Country" options={COUNTRY_OPTIONS} error={errors.country?.message} {...register('country')} />
          <TextField
            label="Registration number"
            hint="Optional. New Zealand: the Charities Services number; Australia: the ABN. Receipts show it."
            error={errors.registrationNumber?.message}
            {...register('registrationNumber')}
          />
          <CheckboxField
            className={wide}
            label="Donations count for tax: an approved donee organisation (New Zealand) or a deductible gift recipient (Australia)"
            {...register('taxApproved')}
          />
          <TextareaField label="Description" rows={4} className={wide} error={errors.description?.message} {...register('description')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onDone('')}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Add charity
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
