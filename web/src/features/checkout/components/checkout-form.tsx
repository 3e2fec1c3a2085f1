import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Resolver, UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { CARD_CHOICE_MESSAGE, MAX_QUANTITY, MIN_QUANTITY, QUICK_PICK_AMOUNTS, type Gift } from '@giving/shared/contracts/donations-public';
import type { CharityProfile } from '@giving/shared/contracts/accounts-public';
import type { Page } from '@giving/shared/contracts/fundraising';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import type { PaymentOptions } from '@giving/shared/payment-methods';
import { cardPartCents, transactionFeeCents } from '@giving/shared/fees';
import { centsToDollarString, formatMoney, parseDollars, type Currency } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { NumberSpinner } from '../../../components/ui/number-spinner';
import { ApiError, fieldMessagesOf } from '../../../lib/api-client';
import { firstErrorIn } from '../../../lib/focus-first-error';
import { useAppForm } from '../../../lib/use-app-form';
import { afterFirstScreen } from '../../../lib/first-screen';
import { lazyPart } from '../../../lib/lazy-part';
import { cardFramePart, processingModalPart } from './parts';
import { paths } from '../../../lib/paths';
import { signInToContinue, useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import {
  CHECKOUT_FIELD_ORDER,
  SERVER_FIELD_TO_FORM_FIELD,
  TIP_OPTIONS,
  checkoutDefaults,
  checkoutSchemaFor,
  dollarAmountSchema,
  quantityTextSchema,
  type CheckoutField,
  type CheckoutFormInput,
  type CheckoutFormValues,
  type CheckoutRules,
} from '../checkout-form-schema';
import { usePaymentOptions } from '../api/get-payment-options';
import type { MatchPreviewRequest } from '../api/get-match-preview';
import type { MatchPreview } from '@giving/shared/contracts/match-preview';
import { MatchPreviewLine } from './match-preview';
import { useCreateFundraisePayment, type FundraisePaymentInput } from '../api/create-fundraise-payment';
import { voucherCovers } from '@giving/shared/contracts/voucher-codes';
import { initialVoucherState, voucherReducer, type VoucherState } from '../voucher-state';
import { choosePaymentType, initialPaymentType, isAllowed, submitDisabled, type AllowedPaymentMethods } from '../payment-choice';
import { clearCheckoutState, loadCheckoutState, saveCheckoutState, type SavedCheckoutState } from '../saved-checkout-state';
import { useCountryCardGateway } from '../../../lib/country-card-gateway';
import { usePaymentFlow, type CreatePaymentCall, type PaymentCard, type PaymentDraft } from '../hooks/use-payment-flow';
import { thankYouState } from '../thank-you-state';
import { CARD_FORM_UNAVAILABLE, CARD_FRAME_NOT_READY, CardFrameError } from '../../../lib/card-errors';
import { CARD_FRAME_LOADING } from '../messages';
import type { CardFrameHandle } from '../../../components/payments/card-frame';
import { DonationFrequencyChoice, PaymentMethodChoice } from './payment-method-choice';
import type { SavedCardChoice } from './saved-cards';
import styles from './checkout-form.module.css';

// What the checkout's first paint does not show comes in chunks of its own, loaded once the form has rendered:
// the gateway's card fields (their frame loads from the gateway's origin after the page anyway) and the code that
// talks to them, the panels behind the voucher and payroll choices, a member's saved cards, and the modal of a
// running payment.
const voucherPanel = lazyPart(() => import('./voucher-panel'));
const payrollPledge = lazyPart(() => import('./payroll-pledge'));
const savedCards = lazyPart(() => import('./saved-cards'));

/**
 * Loads the checkout's parts that its first paint does not show, one after another, each in a task of its own: loaded
 * together, their stylesheets, preload links and module code all ran in one long task of the page's main thread.
 * A guest never sees saved cards, so their part is loaded only for a signed-in donor.
 */
export async function preloadCheckoutParts({ signedIn }: { signedIn: boolean }): Promise<void> {
  const parts = [
    () => cardFramePart.preload(),
    () => voucherPanel.preload(),
    () => payrollPledge.preload(),
    ...(signedIn ? [() => savedCards.preload()] : []),
    () => processingModalPart.preload(),
  ];
  for (const preload of parts) {
    await preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * What the checkout pays for: a gift on a gift page, a general donation on a charity page (quantity 1), or a donation
 * to a fundraising page (quantity 1, spec 1 §5 "Fundraise quantity forced to 1"), which carries a message to its owner.
 */
export type CheckoutTarget =
  | { pageType: 'GIFT'; gift: Gift }
  | { pageType: 'CHARITY'; charity: Pick<CharityProfile, 'id' | 'name' | 'charityUrl'> }
  | { pageType: 'FUNDRAISE'; page: Page };

export interface CheckoutFormProps {
  target: CheckoutTarget;
  country: CountryCode;
  /**
   * The API said the gift's price is not the one shown (409): the page fetches the gift again, and the form shows
   * the new price as it arrives.
   */
  onGiftChanged?: () => void;
  /**
   * The API said the fundraising page stopped taking donations meanwhile (409, ended or taken offline): the page
   * fetches itself again, and its status then replaces the checkout.
   */
  onPageClosed?: () => void;
  /** The payment completed (before the thank-you opens): e.g. a fundraising page's totals and donors are out of date. */
  onPaid?: () => void;
}

/** Spec §2: the general donation is the 'Donate Amount of Your Choice' of a charity. */
export const GENERAL_DONATION_HEADING = 'Donate Amount of Your Choice';

/** The signed-in member the checkout gives as; a guest has none (so does a session still loading: the guest form shows). */
interface SignedInMember {
  name: string;
  email: string;
}

/** How a fundraising page's checkout names its owner: by first name. */
export const ownerFirstName = (page: Pick<Page, 'owner'>) => page.owner.name.trim().split(/\s+/)[0] || page.owner.name;
export const fundraiseHeading = (firstName: string) => `Donate to ${firstName}’s fundraiser`;
export const donorMessageLabel = (firstName: string) => `A message for ${firstName}`;
export const DONOR_MESSAGE_HINT = 'Optional. It shows on the page with your donation.';
export const messageHiddenLabel = (firstName: string) => `Only ${firstName} can see my message`;

/** Who is giving, shown instead of the name and e-mail fields when signed in. */
export const givingAs = (member: SignedInMember) => `Giving as ${member.name} (${member.email})`;

/** What the checkout is for: the gift, the charity or the fundraising page as the page has it. */
const targetOf = (target: CheckoutTarget) => (target.pageType === 'GIFT' ? target.gift : target.pageType === 'CHARITY' ? target.charity : target.page);

/**
 * The same checkout: the same gift, charity or page (as fetched: a fresh copy is another), country and callbacks. The
 * page around the form renders again as its own parts arrive (the charity page's roles, gifts and plans, each after
 * its first screen); the form, the heaviest thing on it, does not render with them.
 */
const sameCheckout = (a: CheckoutFormProps, b: CheckoutFormProps) =>
  a.target.pageType === b.target.pageType &&
  targetOf(a.target) === targetOf(b.target) &&
  a.country === b.country &&
  a.onGiftChanged === b.onGiftChanged &&
  a.onPageClosed === b.onPageClosed &&
  a.onPaid === b.onPaid;

/**
 * The checkout of a gift page (GIFT), of a charity page (CHARITY) and of a fundraising page (FUNDRAISE), paid by card.
 * A guest gives their names and e-mail; a signed-in member skips them (spec §6) and sees who is giving instead, with
 * the receipt name starting at their name. Submit validates the form, tokenises the card in the gateway's frame,
 * then runs the payment flow (the guest route, or the member route without a donor).
 */
export const CheckoutForm = memo(CheckoutFormView, sameCheckout);

function CheckoutFormView({ target, country, onGiftChanged, onPageClosed, onPaid }: CheckoutFormProps) {
  const { locale, currency } = COUNTRIES[country];
  const isGift = target.pageType === 'GIFT';
  // Spec §2: a priced gift is sold at its price (read-only); the donor chooses the amount of a general donation and
  // of a gift without a price ('Area of greatest need').
  const priceCents = target.pageType === 'GIFT' ? target.gift.price.cents : 0;
  const donorChoosesAmount = priceCents === 0;
  const isFundraise = target.pageType === 'FUNDRAISE';
  const charity = target.pageType === 'GIFT' ? target.gift.charity : target.pageType === 'FUNDRAISE' ? target.page.charity : target.charity;
  // The item whose choices are saved: the gift, the charity, or the fundraising page.
  const itemId = target.pageType === 'GIFT' ? target.gift.id : target.pageType === 'FUNDRAISE' ? target.page.id : target.charity.id;
  const ownerName = target.pageType === 'FUNDRAISE' ? ownerFirstName(target.page) : undefined;
  const headingId = useId();
  // Spec §5: the tip is offered only where the site shows gratuity; while that is unknown, it is not offered.
  const showGratuity = useSiteConfig(country).data?.showGratuity === true;
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const session = useSession();
  const member: SignedInMember | undefined = session.status === 'signedIn' ? { name: session.name, email: session.email } : undefined;
  const paymentOptions = usePaymentOptions(target.pageType);
  const allowed = allowedPaymentMethods(member !== undefined, paymentOptions.options);
  // What the donor chose for this item before (e.g. before signing in for payroll or monthly giving).
  const [saved] = useState(() => loadCheckoutState(itemId));
  // The country's merchant account frames the card fields (nz encrypts in the frame) and sets the fee (spec §3).
  const card = useCountryCardGateway(country);
  const cardFields = useRef<CardFrameHandle>(null);
  const methodsRef = useRef<HTMLFieldSetElement>(null);
  // Spec §4 "Voucher": the gift voucher's code and state (voucher-state.ts, driven by the voucher panel), starting
  // with no voucher applied and the code restored from the saved checkout state.
  const [voucher, updateVoucher] = useState<VoucherState>(() => initialVoucherState(saved?.voucherCode));
  const voucherApplied = voucher.voucherState === 'VOUCHER_APPLIED';
  // What decides the schema besides the values themselves (spec §5); read by the resolver at each validation.
  const rules = useRef<Omit<CheckoutRules, 'paymentType' | 'isRecurring'>>({ signedIn: false, voucherCovers: false });
  const {
    register,
    watch,
    handleSubmit,
    formRef,
    setValue,
    setError,
    setFocus,
    getValues,
    clearErrors,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting, isSubmitted },
  } = useAppForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    // Spec §5's timing: a field is checked when it loses focus, then on every change once touched.
    mode: 'onTouched',
    resolver: checkoutResolver(rules),
    defaultValues: startingValues(target, allowed, saved),
  });
  const values = watch();
  const { paymentType, isRecurring, donationAmount: amountText, quantity: quantityText, isAnonymous, saveCard, supportingAmount: tipText } = values;
  // Donation x quantity + tip, while the amount and quantity are valid (spec §5: what a voucher has to cover).
  const totalCents = totalOf(amountText, isGift ? quantityText : '1', showGratuity ? tipText : '0');
  // What a workplace campaign would add to a member's gift (issue 16 item 5): the amount x quantity, never the tip.
  const matchRequest: MatchPreviewRequest | undefined =
    member && totalCents
      ? {
          charityId: charity.id,
          ...(target.pageType === 'GIFT' ? { giftId: target.gift.id } : {}),
          ...(target.pageType === 'FUNDRAISE' ? { pageId: target.page.id, eventId: target.page.eventId } : {}),
          amount: totalCents.donationCents * totalCents.quantity,
          currency,
          paymentType: paymentType === 'PAYROLL' ? 'PAYROLL' : voucherApplied ? 'VOUCHER' : 'CARD',
          recurring: isRecurring || paymentType === 'PAYROLL',
        }
      : undefined;
  // What the line under Donate says now: the thank-you page confirms it once the match is recorded.
  const expectedMatches = useRef<MatchPreview['items']>([]);
  const onMatchItems = useCallback((items: MatchPreview['items']) => {
    expectedMatches.current = items;
  }, []);
  const covers =
    voucherApplied &&
    totalCents !== undefined &&
    voucherCovers({ donationCents: totalCents.donationCents, quantity: totalCents.quantity, tipCents: totalCents.tipCents, voucherCents: voucher.voucherAmount });
  rules.current = { signedIn: member !== undefined, voucherCovers: covers };
  // After a submit, when what the form asks for changes (a voucher now covers the total, the donor signed in), the
  // fields showing an error are checked again: an error the new rules no longer make does not stay behind.
  useEffect(() => {
    const shown = Object.keys(errors) as CheckoutField[];
    if (isSubmitted && shown.length > 0) void trigger(shown);
  }, [covers, member !== undefined]);
  // The card's part (donation x quantity + tip, less an applied voucher) and the fee the donor covers on it:
  // 0 when nothing is paid by card, undefined while the amount is not valid or the fee is still loading.
  const cardPays = paymentType === 'CARD' || (paymentType === 'VOUCHER' && voucherApplied);
  const feeCents =
    totalCents === undefined
      ? undefined
      : !cardPays
        ? 0
        : card.fees
          ? transactionFeeCents(
              cardPartCents({
                donationAmountCents: totalCents.donationCents,
                quantity: totalCents.quantity,
                supportingAmountCents: totalCents.tipCents,
                voucherCents: voucherApplied ? voucher.voucherAmount : 0,
              }),
              card.fees,
            )
          : undefined;

  // A member's methods arrive after the first render (their workplace decides, spec §6): move off a method they
  // may not use, and onto the one they chose before signing in once it is allowed, unless they have chosen since.
  const chosenByDonor = useRef(false);
  const allowedKey = JSON.stringify(allowed);
  useEffect(() => {
    // Monthly giving follows the same rule: off while not allowed, back on when the donor chose it before signing in.
    const monthly = getValues('isRecurring');
    if (!allowed.recurring && monthly) setValue('isRecurring', false);
    else if (allowed.recurring && !monthly && saved?.isRecurring && !chosenByDonor.current) {
      setValue('isRecurring', true);
      setValue('saveCard', true);
    }
    const current = getValues('paymentType');
    if (chosenByDonor.current && isAllowed(allowed, current)) return;
    const next = initialPaymentType(allowed, saved?.paymentType ?? current);
    if (next !== current) setValue('paymentType', next);
    // Runs when the allowed methods change (allowedKey), not on every render.
  }, [allowedKey]);

  // A priced gift's amount is its price, also when a fresh copy of the gift brings a new one.
  useEffect(() => {
    if (donorChoosesAmount) return;
    const price = centsToDollarString(priceCents);
    if (getValues('donationAmount') !== price) setValue('donationAmount', price, { shouldValidate: isSubmitted });
  }, [priceCents]);

  // Spec §3: the donor's choices for this item are kept (this tab only) so signing in for recurring or payroll
  // giving comes back to the same form; a successful payment clears them.
  const voucherCode = useRef(voucher.voucherCode);
  voucherCode.current = voucher.voucherCode;
  const save = useRef(() => saveCheckoutState(itemId, savedStateOf(getValues(), voucherCode.current)));
  useEffect(() => {
    save.current();
    const subscription = watch(() => save.current());
    return () => subscription.unsubscribe();
  }, [watch]);
  useEffect(() => save.current(), [voucher.voucherCode]);

  // A fundraising page's payment goes to its own call (spec 1 §4), the page's id in its path.
  const { mutateAsync: createFundraisePayment } = useCreateFundraisePayment();
  const createForPage: CreatePaymentCall<PaymentDraft, PaymentCard> | undefined =
    target.pageType === 'FUNDRAISE'
      ? ({ request, idempotencyKey }) => createFundraisePayment({ pageId: target.page.id, request: request as FundraiseRequest, idempotencyKey })
      : undefined;
  const flow = usePaymentFlow({
    create: createForPage,
    onCompleted: ({ trackingNumber, request }) => {
      clearCheckoutState(itemId);
      onPaid?.();
      void navigate(paths.thankYou(country), {
        state: thankYouState({
          charityName: charity.name,
          charityUrl: charity.charityUrl,
          ...(target.pageType === 'GIFT' ? { giftTitle: target.gift.title } : {}),
          ...(target.pageType === 'FUNDRAISE'
            ? { fundraisingPage: { title: target.page.title, ownerName: target.page.owner.name, path: location.pathname } }
            : {}),
          quantity: request.quantity,
          total: { cents: request.donationAmount * request.quantity + request.supportingAmount + request.transactionFeeCents, currency },
          trackingNumber,
          ...(request.isRecurring ? { kind: 'monthly' as const } : {}),
          ...(expectedMatches.current.length > 0 ? { expectedMatches: expectedMatches.current } : {}),
        }),
      });
    },
  });

  // Spec §4 "Card panel": a member pays with a new card or one of their saved cards (isUsingSavedCreditCard).
  const [usingSavedCard, setUsingSavedCard] = useState(false);
  const [savedCard, setSavedCard] = useState<SavedCardChoice>({});
  const [savedCardMissing, setSavedCardMissing] = useState(false);

  // Once the donor edits the receipt name it is theirs; until then it follows first and last name (or the member's name).
  const receiptNameEdited = useRef(false);

  const showServerErrors = (status: number, fieldErrors: Record<string, string>) => {
    if (status === 409) {
      // What the donor was shown is out of date (the fee's rates, the gift's price, the voucher's balance): say so above Donate and
      // fetch the new figures, which the form shows as they arrive; the next press pays with them.
      if ('transactionFeeCents' in fieldErrors) card.refreshFees();
      if ('donationAmount' in fieldErrors) onGiftChanged?.();
      // The voucher holds less than when it was applied: it goes back to Apply, keeping its code.
      if ('voucher.code' in fieldErrors) updateVoucher((current) => voucherReducer(current, { type: 'balanceChanged' }));
      flow.setFailure(Object.values(fieldErrors)[0]);
      return;
    }
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
    if (notReady) {
      // Donate stays in the tab order while the form cannot pay (spec §5 disables it: aria-disabled); pressed, it
      // takes the donor to what is missing: a method to choose, or the voucher to apply.
      const methods = methodsRef.current;
      (methods?.querySelector<HTMLElement>('input:not([type="radio"])') ?? methods?.querySelector<HTMLElement>('button'))?.focus();
      return;
    }
    if (values.isRecurring && !member) {
      // Spec §4: recurring giving needs a member; the choices are saved (above) and the donor comes back here.
      signInToContinue(here, 'recurring');
      return;
    }
    if (card.unavailable) {
      flow.setFailure(CARD_FORM_UNAVAILABLE);
      return;
    }
    if (feeCents === undefined) {
      // The fee (from the gateway settings) has not arrived yet: the donor must see what they pay before paying.
      flow.setFailure(CARD_FRAME_NOT_READY);
      return;
    }
    if (member && usingSavedCard && !savedCard.savedCardId) {
      // Spec §5: a saved card must be chosen when paying with one.
      setSavedCardMissing(true);
      return;
    }
    const byVoucher = values.paymentType === 'VOUCHER' && voucherApplied;
    const resolveCard = async (): Promise<PaymentCard> => {
      // A voucher that covers the total needs no card (the server checks the real balance when it redeems).
      if (byVoucher && covers) return undefined;
      if (member && usingSavedCard && savedCard.savedCardId) return { savedCardId: savedCard.savedCardId };
      if (!cardFields.current) throw new CardFrameError(CARD_FRAME_NOT_READY);
      const token = await cardFields.current.tokenise();
      // A monthly gift always keeps its card (the API saves it anyway); a member may ask to keep any card.
      return member && (values.saveCard || values.isRecurring) ? { ...token, saveCard: true } : token;
    };
    const outcome = await flow.submit(
      toPaymentDraft(values, target, country, showGratuity, member !== undefined, byVoucher ? voucher.voucherCode : undefined, feeCents),
      resolveCard,
    );
    if (outcome.kind === 'card-invalid') cardFields.current?.focus();
    else if (outcome.kind === 'field-errors') showServerErrors(outcome.status, outcome.fieldErrors);
    // The page ended or went offline meanwhile: its message shows above Donate, and the page fetches itself again.
    else if (outcome.kind === 'failed' && outcome.status === 409 && isFundraise) onPageClosed?.();
  }, () => {
    // The form's own fields are wrong (useAppForm focuses the first): the card fields show theirs too, so one press
    // tells the donor everything.
    if (needsCard && !(member && usingSavedCard)) cardFields.current?.showErrors();
  });

  const choose = (chosen: CheckoutFormInput['paymentType']) => {
    chosenByDonor.current = true;
    const change = choosePaymentType({ paymentType, voucherApplied: voucherApplied }, chosen);
    setValue('paymentType', change.paymentType);
    if (change.clearVoucher) updateVoucher(initialVoucherState());
    if (change.clearTip) setValue('supportingAmount', '0');
    if (change.recurringOff) setValue('isRecurring', false);
    clearErrors();
  };

  const chooseFrequency = (monthly: boolean) => {
    chosenByDonor.current = true;
    setValue('isRecurring', monthly);
    // A monthly gift is charged from a saved card (spec §6: logged-in donors may pay recurring and save cards).
    // A guest is told why they must log in first, and goes when they choose to (the form is saved meanwhile).
    if (monthly) setValue('saveCard', true);
  };

  const trimOnBlur = (name: 'firstName' | 'lastName' | 'receiptName') => ({
    onBlur: (event: { target: { value: string } }) => {
      const value = event.target.value;
      if (value !== value.trim()) setValue(name, value.trim(), { shouldValidate: true });
    },
  });

  // After the page's first screen has been drawn: none of them is on it, and the donor needs them only on choosing.
  const signedIn = member !== undefined;
  useEffect(() => {
    afterFirstScreen()
      .then(() => preloadCheckoutParts({ signedIn }))
      .catch(() => undefined);
  }, [signedIn]);

  const busy = isSubmitting || flow.processing;
  const disabled = submitDisabled({ paymentType, hasErrors: Object.keys(errors).length > 0, voucherApplied: voucherApplied, voucherCovers: covers });
  // Disabled with nothing to fix in the fields: no method chosen, or a voucher chosen and not applied.
  const notReady = submitDisabled({ paymentType, hasErrors: false, voucherApplied: voucherApplied, voucherCovers: covers });
  const payingByVoucher = paymentType === 'VOUCHER';
  // The card pays it all, or tops up a voucher that does not cover the total (spec §4).
  const needsCard = paymentType === 'CARD' || (payingByVoucher && voucherApplied && !covers);
  const payingByCard = paymentType === 'CARD';
  const payingByPayroll = paymentType === 'PAYROLL';
  const voucherPart = voucherPanel.usePart(payingByVoucher);
  const payrollPart = payrollPledge.usePart(payingByPayroll);
  const savedCardsPart = savedCards.usePart(member !== undefined);
  const cardFrame = cardFramePart.usePart(true, { afterFirstScreen: true });
  const processingPart = processingModalPart.usePart(flow.processing);

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {isGift ? 'Give this gift' : ownerName !== undefined ? fundraiseHeading(ownerName) : GENERAL_DONATION_HEADING}
      </h2>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Your donation</legend>
        <div className={styles.amountRow}>
          <TextField
            label="Donation Amount"
            inputMode="decimal"
            autoComplete="off"
            numeric
            readOnly={!donorChoosesAmount}
            hint={donorChoosesAmount ? undefined : 'The price of this gift.'}
            error={errors.donationAmount?.message}
            {...register('donationAmount')}
          />
          {isGift ? (
            <NumberSpinner {...register('quantity')} label="Quantity" min={MIN_QUANTITY} max={MAX_QUANTITY} error={errors.quantity?.message} />
          ) : null}
        </div>
        {donorChoosesAmount ? <QuickPicks amount={amountText} setValue={setValue} locale={locale} currency={currency} /> : null}
        {showGratuity && paymentType !== 'PAYROLL' ? (
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
        <Total totalCents={totalCents} feeCents={feeCents} showFee={cardPays} locale={locale} currency={currency} />
        {ownerName !== undefined ? (
          // Spec 2 §3: a fundraising page's donation carries donorMessage (to the owner, shown on the page unless
          // isMessageAnonymous) in place of the checkout's message.
          <TextareaField label={donorMessageLabel(ownerName)} hint={DONOR_MESSAGE_HINT} rows={3} error={errors.message?.message} {...register('message')} />
        ) : (
          <TextareaField label="Message" hideLabel placeholder="Message" rows={3} error={errors.message?.message} {...register('message')} />
        )}
        <div className={styles.choices}>
          <CheckboxField label="Donate Anonymously" {...register('isAnonymous')} />
          {ownerName !== undefined ? <CheckboxField label={messageHiddenLabel(ownerName)} {...register('isMessageAnonymous')} /> : null}
        </div>
      </fieldset>

      <fieldset ref={methodsRef} className={styles.section}>
        <legend className={styles.legend}>Payment method</legend>
        <PaymentMethodChoice allowed={allowed} value={paymentType} onChoose={choose} />
        {payingByCard && allowed.recurring ? (
          <DonationFrequencyChoice
            monthly={isRecurring}
            signedIn={member !== undefined}
            onChange={chooseFrequency}
            onLogIn={() => signInToContinue(here, 'recurring')}
          />
        ) : null}
        {payingByVoucher && voucherPart ? (
          <voucherPart.VoucherPanel
            voucher={voucher}
            update={updateVoucher}
            totalCents={totalCents ? totalCents.donationCents * totalCents.quantity + totalCents.tipCents : undefined}
            feeCents={feeCents}
            country={country}
          />
        ) : null}
      </fieldset>

      {payingByPayroll ? null : (
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
        <ReceiptNameSuggestion
          firstName={values.firstName}
          lastName={values.lastName}
          isSubmitted={isSubmitted}
          setValue={setValue}
          edited={receiptNameEdited}
          memberName={member?.name}
        />
      </fieldset>
      )}

      {/* The card frame stays loaded while hidden, so switching back to a new card does not reload the gateway's form. */}
      <fieldset className={styles.section} hidden={!needsCard}>
        <legend className={styles.legend}>{payingByVoucher ? 'Card details for the rest' : 'Card details'}</legend>
        {member && savedCardsPart ? (
          <savedCardsPart.SavedCards
            country={country}
            value={savedCard}
            usingSaved={usingSavedCard}
            onChange={(choice) => {
              setSavedCard(choice);
              setSavedCardMissing(false);
            }}
            onUsingSavedChange={setUsingSavedCard}
          />
        ) : null}
        {savedCardMissing && usingSavedCard ? <FormMessage>{CARD_CHOICE_MESSAGE}</FormMessage> : null}
        <div hidden={member !== undefined && usingSavedCard}>
          {cardFrame ? (
            <cardFrame.CardFrame gateway={card.gateway} unavailable={card.unavailable} handle={cardFields} />
          ) : (
            <LoadingBlock label={CARD_FRAME_LOADING} />
          )}
          {member && payingByCard && savedCardsPart ? (
            <savedCardsPart.SaveCardCheckbox checked={saveCard || isRecurring} disabled={isRecurring} onChange={(checked) => setValue('saveCard', checked)} />
          ) : null}
        </div>
      </fieldset>

      <div className={styles.actions}>
        {flow.failure ? <FormMessage>{flow.failure}</FormMessage> : null}
        {payingByPayroll ? (
          payrollPart ? (
            <payrollPart.PayrollPledgeButton
              signedIn={member !== undefined}
              disabled={!allowed.payroll}
              amountCents={parseDollars(amountText) ?? Number.NaN}
              quantity={isGift ? Number(quantityText) : 1}
              isAnonymous={isAnonymous}
              {...(isFundraise ? { message: watch('message') } : {})}
              target={target}
              country={country}
              workplaceName={paymentOptions.options?.workplace?.name}
              // Back from signing in for payroll (spec §4): the confirmation opens by itself.
              autoOpen={saved?.paymentType === 'PAYROLL'}
              validate={() => trigger()}
              onInvalid={() => {
                const first = CHECKOUT_FIELD_ORDER.find((field) => getFieldState(field).invalid);
                if (first) setFocus(first);
              }}
              onRequestLogin={() => signInToContinue(here, 'payroll')}
              onSuccess={() => clearCheckoutState(itemId)}
              onFailed={(error) => {
                if (isConflict(error) && 'productAmount' in fieldMessagesOf(error)) onGiftChanged?.();
              }}
            />
          ) : null
        ) : (
          // aria-disabled, not disabled: a disabled button leaves the tab order, and pressing it could not say what to fix.
          <Button type="submit" size="lg" block loading={busy} aria-disabled={(disabled && !busy) || undefined}>
            {isRecurring && payingByCard ? 'Donate Monthly' : 'Donate'}
          </Button>
        )}
        {/* Under the button, the form's end: a line appearing there moves nothing the donor is reading. */}
        {member ? <MatchPreviewLine request={matchRequest} locale={locale} onItems={onMatchItems} /> : null}
      </div>

      {processingPart ? <processingPart.PaymentProgress open={flow.processing} run={flow.run} returnFocus={() => firstErrorIn(formRef.current)} /> : null}
    </form>
  );
}

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The methods the checkout offers (spec §6). A member gets what their workplace allows (card only while that loads;
 * on a fundraising page, Workplace_Fundraising_CreditCard/Voucher/Payroll decide). A guest may pay by card or voucher,
 * and sees monthly and payroll too: choosing them asks the guest to sign in. A fundraising page takes all four (its
 * payroll pledge carries the page payload of spec 1 §3).
 */
