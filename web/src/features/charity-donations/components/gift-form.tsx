import { slugify } from '../../../lib/slug';
import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { giftInputSchema, giftPriceCentsSchema, type AdminGift, type GiftInput } from '@giving/shared/contracts/dollar-handles';
import { centsToDollarString } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, wide } from '../../../components/ui/panel';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { randomId } from '../../../lib/random-id';
import { useSaveGift } from '../api/save-gift';
import { dollarsText } from '../money-text';
import { useAppForm } from '../../../lib/use-app-form';

/** The form types the price in dollars; the API takes integer cents (the same rule checks both). */
const giftFormSchema = z.object({
  title: giftInputSchema.shape.title,
  description: giftInputSchema.shape.description,
  productUrl: giftInputSchema.shape.productUrl,
  price: dollarsText(giftPriceCentsSchema),
});
type GiftFormInput = z.input<typeof giftFormSchema>;
type GiftFormValues = z.output<typeof giftFormSchema>;

/** 'Feed a kiwi chick!' -> 'feed-a-kiwi-chick' (the page address the form suggests). */

const toInput = ({ price, ...values }: GiftFormValues): GiftInput => ({ ...values, priceCents: price });

/**
 * Add or edit a gift: title, description, page address (it follows the title of a new gift until edited) and price
 * in dollars (0 lets the donor choose the amount). `onDone` gets the saved gift, or nothing on Cancel.
 */
export function GiftForm({ charityId, gift, onDone }: { charityId: string; gift?: AdminGift; onDone: (saved?: AdminGift) => void }) {
  const save = useSaveGift(charityId);
  // One key per form: resubmitting after a lost answer cannot make a second gift.
  const [idempotencyKey] = useState(randomId);
  const [failure, setFailure] = useState<string>();
  const addressEdited = useRef(gift !== undefined);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<GiftFormInput, unknown, GiftFormValues>({
    resolver: zodResolver(giftFormSchema),
    defaultValues: gift
      ? { title: gift.title, description: gift.description, productUrl: gift.productUrl, price: centsToDollarString(gift.price.cents) }
      : { title: '', description: '', productUrl: '', price: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      onDone(await save.mutateAsync({ giftId: gift?.id, input: toInput(values), idempotencyKey }));
    } catch (error) {
      // The API names priceCents; the form shows it under the price.
      const fields = formFields(['title', 'description', 'productUrl']);
      setFailure(applyServerErrors(error, setError, (path) => (path === 'priceCents' ? 'price' : fields(path))));
    }
  });

  const title = gift ? `Edit “${gift.title}”` : 'Add gift';
  return (
    <Panel title={title}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <FormGrid>
          <TextField
            label="Title"
            error={errors.title?.message}
            {...register('title', {
              onChange: (event: { target: { value: string } }) => {
                if (!addressEdited.current) setValue('productUrl', slugify(event.target.value));
              },
            })}
          />
          <TextField
            label="Price (dollars)"
            inputMode="decimal"
            numeric
            hint="0 lets donors choose how much to give."
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label="Page address"
            hint="Lower-case letters, digits and dashes; unique among your gifts."
            className={wide}
            error={errors.productUrl?.message}
            {...register('productUrl', {
              onChange: () => {
                addressEdited.current = true;
              },
            })}
          />
          <TextareaField label="Description" rows={4} className={wide} error={errors.description?.message} {...register('description')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {gift ? 'Save gift' : 'Add gift'}
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
