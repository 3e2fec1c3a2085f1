import { useEffect, useId, useRef, useState } from 'react';
import { useWatch, type Control, type UseFormRegisterReturn, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router-dom';
import type { CardToken } from '@giving/shared/contracts/donations-public';
import { type MemberVoucherPurchaseRequest, type VoucherPurchaseRequest } from '@giving/shared/contracts/vouchers';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney, money, parseDollars, type Currency } from '@giving/shared/money';
import { Button, buttonClassName } from '../../../components/ui/button';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { firstErrorIn } from '../../../lib/focus-first-error';
import { useAppForm } from '../../../lib/use-app-form';
import { afterFirstScreen } from '../../../lib/first-screen';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useCreateVoucherPurchase } from '../api/create-voucher-purchase';
import { useCountryCardGateway } from '../../../lib/country-card-gateway';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import {
  VOUCHER_SERVER_FIELDS,
  memberVoucherPurchaseFormSchema,
  voucherPurchaseDefaults,
  voucherPurchaseFormSchema,
  type VoucherPurchaseFormInput,
  type VoucherPurchaseFormValues,
} from '../voucher-purchase-schema';
import { CARD_FORM_UNAVAILABLE, CARD_FRAME_NOT_READY, CardFrameError } from '../../../lib/card-errors';
import { CARD_FRAME_LOADING } from '../messages';
import type { CardFrameHandle } from '../../../components/payments/card-frame';
import { cardFramePart, processingModalPart } from './parts';
import { VoucherValueFields, isVoucherValue } from './voucher-value-fields';
import formStyles from './checkout-form.module.css';
import thankYouStyles from './thank-you.module.css';
import styles from './voucher-purchase.module.css';
import { VoucherIntro } from './voucher-page';

/** The anchor of the value picker (spec §2: /charity/gift-vouchers/new-voucher#voucher-select). */
export const VOUCHER_SELECT_ID = 'voucher-select';

type PurchaseDraft = Omit<VoucherPurchaseRequest, 'card'> | Omit<MemberVoucherPurchaseRequest, 'card'>;

interface Bought {
  trackingNumber: string;
  value: number;
  sentTo: string[];
}

/**
 * /{country}/charity/gift-vouchers/new-voucher — buys a gift voucher by card: a value (quick values or any amount from
 * $1), who it is for and a message (both optional), the buyer (a guest's names and e-mail; a signed-in member is who
 * their sign-in says), the gateway's card fields, then the processing modal while the payment runs and a thank-you.
 * The code goes out by e-mail once the card is charged.
 */
export function VoucherPurchase({ country }: { country: CountryCode }) {
  const { locale, currency } = COUNTRIES[country];
  const headingId = useId();
  const [bought, setBought] = useState<Bought>();
  useScrollToVoucherSelect();

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <VoucherIntro headingId={headingId} />
      {bought ? (
        <VoucherThankYou bought={bought} country={country} locale={locale} currency={currency} onAnother={() => setBought(undefined)} />
      ) : (
        <VoucherPurchaseForm country={country} locale={locale} currency={currency} onBought={setBought} />
      )}
    </section>
  );
}

