import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { MEMBERSHIP_PERIODS, membershipPlanInputSchema, type MembershipPlan, type MembershipPlanInput } from '@giving/shared/contracts/memberships';
import { centsToDollarString } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, wide } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { randomId } from '../../../lib/random-id';
import { useAppForm } from '../../../lib/use-app-form';
import { useSavePlan } from '../api/charity-plans';
import { PERIOD_LABELS, benefitLines, dollarsText } from '../membership-text';

const MAX_BENEFITS = 20;
const MAX_BENEFIT = 200;
const { shape } = membershipPlanInputSchema;

/** The form types the fee in dollars and the benefits one a line; the API takes cents and a list (the same rules check both). */
const planFormSchema = z.object({
  name: shape.name,
  description: shape.description,
  fee: dollarsText(shape.fee),
  period: shape.period,
  benefits: z.string().check(
    z.refine((text) => benefitLines(text).length <= MAX_BENEFITS, 'At most 20 benefits.'),
    z.refine((text) => benefitLines(text).every((line) => line.length <= MAX_BENEFIT), MESSAGES.tooLong(MAX_BENEFIT)),
  ),
  autoRenew: z.optional(z.boolean()),
  active: z.boolean(),
});
type PlanFormInput = z.input<typeof planFormSchema>;
type PlanFormValues = z.output<typeof planFormSchema>;

// A life membership never renews: its box is off and disabled.
const toInput = (values: PlanFormValues): MembershipPlanInput => ({
  ...values,
  benefits: benefitLines(values.benefits),
  autoRenew: values.period !== 'Life' && values.autoRenew === true,
});

const PERIOD_OPTIONS = MEMBERSHIP_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

/** Add or edit a plan. `onDone` gets the saved plan, or nothing on Cancel. */
export function PlanForm({ charityId, plan, onDone }: { charityId: string; plan?: MembershipPlan; onDone: (saved?: MembershipPlan) => void }) {
  const save = useSavePlan(charityId);
  // One key per form: resubmitting after a lost answer cannot make a second plan.
  const [idempotencyKey] = useState(randomId);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useAppForm<PlanFormInput, unknown, PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: plan
      ? {
          name: plan.name,
          description: plan.description,
          fee: centsToDollarString(plan.fee.cents),
          period: plan.period,
          benefits: plan.benefits.join('\n'),
          autoRenew: plan.autoRenew,
          active: plan.active,
        }
      : { name: '', description: '', fee: '', period: 'Yearly', benefits: '', autoRenew: true, active: true },
  });
  const life = watch('period') === 'Life';

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      onDone(await save.mutateAsync({ planId: plan?.planId, input: toInput(values), idempotencyKey }));
    } catch (error) {
      // A benefit's own message ('benefits.3') shows under the benefits box.
      setFailure(applyServerErrors(error, setError, formFields(['name', 'description', 'fee', 'period', 'autoRenew', 'active'], { whole: ['benefits'] })));
    }
  });

  const title = plan ? `Edit “${plan.name}”` : 'Add a plan';
  return (
    <Panel title={title}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <FormGrid>
          <TextField label="Name" hint="For example “Family membership”." error={errors.name?.message} {...register('name')} />
          <TextField label="Fee (dollars)" inputMode="decimal" numeric error={errors.fee?.message} {...register('fee')} />
          <SelectField
            label="Period"
            options={PERIOD_OPTIONS}
            error={errors.period?.message}
            {...register('period', {
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === 'Life') setValue('autoRenew', false);
              },
            })}
          />
          <TextareaField label="Description" rows={3} className={wide} error={errors.description?.message} {...register('description')} />
          <TextareaField
            label="Benefits"
            hint="One a line, for example “Free entry to our open days”."
            rows={4}
            className={wide}
            error={errors.benefits?.message}
            {...register('benefits')}
          />
          <CheckboxField
            label={life ? 'Renews automatically (a life membership does not renew)' : 'Renews automatically from the member’s saved card'}
            disabled={life}
            {...register('autoRenew')}
          />
          <CheckboxField label="Open to new members" {...register('active')} />
        </FormGrid>
        {errors.autoRenew?.message ? <FormMessage>{errors.autoRenew.message}</FormMessage> : null}
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {plan ? 'Save plan' : 'Add plan'}
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
