import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { MAX_QUANTITY, MIN_QUANTITY } from '@giving/shared/contracts/donations-public';
import { PAYROLL_FREQUENCIES, type CreatePayrollPledgeRequest, type PayrollFrequency, type PayrollPledge } from '@giving/shared/contracts/payroll';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { centsToDollarString, formatMoney } from '@giving/shared/money';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { Modal, type ModalProps } from '../../../components/ui/modal';
import { NumberSpinner } from '../../../components/ui/number-spinner';
import { ApiError, NetworkError, errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { randomId } from '../../../lib/random-id';
import { useCreatePayrollPledge } from '../api/create-payroll-pledge';
import { DEFAULT_DONATION_CENTS, dollarAmountSchema, quantityTextSchema } from '../checkout-form-schema';
import { ADD_TO_GIVING, type GivingTarget } from './add-to-giving';
import { PAYROLL_TEXTS } from './payroll-pledge';
import styles from './add-to-giving-dialog.module.css';
import choice from './payment-method-choice.module.css';
import pledge from './payroll-pledge.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/** The dialog's texts (spec 2 §7 names the call only; the frequencies are spec 1 §3's OnceOff and EveryPayCycle). */
export const GIVING_TEXTS = {
  amountPerPay: 'Amount per pay',
  /** A gift's amount per item, as the checkout names it (spec 1 §2). */
  giftAmount: 'Donation Amount',
  giftPriceHint: 'The price of this gift.',
  quantity: 'Quantity',
  howOften: 'How often',
  anonymous: 'Donate Anonymously',
  cancel: 'Cancel',
  addedTitle: 'Added to your giving',
  close: 'Close',
} as const;

export const FREQUENCY_LABELS: Record<PayrollFrequency, string> = { EveryPayCycle: 'Every pay', OnceOff: 'Once, from my next pay' };
/** The choices in the order shown: ongoing giving first. */
const FREQUENCIES: readonly PayrollFrequency[] = ['EveryPayCycle', 'OnceOff'];

/** The dialog's title names what is added: the charity, or the gift's title in quotes (a phrase, not a name). */
export const givingTitle = (target: GivingTarget) =>
  target.pageType === 'GIFT' ? `Add “${target.gift.title}” to your giving` : `Add ${target.charity.name} to your giving`;

/** How payroll giving works, in one sentence. */
export const howItWorks = (workplaceName: string | undefined) =>
  `${workplaceName ? `${workplaceName}’s` : 'Your employer’s'} payroll deducts this amount from your pay, and you can stop it any time from Upcoming donations.`;

/** What was added, from the API's answer. */
export function addedSummary(pledge: PayrollPledge): string {
  const what = pledge.gift ? `${pledge.gift.title}${pledge.quantity > 1 ? ` × ${pledge.quantity}` : ''} for ${pledge.charity.name}` : pledge.charity.name;
  const total = formatMoney(pledge.total, COUNTRIES[pledge.country].locale);
  const when = pledge.donationFrequency === 'EveryPayCycle' ? 'every pay' : 'from your next pay';
  return `${what}: ${total} ${when}, through ${pledge.workplace.name}’s payroll.`;
}

/** The checkout's own amount and quantity checks (checkout-form-schema.ts), so both refuse the same with the same words. */
const givingFormSchema = z.object({
  amount: dollarAmountSchema,
  quantity: quantityTextSchema,
  donationFrequency: z.enum(PAYROLL_FREQUENCIES),
  isAnonymous: z.boolean(),
});
type GivingFormInput = z.input<typeof givingFormSchema>;
type GivingFormValues = z.output<typeof givingFormSchema>;

/** Where the API's field errors (without 'body.') show in this form. */
const SERVER_FIELDS: Readonly<Record<string, 'amount' | 'quantity'>> = { amount: 'amount', productAmount: 'amount', productQuantity: 'quantity' };

function pledgeRequest(target: GivingTarget, country: CountryCode, values: GivingFormValues): CreatePayrollPledgeRequest {
  const common = { country, donationFrequency: values.donationFrequency, anonymousDonation: values.isAnonymous };
  return target.pageType === 'GIFT'
    ? { ...common, pageType: 'GIFT', productId: target.gift.id, productQuantity: values.quantity, productAmount: values.amount }
    : { ...common, pageType: 'CHARITY', charityId: target.charity.id, amount: values.amount };
}

export interface AddToGivingDialogProps {
  target: GivingTarget;
  country: CountryCode;
  /** The workplace whose payroll takes it (the member's payment options). */
  workplaceName?: string;
  onClose: () => void;
  returnFocus?: ModalProps['returnFocus'];
  onGiftChanged?: () => void;
}

/**
 * The amount per pay (a priced gift: its price, read-only, times a quantity; otherwise the member's amount), how
 * often, and whether to give anonymously; then POST /donations/me/payroll-pledges. Each press of the submit button
 * is a new pledge with a new Idempotency-Key, except pressing it again for the same pledge after no answer came back,
 * which sends the same key (the API stores it once). The API's refusals show in its words; success links to
 * Upcoming donations.
 */
export function AddToGivingDialog({ target, country, workplaceName, onClose, returnFocus, onGiftChanged }: AddToGivingDialogProps) {
  const { locale, currency } = COUNTRIES[country];
  const isGift = target.pageType === 'GIFT';
  const priceCents = target.pageType === 'GIFT' ? target.gift.price.cents : 0;
  const priced = priceCents > 0;
  const explanationId = useId();
  const mutation = useCreatePayrollPledge();
  const [failure, setFailure] = useState<string>();
  const [added, setAdded] = useState<PayrollPledge>();
  // The attempt that got no answer: pressed again with the same pledge, it goes with the same key.
  const unanswered = useRef<{ body: string; idempotencyKey: string } | undefined>(undefined);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useAppForm<GivingFormInput, unknown, GivingFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(givingFormSchema),
    defaultValues: {
      amount: centsToDollarString(priced ? priceCents : DEFAULT_DONATION_CENTS),
      quantity: '1',
      donationFrequency: 'EveryPayCycle',
      isAnonymous: false,
    },
  });

  // A priced gift's amount is its price, also when the page fetches the gift again with a new one.
  useEffect(() => {
    if (priced) setValue('amount', centsToDollarString(priceCents), { shouldValidate: true });
  }, [priced, priceCents, setValue]);

  const perPay = perPayCents(watch('amount'), isGift ? watch('quantity') : '1');

  const submit = handleSubmit((values) => {
    setFailure(undefined);
    const request = pledgeRequest(target, country, values);
    const body = JSON.stringify(request);
    const idempotencyKey = unanswered.current?.body === body ? unanswered.current.idempotencyKey : randomId();
    unanswered.current = undefined;
    mutation.mutate(
      { request, idempotencyKey },
      {
        onSuccess: setAdded,
        onError: (error) => {
          if (error instanceof NetworkError) unanswered.current = { body, idempotencyKey };
          showError(error);
        },
      },
    );
  });

  function showError(error: unknown) {
    const fieldErrors = fieldMessagesOf(error);
    if (error instanceof ApiError && error.status === 409) {
      // The gift's price changed since the page loaded: say so, and the page fetches the new one.
      if ('productAmount' in fieldErrors) onGiftChanged?.();
      setFailure(Object.values(fieldErrors)[0] ?? errorMessageOf(error));
      return;
    }
    const unplaced: string[] = [];
    for (const [path, message] of Object.entries(fieldErrors)) {
      const field = SERVER_FIELDS[path];
      if (field && !(field === 'amount' && priced)) setError(field, { type: 'server', message }, { shouldFocus: true });
      else unplaced.push(message);
    }
    if (unplaced[0] || Object.keys(fieldErrors).length === 0) setFailure(unplaced[0] ?? errorMessageOf(error));
  }

  const busy = mutation.isPending;

  return (
    <>
      <Modal open={added === undefined} title={givingTitle(target)} onClose={busy ? undefined : onClose} returnFocus={returnFocus}>
        <form className={pledge.body} noValidate aria-describedby={explanationId} onSubmit={(event) => void submit(event)}>
          {target.pageType === 'GIFT' ? <p className={styles.what}>For {target.gift.charity.name}</p> : null}
          {isGift ? (
            <>
              <div className={styles.amountRow}>
                <TextField
                  label={GIVING_TEXTS.giftAmount}
                  inputMode="decimal"
                  autoComplete="off"
                  numeric
                  readOnly={priced}
                  hint={priced ? GIVING_TEXTS.giftPriceHint : undefined}
                  error={errors.amount?.message}
                  {...register('amount')}
                />
                <NumberSpinner {...register('quantity')} label={GIVING_TEXTS.quantity} min={MIN_QUANTITY} max={MAX_QUANTITY} error={errors.quantity?.message} />
              </div>
              <PerPay cents={perPay} locale={locale} currency={currency} />
            </>
          ) : (
            <TextField label={GIVING_TEXTS.amountPerPay} inputMode="decimal" autoComplete="off" numeric error={errors.amount?.message} {...register('amount')} />
          )}
          <fieldset className={pledge.frequency}>
            <legend className={pledge.legend}>{GIVING_TEXTS.howOften}</legend>
            <div className={pledge.options}>
              {FREQUENCIES.map((frequency) => (
                <label key={frequency} className={choice.option}>
                  <input type="radio" value={frequency} {...register('donationFrequency')} />
                  {FREQUENCY_LABELS[frequency]}
                </label>
              ))}
            </div>
          </fieldset>
          <CheckboxField label={GIVING_TEXTS.anonymous} {...register('isAnonymous')} />
          <p id={explanationId} className={styles.explanation}>
            {howItWorks(workplaceName)}
          </p>
          {failure ? <FormMessage>{failure}</FormMessage> : null}
          <div className={pledge.actions}>
            <Button variant="ghost" disabled={busy} onClick={onClose}>
              {GIVING_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {ADD_TO_GIVING}
            </Button>
          </div>
        </form>
      </Modal>

      <Modal open={added !== undefined} title={GIVING_TEXTS.addedTitle} onClose={onClose} returnFocus={returnFocus}>
        <div className={pledge.body}>
          {added ? <p role="status">{addedSummary(added)}</p> : null}
          <div className={pledge.actions}>
            <Button variant="ghost" onClick={onClose}>
              {GIVING_TEXTS.close}
            </Button>
            <Link className={buttonClassName()} to={paths.upcomingDonations(country)}>
              {PAYROLL_TEXTS.goToUpcoming}
            </Link>
          </div>
        </div>
      </Modal>
    </>
  );
}


/** Amount × quantity in cents, or undefined while either is not valid. */
function perPayCents(amount: string, quantity: string): number | undefined {
  const cents = dollarAmountSchema.safeParse(amount);
  const count = quantityTextSchema.safeParse(quantity);
  return cents.success && count.success ? cents.data * count.data : undefined;
}

function PerPay({ cents, locale, currency }: { cents: number | undefined; locale: string; currency: (typeof COUNTRIES)[CountryCode]['currency'] }) {
  const labelId = useId();
  return (
    <p className={styles.perPay}>
      <span id={labelId}>{GIVING_TEXTS.amountPerPay}</span>
      <output className={styles.perPayValue} aria-labelledby={labelId} aria-live="polite">
        {cents !== undefined ? formatMoney({ cents, currency }, locale) : '—'}
      </output>
    </p>
  );
}