/** The page opened at #voucher-select shows the value picker (the router does not scroll to anchors itself). */
function useScrollToVoucherSelect() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${VOUCHER_SELECT_ID}`) return;
    document.getElementById(VOUCHER_SELECT_ID)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

function VoucherPurchaseForm({
  country,
  locale,
  currency,
  onBought,
}: {
  country: CountryCode;
  locale: string;
  currency: Currency;
  onBought: (bought: Bought) => void;
}) {
  const session = useSession();
  const member = session.status === 'signedIn' ? { name: session.name, email: session.email } : undefined;
  // Voucher purchases carry no transaction fee (docs/DECISIONS.md); the country's merchant account still collects them.
  const { gateway, unavailable: cardUnavailable } = useCountryCardGateway(country);
  const cardFields = useRef<CardFrameHandle>(null);
  const { mutateAsync: create } = useCreateVoucherPurchase();
  const {
    register,
    control,
    handleSubmit,
    formRef,
    setValue,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useAppForm<VoucherPurchaseFormInput, unknown, VoucherPurchaseFormValues>({
    resolver: zodResolver(member ? memberVoucherPurchaseFormSchema : voucherPurchaseFormSchema),
    defaultValues: voucherPurchaseDefaults(),
    mode: 'onTouched',
  });
  // Who the code was e-mailed to, kept from the submission for the thank-you.
  const sentTo = useRef<string[]>([]);
  const flow = usePaymentFlow<PurchaseDraft, CardToken>({
    create,
    onCompleted: ({ trackingNumber, request }) => onBought({ trackingNumber, value: request.voucherValue, sentTo: sentTo.current }),
  });
  // The card frame comes after the page's first screen; the progress dialog once a payment starts.
  const cardFrame = cardFramePart.usePart(true, { afterFirstScreen: true });
  const progress = processingModalPart.usePart(flow.processing);
  useEffect(() => {
    afterFirstScreen()
      .then(processingModalPart.preload)
      .catch(() => undefined);
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    if (cardUnavailable) {
      flow.setFailure(CARD_FORM_UNAVAILABLE);
      return;
    }
    const draft = toDraft(values, country, member !== undefined);
    sentTo.current = [member?.email ?? values.email, values.recipientEmail].filter(Boolean);
    const outcome = await flow.submit(draft, () => cardFields.current?.tokenise() ?? Promise.reject(new CardFrameError(CARD_FRAME_NOT_READY)));
    if (outcome.kind === 'card-invalid') cardFields.current?.focus();
    if (outcome.kind === 'field-errors') {
      const unplaced: string[] = [];
      let first: keyof VoucherPurchaseFormInput | undefined;
      for (const [path, message] of Object.entries(outcome.fieldErrors)) {
        const field = VOUCHER_SERVER_FIELDS[path];
        if (!field) {
          unplaced.push(message);
          continue;
        }
        setError(field, { type: 'server', message });
        first ??= field;
      }
      if (first) setFocus(first);
      if (unplaced[0]) flow.setFailure(unplaced[0]);
    }
  });

  const trimOnBlur = (name: 'firstName' | 'lastName' | 'recipientName') => ({
    onBlur: (event: { target: { value: string } }) => {
      const value = event.target.value;
      if (value !== value.trim()) setValue(name, value.trim(), { shouldValidate: true });
    },
  });

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Buy a gift voucher">
      <fieldset id={VOUCHER_SELECT_ID} className={`${formStyles.section} ${styles.section}`}>
        <legend className={formStyles.legend}>Choose a value</legend>
        <ValuePicker control={control} setValue={setValue} locale={locale} currency={currency} field={register('voucherValue')} error={errors.voucherValue?.message} />
      </fieldset>

      <fieldset className={`${formStyles.section} ${styles.section}`}>
        <legend className={formStyles.legend}>Who is it for?</legend>
        <p className={styles.note}>Both optional: with their e-mail address, we send them the code too.</p>
        <div className={formStyles.row}>
          <TextField label="Recipient Name" autoComplete="off" error={errors.recipientName?.message} {...register('recipientName', trimOnBlur('recipientName'))} />
          <TextField label="Recipient Email" type="email" autoComplete="off" error={errors.recipientEmail?.message} {...register('recipientEmail')} />
        </div>
        <TextareaField label="Message to the recipient" rows={3} placeholder="Message" error={errors.message?.message} {...register('message')} />
      </fieldset>

      <fieldset className={`${formStyles.section} ${styles.section}`}>
        <legend className={formStyles.legend}>Your details</legend>
        {member ? (
          <p className={formStyles.givingAs}>{`Buying as ${member.name} (${member.email})`}</p>
        ) : (
          <>
            <div className={formStyles.row}>
              <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName', trimOnBlur('firstName'))} />
              <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', trimOnBlur('lastName'))} />
            </div>
            <TextField label="Email" type="email" autoComplete="email" hint="We e-mail the voucher code here." error={errors.email?.message} {...register('email')} />
          </>
        )}
      </fieldset>

      <fieldset className={`${formStyles.section} ${styles.section}`}>
        <legend className={formStyles.legend}>Card details</legend>
        {cardFrame ? <cardFrame.CardFrame gateway={gateway} unavailable={cardUnavailable} handle={cardFields} /> : <LoadingBlock label={CARD_FRAME_LOADING} />}
      </fieldset>

      <div className={formStyles.actions}>
        {flow.failure ? <FormMessage>{flow.failure}</FormMessage> : null}
        <BuyButton control={control} locale={locale} currency={currency} busy={isSubmitting || flow.processing} />
      </div>

      {progress ? <progress.PaymentProgress open={flow.processing} run={flow.run} returnFocus={() => firstErrorIn(formRef.current)} /> : null}
    </form>
  );
}

function toDraft(values: VoucherPurchaseFormValues, country: CountryCode, signedIn: boolean): PurchaseDraft {
  const message = values.message.trim();
  const recipient = {
    ...(values.recipientName.trim() ? { name: values.recipientName.trim() } : {}),
    ...(values.recipientEmail ? { email: values.recipientEmail } : {}),
  };
  return {
    country,
    voucherValue: values.voucherValue,
    ...(Object.keys(recipient).length > 0 ? { recipient } : {}),
    ...(message ? { message } : {}),
    // A signed-in member is the buyer their token names; the member route refuses a buyer in the body.
    ...(signedIn ? {} : { buyer: { firstName: values.firstName, lastName: values.lastName, email: values.email } }),
  };
}

interface MoneyDisplay {
  control: Control<VoucherPurchaseFormInput, unknown, VoucherPurchaseFormValues>;
  locale: string;
  currency: Currency;
}

/** The value's quick values and field; only they follow what is typed there. */
function ValuePicker({
  control,
  setValue,
  locale,
  currency,
  field,
  error,
}: MoneyDisplay & { setValue: UseFormSetValue<VoucherPurchaseFormInput>; field: UseFormRegisterReturn; error: string | undefined }) {
  const cents = parseDollars(useWatch({ control, name: 'voucherValue' }));
  return (
    <VoucherValueFields
      cents={cents}
      onPick={(text) => setValue('voucherValue', text, { shouldValidate: true, shouldDirty: true })}
      field={field}
      error={error}
      locale={locale}
      currency={currency}
    />
  );
}

/** 'Buy $50.00 Voucher' while the value is valid, else 'Buy Voucher'. */
function BuyButton({ control, locale, currency, busy }: MoneyDisplay & { busy: boolean }) {
  const cents = parseDollars(useWatch({ control, name: 'voucherValue' }));
  return (
    <Button type="submit" size="lg" block loading={busy}>
      {isVoucherValue(cents) ? `Buy ${formatMoney(money(cents, currency), locale)} Voucher` : 'Buy Voucher'}
    </Button>
  );
}

function VoucherThankYou({ bought, country, locale, currency, onAnother }: { bought: Bought; country: CountryCode; locale: string; currency: Currency; onAnother: () => void }) {
  const headingId = useId();
  // It replaces the form the donor was on (and the processing modal that had focus): focus lands on the thanks.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={thankYouStyles.panel} role="status" aria-labelledby={headingId}>
      <span className={thankYouStyles.tick} aria-hidden="true">
        ✓
      </span>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Thank you for your gift voucher
      </h2>
      <p>{`The voucher code is on its way by e-mail to ${bought.sentTo.join(' and ')}.`}</p>
      <dl className={thankYouStyles.summary}>
        <dt>Voucher value</dt>
        <dd>{formatMoney(money(bought.value, currency), locale)}</dd>
        <dt>Reference</dt>
        <dd>{bought.trackingNumber}</dd>
      </dl>
      <div className={styles.doneActions}>
        <Button onClick={onAnother}>Buy another voucher</Button>
        <Link to={paths.charities(country)} className={buttonClassName({ variant: 'secondary' })}>
          Browse charities
        </Link>
      </div>
    </div>
  );
}
