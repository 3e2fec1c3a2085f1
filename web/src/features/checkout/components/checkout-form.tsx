import { useEffect, useId, useRef } from 'react';
import { useForm, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { QUICK_PICK_AMOUNTS, type Gift } from '@giving/shared/contracts/donations';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { centsToDollarString, formatMoney, parseDollars, type Currency } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { useRuntimeConfig } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import {
  CHECKOUT_FIELD_ORDER,
  SERVER_FIELD_TO_FORM_FIELD,
  checkoutDefaults,
  checkoutFormSchema,
  dollarAmountSchema,
  quantityTextSchema,
  type CheckoutField,
  type CheckoutFormInput,
  type CheckoutFormValues,
} from '../checkout-form-schema';
import { useCardFrame } from '../hooks/use-card-frame';
import { usePaymentFlow, type PaymentDraft } from '../hooks/use-payment-flow';
import { thankYouState } from '../thank-you-state';
import { CARD_FORM_UNAVAILABLE, CardFrame } from './card-frame';
import { ProcessingModal } from './processing-modal';
import styles from './checkout-form.module.css';

export interface CheckoutFormProps {
  gift: Gift;
  country: CountryCode;
}

/**
 * The purchase panel of a gift page: a guest pays by card (page type GIFT).
 * Submit validates the form, tokenises the card in the gateway's frame, then runs the payment flow.
 */
export function CheckoutForm({ gift, country }: CheckoutFormProps) {
  const { locale, currency } = COUNTRIES[country];
  const headingId = useId();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const cardFrame = useCardFrame(
    config.data ? { url: config.data.cardGatewayUrl, publishableKey: config.data.cardGatewayPublishableKey } : undefined,
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: checkoutDefaults(gift.price.cents),
    mode: 'onTouched',
  });

  const flow = usePaymentFlow({
    onCompleted: ({ trackingNumber, request }) =>
      void navigate(paths.thankYou(country), {
        state: thankYouState({
          charityName: gift.charity.name,
          charityUrl: gift.charity.charityUrl,
          giftTitle: gift.title,
          quantity: request.quantity,
          total: { cents: request.donationAmount * request.quantity + request.supportingAmount, currency },
          trackingNumber,
        }),
      }),
  });

  // Once the donor edits the receipt name it is theirs; until then it follows first and last name.
  const receiptNameEdited = useRef(false);

  const showServerErrors = (fieldErrors: Record<string, string>) => {
    const unplaced: string[] = [];
    const placed = new Set<CheckoutField>();
    for (const [path, message] of Object.entries(fieldErrors)) {
      const field = SERVER_FIELD_TO_FORM_FIELD[path];
      if (field) {
        setError(field, { type: 'server', message });
        placed.add(field);
      } else {
        unplaced.push(message);
      }
    }
    const first = CHECKOUT_FIELD_ORDER.find((field) => placed.has(field));
    if (first) setFocus(first);
    if (unplaced[0]) flow.setFailure(unplaced[0]);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (config.isError) {
      flow.setFailure(CARD_FORM_UNAVAILABLE);
      return;
    }
    const outcome = await flow.submit(toPaymentDraft(values, gift, country), cardFrame.tokenise);
    if (outcome.kind === 'card-invalid') cardFrame.focus();
    else if (outcome.kind === 'field-errors') showServerErrors(outcome.fieldErrors);
  });

  const trimOnBlur = (name: 'firstName' | 'lastName' | 'receiptName') => ({
    onBlur: (event: { target: { value: string } }) => {
      const value = event.target.value;
      if (value !== value.trim()) setValue(name, value.trim(), { shouldValidate: true });
    },
  });

  const busy = isSubmitting || flow.processing;

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Give this gift
      </h2>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Your donation</legend>
        <div className={styles.amountRow}>
          <TextField
            label="Donation Amount"
            inputMode="decimal"
            autoComplete="off"
            numeric
            error={errors.donationAmount?.message}
            {...register('donationAmount')}
          />
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            numeric
            error={errors.quantity?.message}
            {...register('quantity')}
          />
        </div>
        <QuickPicks control={control} setValue={setValue} locale={locale} currency={currency} />
        <Total control={control} locale={locale} currency={currency} />
        <TextareaField label="Message" hideLabel placeholder="Message" rows={3} error={errors.message?.message} {...register('message')} />
        <CheckboxField label="Donate Anonymously" {...register('isAnonymous')} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Your details</legend>
        <div className={styles.row}>
          <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', trimOnBlur('firstName'))} />
          <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', trimOnBlur('lastName'))} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Receipt Name"
          hint="The name on your donation receipt."
          autoComplete="name"
          error={errors.receiptName?.message}
          {...register('receiptName', {
            ...trimOnBlur('receiptName'),
            onChange: () => {
              receiptNameEdited.current = true;
            },
          })}
        />
        <ReceiptNameSuggestion control={control} setValue={setValue} edited={receiptNameEdited} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Card details</legend>
        <CardFrame frame={cardFrame} unavailable={config.isError} />
      </fieldset>

      <div className={styles.actions}>
        {flow.failure ? <FormMessage>{flow.failure}</FormMessage> : null}
        <Button type="submit" size="lg" block loading={busy}>
          Donate
        </Button>
      </div>

      <ProcessingModal open={flow.processing} status={flow.status} />
    </form>
  );
}