function allowedPaymentMethods(signedIn: boolean, options: PaymentOptions | undefined): AllowedPaymentMethods {
  // The member's options are already for this page type (Workplace_Fundraising_* on a fundraising page, spec 1 §6).
  if (!signedIn) return { card: true, voucher: true, payroll: true, recurring: true };
  if (!options) return { card: true, voucher: false, payroll: false, recurring: false };
  return { card: options.card, voucher: options.voucher, payroll: options.payroll, recurring: options.recurring };
}

/** The form's start: the saved choices for this item when there are any, else the defaults (spec §3). */
function startingValues(target: CheckoutTarget, allowed: AllowedPaymentMethods, saved: SavedCheckoutState | undefined): CheckoutFormInput {
  const priceCents = target.pageType === 'GIFT' ? target.gift.price.cents : 0;
  const defaults = checkoutDefaults(priceCents);
  const start = { ...defaults, paymentType: initialPaymentType(allowed) };
  if (!saved) return start;
  return {
    ...start,
    // A priced gift starts at its price today, whatever was saved.
    donationAmount: priceCents > 0 ? defaults.donationAmount : saved.donationAmount,
    quantity: target.pageType === 'GIFT' ? saved.quantity : '1',
    // Kept as saved: the donor's methods may still be loading (see the effect on the allowed methods).
    isRecurring: saved.isRecurring,
    paymentType: initialPaymentType(allowed, saved.paymentType),
    message: saved.message,
    isAnonymous: saved.isAnonymous,
    isMessageAnonymous: saved.isMessageAnonymous ?? false,
    supportingAmount: saved.supportingAmount,
    receiptName: saved.receiptName,
    saveCard: saved.isRecurring,
  };
}

