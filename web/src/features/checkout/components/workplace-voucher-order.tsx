import { useId, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch, type Control, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CardToken } from '@giving/shared/contracts/donations-public';
import type { WorkplaceVoucherRecipient } from '@giving/shared/contracts/vouchers';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney, money, parseDollars, type Currency } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { firstErrorIn } from '../../../lib/focus-first-error';
import { useAppForm } from '../../../lib/use-app-form';
import { useCreateWorkplaceVoucherOrder } from '../api/create-workplace-voucher-order';
import { CARD_FORM_UNAVAILABLE, CARD_FRAME_NOT_READY, CardFrameError } from '../../../lib/card-errors';
import { useCountryCardGateway } from '../../../lib/country-card-gateway';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { CARD_FRAME_LOADING } from '../messages';
import {
  orderFieldFor,
  parsePeopleLines,
  toOrderDraft,
  workplaceVoucherOrderDefaults,
  workplaceVoucherOrderFormSchema,
  type OrderPerson,
  type WorkplaceVoucherOrderDraft,
  type WorkplaceVoucherOrderFormInput,
  type WorkplaceVoucherOrderFormValues,
} from '../workplace-voucher-order-schema';
import type { CardFrameHandle } from '../../../components/payments/card-frame';
import { cardFramePart, processingModalPart } from './parts';
import { VoucherValueFields, isVoucherValue } from './voucher-value-fields';
import formStyles from './checkout-form.module.css';
import styles from './workplace-voucher-order.module.css';

/** Adds people to the order, leaving out addresses already in it; says how many were added and how many were there. */
export type AddPeople = (people: readonly WorkplaceVoucherRecipient[]) => { added: number; already: number };

export interface WorkplaceVoucherOrderProps {
  workplaceId: string;
  /** The workplace's country: the vouchers' currency and the merchant account that takes the card. */
  country: CountryCode;
  /** Other ways to add people (the workplace's members, a business unit): the console gives them `add`. */
  fromWorkplace?: (add: AddPeople) => ReactNode;
  onCancel: () => void;
  /** The card was charged and the vouchers made: each person's code is on its way. */
  onOrdered: (order: { trackingNumber: string; people: number }) => void;
}

const peopleWord = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * A workplace buys a gift voucher for each of its people (issue 15 item 9), in one card payment: the value (as on the
 * voucher page), the people — pasted or typed one per line, or added from the workplace — each a row to correct or
 * remove, an optional message, the card, and a button that says what it costs. The rows are checked as the API checks
 * them (shared/contracts/vouchers.ts); the API's own field errors land on the person they name. Then the payment runs
 * as every payment does (usePaymentFlow and the processing modal).
 */