function toPaymentDraft(values: CheckoutFormValues, gift: Gift, country: CountryCode): PaymentDraft {
  const message = values.message.trim();
  return {
    pageType: 'GIFT',
    country,
    giftId: gift.id,
    donationAmount: values.donationAmount,
    quantity: values.quantity,
    supportingAmount: 0,
    paymentType: 'CARD',
    isRecurring: false,
    ...(message ? { message } : {}),
    isAnonymous: values.isAnonymous,
    receiptName: values.receiptName,
    donor: { firstName: values.firstName, lastName: values.lastName, email: values.email },
  };
}

interface MoneyDisplay {
  control: Control<CheckoutFormInput, unknown, CheckoutFormValues>;
  locale: string;
  currency: Currency;
}

/** Spec §2: quick-pick amounts of 10, 20, 50, 100 and 200 dollars; the one matching the amount shows as pressed. */
function QuickPicks({ control, setValue, locale, currency }: MoneyDisplay & { setValue: UseFormSetValue<CheckoutFormInput> }) {
  const amount = useWatch({ control, name: 'donationAmount' });
  const cents = parseDollars(amount);
  return (
    <div role="group" aria-label="Quick amounts" className={styles.picks}>
      {QUICK_PICK_AMOUNTS.map((dollars) => (
        <button
          key={dollars}
          type="button"
          className={styles.pick}
          aria-pressed={cents === dollars * 100}
          onClick={() => setValue('donationAmount', centsToDollarString(dollars * 100), { shouldValidate: true, shouldDirty: true })}
        >
          {formatMoney({ cents: dollars * 100, currency }, locale, { dropZeroCents: true })}
        </button>
      ))}
    </div>
  );
}

/** Amount x quantity in the country's currency; a dash while either is not valid. */
function Total({ control, locale, currency }: MoneyDisplay) {
  const labelId = useId();
  const [amount, quantity] = useWatch({ control, name: ['donationAmount', 'quantity'] });
  const cents = dollarAmountSchema.safeParse(amount);
  const count = quantityTextSchema.safeParse(quantity);
  return (
    <p className={styles.total}>
      <span id={labelId}>Total</span>
      <output className={styles.totalValue} aria-labelledby={labelId} aria-live="polite">
        {cents.success && count.success ? formatMoney({ cents: cents.data * count.data, currency }, locale) : '—'}
      </output>
    </p>
  );
}

function ReceiptNameSuggestion({
  control,
  setValue,
  edited,
}: {
  control: Control<CheckoutFormInput, unknown, CheckoutFormValues>;
  setValue: UseFormSetValue<CheckoutFormInput>;
  edited: { current: boolean };
}) {
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const { isSubmitted } = useFormState({ control });
  useEffect(() => {
    if (edited.current) return;
    const first = firstName.trim();
    const last = lastName.trim();
    setValue('receiptName', first && last ? `${first} ${last}` : '', { shouldValidate: isSubmitted });
  }, [firstName, lastName, edited, setValue, isSubmitted]);
  return null;
}