function savedStateOf(values: CheckoutFormInput, voucherCode: string): SavedCheckoutState {
  return {
    donationAmount: values.donationAmount,
    quantity: values.quantity,
    isRecurring: values.isRecurring,
    paymentType: values.paymentType,
    message: values.message,
    isAnonymous: values.isAnonymous,
    isMessageAnonymous: values.isMessageAnonymous,
    voucherCode,
    isSupportingWebsite: values.supportingAmount !== '0',
    supportingAmount: values.supportingAmount,
    receiptName: values.receiptName,
  };
}

/** Donation, quantity and tip in cents, or undefined while the amount or quantity is not valid. */
function totalOf(amount: string, quantity: string, tip: string): { donationCents: number; quantity: number; tipCents: number } | undefined {
  const cents = dollarAmountSchema.safeParse(amount);
  const count = quantityTextSchema.safeParse(quantity);
  if (!cents.success || !count.success) return undefined;
  return { donationCents: cents.data, quantity: count.data, tipCents: Number(tip) || 0 };
}

/** Validates with the schema the checkout needs right now (spec §5), from the values and the rules outside them. */
function checkoutResolver(rules: { current: Omit<CheckoutRules, 'paymentType' | 'isRecurring'> }): Resolver<CheckoutFormInput, unknown, CheckoutFormValues> {
  return (values, context, options) => {
    const schema = checkoutSchemaFor({ ...rules.current, paymentType: values.paymentType, isRecurring: values.isRecurring });
    return zodResolver(schema as z.ZodMiniType<CheckoutFormValues, CheckoutFormInput>)(values, context, options);
  };
}

