import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { requiredIdSchema } from '@giving/shared/contracts/path-parameters';
import { manualMemberSchema, type ManualMember, type MembershipPlan, type Membership } from '@giving/shared/contracts/memberships';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, wide } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { randomId } from '../../../lib/random-id';
import { useAddManualMember } from '../api/charity-members';
import { feeText } from '../membership-text';
import { useAppForm } from '../../../lib/use-app-form';

/** The contract's rules; an unchosen plan says 'Required Field!' rather than 'Invalid Input!'. */
const manualMemberFormSchema = z.extend(manualMemberSchema, { planId: requiredIdSchema });

const FIELDS = ['firstName', 'lastName', 'email', 'planId', 'joinedOn', 'note'] as const;

/** A member who paid the charity elsewhere (cash, a bank transfer): `onDone` gets the new membership, or nothing on Cancel. */
export function ManualMemberForm({ charityId, plans, onDone }: { charityId: string; plans: readonly MembershipPlan[]; onDone: (added?: Membership) => void }) {
  const add = useAddManualMember(charityId);
  const country = useDataCountry();
  // One key per member being entered: a resubmit after a lost answer adds them once.
  const [idempotencyKey] = useState(randomId);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<ManualMember>({
    resolver: zodResolver(manualMemberFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', planId: '', joinedOn: localDay(new Date(), COUNTRY_TIME_ZONES[country]), note: '' },
  });

  const onSubmit = handleSubmit(async (member) => {
    setFailure(undefined);
    try {
      onDone(await add.mutateAsync({ member, idempotencyKey }));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(FIELDS)));
    }
  });

  const options = plans.map((plan) => ({ value: plan.planId, label: `${plan.name} (${feeText(plan)})` }));
  return (
    <Panel title="Add a member" description="Someone who paid you another way, such as cash or a bank transfer. They get a membership number like everyone else.">
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a member">
        <FormGrid>
          <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
          <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
          <SelectField label="Plan" placeholder="Choose a plan" options={options} error={errors.planId?.message} {...register('planId')} />
          <TextField label="Joined on" placeholder="YYYY-MM-DD" error={errors.joinedOn?.message} {...register('joinedOn')} />
          <TextField label="How they paid" hint="For example “Cash at the AGM”." className={wide} error={errors.note?.message} {...register('note')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Add member
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