export function WorkplaceVoucherOrder({ workplaceId, country, fromWorkplace, onCancel, onOrdered }: WorkplaceVoucherOrderProps) {
  const { locale, currency } = COUNTRIES[country];
  const { gateway, unavailable: cardUnavailable } = useCountryCardGateway(country);
  const cardFields = useRef<CardFrameHandle>(null);
  const pasteId = useId();
  const { mutateAsync: create } = useCreateWorkplaceVoucherOrder(workplaceId);
  const {
    register,
    control,
    handleSubmit,
    formRef,
    getValues,
    setValue,
    setError,
    setFocus,
    trigger,
    formState: { errors, isSubmitting },
  } = useAppForm<WorkplaceVoucherOrderFormInput, unknown, WorkplaceVoucherOrderFormValues>({
    resolver: zodResolver(workplaceVoucherOrderFormSchema),
    defaultValues: workplaceVoucherOrderDefaults(),
    mode: 'onTouched',
  });
  const people = useFieldArray({ control, name: 'people' });
  const flow = usePaymentFlow<WorkplaceVoucherOrderDraft, CardToken>({
    create,
    onCompleted: ({ trackingNumber, request }) => onOrdered({ trackingNumber, people: request.recipients.length }),
  });
  const cardFrame = cardFramePart.usePart(true);
  const progress = processingModalPart.usePart(flow.processing);

  const append = (rows: readonly WorkplaceVoucherRecipient[]) => {
    if (rows.length === 0) return;
    people.append(
      rows.map((row): OrderPerson => ({ email: row.email, name: row.name ?? '' })),
      { shouldFocus: false },
    );
    // Checked at once: a wrong or repeated address is flagged as it joins the list.
    void trigger('people');
  };
  // The workplace's people: those already listed are left as they are (adding a unit twice changes nothing).
  const add: AddPeople = (more) => {
    const listed = new Set(getValues('people').map((row) => row.email.trim().toLowerCase()));
    const fresh = more.filter((person) => {
      const key = person.email.trim().toLowerCase();
      if (listed.has(key)) return false;
      listed.add(key);
      return true;
    });
    append(fresh);
    return { added: fresh.length, already: more.length - fresh.length };
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (cardUnavailable) {
        flow.setFailure(CARD_FORM_UNAVAILABLE);
        return;
      }
      const outcome = await flow.submit(toOrderDraft(values, country), () => cardFields.current?.tokenise() ?? Promise.reject(new CardFrameError(CARD_FRAME_NOT_READY)));
      if (outcome.kind === 'card-invalid') cardFields.current?.focus();
      if (outcome.kind === 'field-errors') {
        const unplaced: string[] = [];
        let first: string | undefined;
        for (const [path, message] of Object.entries(outcome.fieldErrors)) {
          const field = orderFieldFor(path);
          if (!field) {
            unplaced.push(message);
            continue;
          }
          setError(field as FieldPath<WorkplaceVoucherOrderFormInput>, { type: 'server', message });
          first ??= field;
        }
        if (first && first !== 'people') setFocus(first as FieldPath<WorkplaceVoucherOrderFormInput>);
        else if (first) document.getElementById(pasteId)?.focus();
        if (unplaced[0]) flow.setFailure(unplaced[0]);
      }
    },
    // An empty or too long list has no field of its own: focus goes to where people are added. Otherwise useAppForm
    // focuses the first wrong field.
    (invalid) => {
      const list = invalid.people as { root?: unknown; message?: unknown } | undefined;
      if (list && (list.root || list.message) && !invalid.voucherValue) document.getElementById(pasteId)?.focus();
    },
  );

  const peopleError = errors.people?.root?.message ?? errors.people?.message;

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Buy vouchers">
      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Value of each voucher</legend>
        <ValuePicker
          control={control}
          locale={locale}
          currency={currency}
          field={register('voucherValue')}
          error={errors.voucherValue?.message}
          onPick={(text) => setValue('voucherValue', text, { shouldValidate: true, shouldDirty: true })}
        />
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Who are they for?</legend>
        <p className={styles.note}>Each person gets a voucher of their own, and its code by e-mail once the card is charged.</p>
        {fromWorkplace ? fromWorkplace(add) : null}
        <PasteBox id={pasteId} error={peopleError} onAdd={append} />
        <PeopleCount control={control} />
        {people.fields.length > 0 ? (
          <ol className={styles.people} aria-label="People">
            {people.fields.map((row, index) => {
              const rowErrors = errors.people?.[index];
              return (
                <li key={row.id} className={styles.person}>
                  <TextField
                    label={`Name of person ${index + 1}`}
                    hideLabel
                    placeholder="Name (optional)"
                    autoComplete="off"
                    error={rowErrors?.name?.message}
                    {...register(`people.${index}.name`)}
                  />
                  <TextField
                    label={`Email of person ${index + 1}`}
                    hideLabel
                    placeholder="Email"
                    type="email"
                    autoComplete="off"
                    error={rowErrors?.email?.message}
                    {...register(`people.${index}.email`)}
                  />
                  <Button variant="ghost" size="sm" className={styles.remove} onClick={() => people.remove(index)}>
                    Remove<span className="visually-hidden"> person {index + 1}</span>
                  </Button>
                </li>
              );
            })}
          </ol>
        ) : null}
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Message</legend>
        <TextareaField label="Message to everyone" hint="Optional: each person reads it with their code." rows={3} error={errors.message?.message} {...register('message')} />
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Card details</legend>
        {cardFrame ? <cardFrame.CardFrame gateway={gateway} unavailable={cardUnavailable} handle={cardFields} /> : <LoadingBlock label={CARD_FRAME_LOADING} />}
      </fieldset>

      {flow.failure ? <FormMessage>{flow.failure}</FormMessage> : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting || flow.processing}>
          Cancel
        </Button>
        <BuyButton control={control} locale={locale} currency={currency} busy={isSubmitting || flow.processing} />
      </div>

      {progress ? <progress.PaymentProgress open={flow.processing} run={flow.run} returnFocus={() => firstErrorIn(formRef.current)} /> : null}
    </form>
  );
}

type OrderControl = Control<WorkplaceVoucherOrderFormInput, unknown, WorkplaceVoucherOrderFormValues>;

/** The value's quick values and field; only they follow what is typed there. */
function ValuePicker({
  control,
  locale,
  currency,
  error,
  field,
  onPick,
}: {
  control: OrderControl;
  locale: string;
  currency: Currency;
  field: UseFormRegisterReturn;
  error: string | undefined;
  onPick: (text: string) => void;
}) {
  const cents = parseDollars(useWatch({ control, name: 'voucherValue' }));
  return <VoucherValueFields cents={cents} onPick={onPick} field={field} error={error} locale={locale} currency={currency} />;
}

/**
 * Addresses typed or pasted one per line ('Name <email>' too): added to the list as written, so a wrong or repeated
 * one is flagged there, on its row, to correct or remove.
 */
function PasteBox({ id, error, onAdd }: { id: string; error: string | undefined; onAdd: (people: readonly WorkplaceVoucherRecipient[]) => void }) {
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const addLines = () => {
    const lines = parsePeopleLines(text);
    setEmpty(lines.length === 0);
    if (lines.length === 0) return;
    onAdd(lines);
    setText('');
  };
  return (
    <div className={styles.paste}>
      <TextareaField
        id={id}
        label="E-mail addresses"
        hint="One per line: an address, or a name and address as Ben Tui <ben.tui@example.com>."
        rows={4}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.pasteActions}>
        <Button variant="secondary" size="sm" onClick={addLines}>
          Add to the list
        </Button>
        {empty ? (
          <span role="status" className={styles.note}>
            Type or paste an e-mail address first.
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** How many people the order is for so far. */
function PeopleCount({ control }: { control: OrderControl }) {
  const count = useWatch({ control, name: 'people' }).length;
  return (
    <p className={styles.count} role="status">
      {count === 0 ? 'No one in the list yet.' : `${peopleWord(count)} in the list.`}
    </p>
  );
}

/** 'Buy 3 vouchers for $75.00' once the value is right and someone is listed, else 'Buy vouchers'. */
function BuyButton({ control, locale, currency, busy }: { control: OrderControl; locale: string; currency: Currency; busy: boolean }) {
  const cents = parseDollars(useWatch({ control, name: 'voucherValue' }));
  const count = useWatch({ control, name: 'people' }).length;
  return (
    <Button type="submit" loading={busy}>
      {isVoucherValue(cents) && count > 0
        ? `Buy ${count === 1 ? '1 voucher' : `${count} vouchers`} for ${formatMoney(money(cents * count, currency), locale)}`
        : 'Buy vouchers'}
    </Button>
  );
}