function toPaymentDraft(
  values: CheckoutFormValues,
  target: CheckoutTarget,
  country: CountryCode,
  showGratuity: boolean,
  signedIn: boolean,
  voucherCode: string | undefined,
  transactionFeeCents: number,
): PaymentDraft {
  const message = values.message.trim();
  const byVoucher = values.paymentType === 'VOUCHER' && voucherCode !== undefined;
  const common = {
    country,
    donationAmount: values.donationAmount,
    supportingAmount: showGratuity ? values.supportingAmount : 0,
    transactionFeeCents,
    paymentType: byVoucher ? 'VOUCHER' : 'CARD',
    // Monthly giving is a member's, by card (spec §4: a voucher turns recurring off).
    isRecurring: signedIn && !byVoucher && values.isRecurring,
    ...(byVoucher ? { voucher: { code: voucherCode } } : {}),
    isAnonymous: values.isAnonymous,
    receiptName: values.receiptName,
    // A signed-in member's donor is whoever their token names; the member route refuses a donor in the body.
    ...(signedIn ? {} : { donor: { firstName: values.firstName, lastName: values.lastName, email: values.email } }),
  };
  switch (target.pageType) {
    case 'GIFT':
      return { pageType: 'GIFT', giftId: target.gift.id, quantity: values.quantity, ...common, ...(message ? { message } : {}) } as PaymentDraft;
    case 'CHARITY':
      return { pageType: 'CHARITY', charityId: target.charity.id, quantity: 1, ...common, ...(message ? { message } : {}) } as PaymentDraft;
    case 'FUNDRAISE':
      // The page is in the call's path; its message goes to the owner as donorMessage (spec 2 §3), quantity fixed at 1.
      return {
        pageType: 'FUNDRAISE',
        quantity: 1,
        ...common,
        ...(message ? { donorMessage: message } : {}),
        isMessageAnonymous: values.isMessageAnonymous,
      } as PaymentDraft;
  }
}

