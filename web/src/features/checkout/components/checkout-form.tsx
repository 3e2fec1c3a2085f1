import { useEffect, useId, useRef } from 'react';
import { useForm, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { QUICK_PICK_AMOUNTS, type Gift } from '@giving/shared/contracts/donations';
import type { CharityProfile } from '@giving/shared/contracts/accounts';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { centsToDollarString, formatMoney, parseDollars, type Currency } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { useRuntimeConfig } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import {
  CHECKOUT_FIELD_ORDER,
  SERVER_FIELD_TO_FORM_FIELD,
  TIP_OPTIONS,
  checkoutDefaults,
  checkoutFormSchema,
  dollarAmountSchema,
  memberCheckoutFormSchema,
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

/** What the checkout pays for: a gift on a gift page, or a general donation on a charity page (quantity 1). */
export type CheckoutTarget =
  | { pageType: 'GIFT'; gift: Gift }
  | { pageType: 'CHARITY'; charity: Pick<CharityProfile, 'id' | 'name' | 'charityUrl'> };

export interface CheckoutFormProps {
  target: CheckoutTarget;
  country: CountryCode;
}

/** Spec §2: the general donation is the 'Donate Amount of Your Choice' of a charity. */
export const GENERAL_DONATION_HEADING = 'Donate Amount of Your Choice';

/** The signed-in member the checkout gives as; a guest has none (so does a session still loading: the guest form shows). */
interface SignedInMember {
  name: string;
  email: string;
}

/** Who is giving, shown instead of the name and e-mail fields when signed in. */
export const givingAs = (member: SignedInMember) => `Giving as ${member.name} (${member.email})`;

/**
 * The checkout of a gift page (GIFT) and of a charity page (CHARITY), paid by card.
 * A guest gives their names and e-mail; a signed-in member skips them (spec §6) and sees who is giving instead, with
 * the receipt name starting at their name. Submit validates the form, tokenises the card in the gateway's frame,
 * then runs the payment flow (the guest route, or the member route without a donor).
 */
export function CheckoutForm({ target, country }: CheckoutFormProps) {
  const { locale, currency } = COUNTRIES[country];
  const isGift = target.pageType === 'GIFT';
  const charity = target.pageType === 'GIFT' ? target.gift.charity : target.charity;
  const headingId = useId();
  // Spec §5: the tip is offered only where the site shows gratuity; while that is unknown, it is not offered.
  const showGratuity = useSiteConfig(country).data?.showGratuity === true;
  const navigate = useNavigate();
  const session = useSession();
  const member: SignedInMember | undefined = session.status === 'signedIn' ? { name: session.name, email: session.email } : undefined;
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
    // Names and e-mail are checked only for a guest (spec §5); the resolver follows the session as it changes.
    resolver: zodResolver(member ? memberCheckoutFormSchema : checkoutFormSchema),
    defaultValues: checkoutDefaults(target.pageType === 'GIFT' ? target.gift.price.cents : 0),
    mode: 'onTouched',
  });

  const flow = usePaymentFlow({
    onCompleted: ({ trackingNumber, request }) =>
      void navigate(paths.thankYou(country), {
        state: thankYouState({
          charityName: charity.name,
          charityUrl: charity.charityUrl,
          ...(target.pageType === 'GIFT' ? { giftTitle: target.gift.title } : {}),
          quantity: request.quantity,
          total: { cents: request.donationAmount * request.quantity + request.supportingAmount, currency },
          trackingNumber,
        }),
      }),
  });

  // Once the donor edits the receipt name it is theirs; until then it follows first and last name (or the member's name).
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
    const outcome = await flow.submit(toPaymentDraft(values, target, country, showGratuity, member !== undefined), cardFrame.tokenise);
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
        {isGift ? 'Give this gift' : GENERAL_DONATION_HEADING}
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
          {isGift ? (
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
          ) : null}
        </div>
        <QuickPicks control={control} setValue={setValue} locale={locale} currency={currency} />
        {showGratuity ? (
          <fieldset className={styles.tip}>
            <legend className={styles.tipLegend}>Support the website</legend>
            <div className={styles.picks}>
              {TIP_OPTIONS.map((cents) => (
                <label key={cents} className={styles.tipOption}>
                  <input type="radio" value={cents} {...register('supportingAmount')} />
                  {cents === '0' ? 'None' : formatMoney({ cents: Number(cents), currency }, locale, { dropZeroCents: true })}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Total control={control} locale={locale} currency={currency} />
        <TextareaField label="Message" hideLabel placeholder="Message" rows={3} error={errors.message?.message} {...register('message')} />
        <CheckboxField label="Donate Anonymously" {...register('isAnonymous')} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Your details</legend>
        {member ? (
          <p className={styles.givingAs}>{givingAs(member)}</p>
        ) : (
          <>
            <div className={styles.row}>
              <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', trimOnBlur('firstName'))} />
              <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', trimOnBlur('lastName'))} />
            </div>
            <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          </>
        )}
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
        <ReceiptNameSuggestion control={control} setValue={setValue} edited={receiptNameEdited} memberName={member?.name} />
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

      <ProcessingModal open={flow.processing} status={flow.status} workingOnIt={flow.workingOnIt} />
    </form>
  );
}

function toPaymentDraft(
  values: CheckoutFormValues,
  target: CheckoutTarget,
  country: CountryCode,
  showGratuity: boolean,
  signedIn: boolean,
): PaymentDraft {
  const message = values.message.trim();
  const common = {
    country,
    donationAmount: values.donationAmount,
    supportingAmount: showGratuity ? values.supportingAmount : 0,
    paymentType: 'CARD',
    isRecurring: false,
    ...(message ? { message } : {}),
    isAnonymous: values.isAnonymous,
    receiptName: values.receiptName,
    // A signed-in member's donor is whoever their token names; the member route refuses a donor in the body.
    ...(signedIn ? {} : { donor: { firstName: values.firstName, lastName: values.lastName, email: values.email } }),
  } as const;
  return target.pageType === 'GIFT'
    ? { pageType: 'GIFT', giftId: target.gift.id, quantity: values.quantity, ...common }
    : { pageType: 'CHARITY', charityId: target.charity.id, quantity: 1, ...common };
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

/** Amount x quantity + tip in the country's currency; a dash while amount or quantity is not valid. */
function Total({ control, locale, currency }: MoneyDisplay) {
  const labelId = useId();
  const [amount, quantity, tip] = useWatch({ control, name: ['donationAmount', 'quantity', 'supportingAmount'] });
  const cents = dollarAmountSchema.safeParse(amount);
  const count = quantityTextSchema.safeParse(quantity);
  const tipCents = Number(tip) || 0;
  return (
    <p className={styles.total}>
      <span id={labelId}>Total</span>
      <output className={styles.totalValue} aria-labelledby={labelId} aria-live="polite">
        {cents.success && count.success ? formatMoney({ cents: cents.data * count.data + tipCents, currency }, locale) : '—'}
      </output>
    </p>
  );
}

/** Fills the receipt name until the donor edits it: from first and last name, or a signed-in member's name. */
function ReceiptNameSuggestion({
  control,
  setValue,
  edited,
  memberName,
}: {
  control: Control<CheckoutFormInput, unknown, CheckoutFormValues>;
  setValue: UseFormSetValue<CheckoutFormInput>;
  edited: { current: boolean };
  memberName: string | undefined;
}) {
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const { isSubmitted } = useFormState({ control });
  useEffect(() => {
    if (edited.current) return;
    const first = firstName.trim();
    const last = lastName.trim();
    const suggestion = memberName !== undefined ? memberName.trim() : first && last ? `${first} ${last}` : '';
    setValue('receiptName', suggestion, { shouldValidate: isSubmitted });
  }, [firstName, lastName, memberName, edited, setValue, isSubmitted]);
  return null;
}