type FundraiseRequest = FundraisePaymentInput['request'];

interface MoneyDisplay {
  locale: string;
  currency: Currency;
}

type SetCheckoutValue = UseFormSetValue<CheckoutFormInput>;

/** Spec §2: quick-pick amounts of 10, 20, 50, 100 and 200 dollars; the one matching the amount shows as pressed. */
function QuickPicks({ amount, setValue, locale, currency }: MoneyDisplay & { amount: string; setValue: SetCheckoutValue }) {
  const cents = parseDollars(amount);
  return (
    <div role="group" aria-label="Quick amounts" className={styles.picks}>
      {QUICK_PICK_AMOUNTS.map((dollars) => (
        <button
          key={dollars}
          type="button"
          className={styles.pick}
          aria-pressed={cents === dollars * 100}
          onClick={() => setValue('donationAmount', centsToDollarString(dollars * 100), { shouldValidate: true })}
        >
          {formatMoney({ cents: dollars * 100, currency }, locale, { dropZeroCents: true })}
        </button>
      ))}
    </div>
  );
}

/**
 * The transaction fee the donor covers when a card pays (spec §3 transactionFee) and the total: amount x quantity +
 * tip + fee, in the country's currency; a dash while the amount or quantity is not valid or the fee is loading.
 */
function Total({
  totalCents,
  feeCents,
  showFee,
  locale,
  currency,
}: MoneyDisplay & { totalCents: { donationCents: number; quantity: number; tipCents: number } | undefined; feeCents: number | undefined; showFee: boolean }) {
  const feeLabelId = useId();
  const labelId = useId();
  const total = totalCents && feeCents !== undefined ? totalCents.donationCents * totalCents.quantity + totalCents.tipCents + feeCents : undefined;
  return (
    <>
      {showFee ? (
        <p className={styles.fee}>
          <span id={feeLabelId}>Transaction fee</span>
          <output aria-labelledby={feeLabelId} aria-live="polite">
            {feeCents !== undefined ? formatMoney({ cents: feeCents, currency }, locale) : '—'}
          </output>
        </p>
      ) : null}
      <p className={styles.total}>
        <span id={labelId}>Total</span>
        <output className={styles.totalValue} aria-labelledby={labelId} aria-live="polite">
          {total !== undefined ? formatMoney({ cents: total, currency }, locale) : '—'}
        </output>
      </p>
    </>
  );
}

/** Fills the receipt name until the donor edits it: from first and last name, or a signed-in member's name. */
function ReceiptNameSuggestion({
  firstName,
  lastName,
  isSubmitted,
  setValue,
  edited,
  memberName,
}: {
  firstName: string;
  lastName: string;
  isSubmitted: boolean;
  setValue: SetCheckoutValue;
  edited: { current: boolean };
  memberName: string | undefined;
}) {
  useEffect(() => {
    if (edited.current) return;
    const first = firstName.trim();
    const last = lastName.trim();
    const suggestion = memberName !== undefined ? memberName.trim() : first && last ? `${first} ${last}` : '';
    setValue('receiptName', suggestion, { shouldValidate: isSubmitted });
  }, [firstName, lastName, memberName, edited, setValue, isSubmitted]);
  return null;
}
