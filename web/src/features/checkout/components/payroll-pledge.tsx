import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MIN_DONATION_CENTS } from '@giving/shared/contracts/donations-public';
import type { CreatePayrollPledgeRequest, PayrollFrequency, PayrollPledge } from '@giving/shared/contracts/payroll';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { randomId } from '../../../lib/random-id';
import { useCreatePayrollPledge } from '../api/create-payroll-pledge';
import { thankYouState, type ThankYouSummary } from '../thank-you-state';
import { ProcessingModal } from './processing-modal';
import choice from './payment-method-choice.module.css';
import styles from './payroll-pledge.module.css';

/** Spec §4 "Payroll" and §5: the texts of the payroll button and its modals. */
export const PAYROLL_TEXTS = {
  button: 'Add to Payroll',
  pleaseLogin: 'Please Login',
  confirmTitle: 'Are you sure you want to add this donation to Payroll?',
  confirm: 'Confirm',
  selectAmount: 'Please select an amount',
  // Sic: the spec's spelling.
  success: 'Donation added succesfully to your payroll',
  goToUpcoming: 'Go to upcoming donations',
  viewThankYou: 'View Thank You Message',
  failedTitle: 'We couldn’t add this donation to your payroll',
  ok: 'Ok',
  loginHint: 'Payroll giving is for workplace members: log in, and we’ll bring you back to this form to confirm your donation from your pay.',
} as const;

/** What the pledge is for: the checkout's target fits (a gift from its page, a general donation, or a fundraising page). */
export type PayrollTarget = { pageType: 'GIFT'; gift: { id: string } } | { pageType: 'CHARITY'; charity: { id: string } } | { pageType: 'FUNDRAISE'; page: { id: string } };

export interface PayrollPledgeProps {
  signedIn: boolean;
  /** The checkout turns payroll off (e.g. the member's workplace does not allow it). */
  disabled?: boolean;
  /** Per item, in cents; NaN when the amount field is not a number. */
  amountCents: number;
  quantity: number;
  isAnonymous: boolean;
  /** A fundraising page's pledge: the member's message to the page's owner (spec 1 §3's page payload `message`). */
  message?: string;
  target: PayrollTarget;
  country: CountryCode;
  /** The workplace the pledge goes through (usePaymentOptions' `workplace`), named in the confirm modal. */
  workplaceName?: string;
  /** Open the confirm modal on load (back from signing in for payroll), when signed in and not disabled. */
  autoOpen?: boolean;
  /** The checkout form's own validation (its form store's trigger()). */
  validate: () => Promise<boolean>;
  /** Called instead of opening the modal when the form is invalid (the form shows its errors). */
  onInvalid: () => void;
  /** A guest's 'Please Login': the checkout keeps its state (payment type PAYROLL) and goes to sign in (spec §4). */
  onRequestLogin: () => void;
  /** After the pledge is stored: the checkout clears its saved state. */
  onSuccess?: (pledge: PayrollPledge) => void;
  /** The API refused the pledge (e.g. 409: the gift's price changed, so the checkout fetches the gift again). */
  onFailed?: (error: unknown) => void;
}

/** The thank-you page's summary of a pledge. */
export function payrollThankYou(pledge: PayrollPledge): ThankYouSummary {
  return {
    charityName: pledge.charity.name,
    charityUrl: pledge.charity.charityUrl,
    ...(pledge.gift ? { giftTitle: pledge.gift.title } : {}),
    quantity: pledge.quantity,
    total: pledge.total,
    trackingNumber: pledge.pledgeId,
    kind: 'payroll',
    workplaceName: pledge.workplace.name,
  };
}

type Step = 'idle' | 'confirm' | 'processing' | 'succeeded' | 'failed';

/** Spec §5: the confirm button needs an amount of at least $1. */
const isAmountValid = (cents: number) => Number.isFinite(cents) && cents >= MIN_DONATION_CENTS;

function pledgeRequest(props: PayrollPledgeProps, donationFrequency: PayrollFrequency): CreatePayrollPledgeRequest {
  const common = { country: props.country, donationFrequency, anonymousDonation: props.isAnonymous };
  if (props.target.pageType === 'FUNDRAISE') {
    // Spec 1 §3: a fundraising page's payload is pageId, pageAmount, donationFrequency, anonymousDonation, message.
    return { ...common, pageType: 'FUNDRAISE', pageId: props.target.page.id, pageAmount: props.amountCents, ...(props.message?.trim() ? { message: props.message.trim() } : {}) };
  }
  return props.target.pageType === 'GIFT'
    ? { ...common, pageType: 'GIFT', productId: props.target.gift.id, productQuantity: props.quantity, productAmount: props.amountCents }
    : { ...common, pageType: 'CHARITY', charityId: props.target.charity.id, amount: props.amountCents };
}

/**
 * Spec §4 "Payroll": the payroll button, then confirm -> processing -> result. Logged out, the button reads
 * 'Please Login' (spec §5) and takes the guest to sign in, with the form kept, explaining why. An invalid form gets
 * `onInvalid` instead of the modal. Success offers the upcoming donations and the thank-you message; failure shows
 * the error and only Ok.
 */
export function PayrollPledgeButton(props: PayrollPledgeProps) {
  const { signedIn, disabled = false, amountCents, quantity, country, workplaceName, autoOpen = false, validate, onInvalid, onRequestLogin, onSuccess, onFailed } = props;
  const navigate = useNavigate();
  const frequencyName = useId();
  const hintId = useId();
  const [step, setStep] = useState<Step>('idle');
  const [checking, setChecking] = useState(false);
  const [frequency, setFrequency] = useState<PayrollFrequency>('OnceOff');
  const [pledged, setPledged] = useState<PayrollPledge>();
  const autoOpened = useRef(false);
  const mutation = useCreatePayrollPledge();

  useEffect(() => {
    if (!autoOpen || autoOpened.current || !signedIn || disabled) return;
    autoOpened.current = true;
    setStep('confirm');
  }, [autoOpen, signedIn, disabled]);

  async function start() {
    setChecking(true);
    const valid = await validate().catch(() => false);
    setChecking(false);
    if (!valid) {
      onInvalid();
      return;
    }
    mutation.reset();
    setStep('confirm');
  }

  function confirm() {
    setStep('processing');
    mutation.mutate(
      // One key per confirmation; the mutation's own retries reuse it.
      { request: pledgeRequest(props, frequency), idempotencyKey: randomId() },
      {
        onSuccess: (pledge) => {
          setPledged(pledge);
          setStep('succeeded');
          onSuccess?.(pledge);
        },
        onError: (error) => {
          setStep('failed');
          onFailed?.(error);
        },
      },
    );
  }

  const { currency, locale } = COUNTRIES[country];
  const amountValid = isAmountValid(amountCents);
  const total = amountValid && Number.isSafeInteger(quantity) && quantity > 0 ? formatMoney({ cents: amountCents * quantity, currency }, locale) : undefined;
  const goToUpcoming = () => void navigate(paths.upcomingDonations(country));

  if (!signedIn) {
    return (
      <div className={styles.payroll}>
        <Button block aria-describedby={hintId} onClick={onRequestLogin}>
          {PAYROLL_TEXTS.pleaseLogin}
        </Button>
        <p id={hintId} className={styles.hint}>
          {PAYROLL_TEXTS.loginHint}
        </p>
      </div>
    );
  }

  return (
    <div className={styles.payroll}>
      <Button block disabled={disabled} loading={checking} onClick={() => void start()}>
        {PAYROLL_TEXTS.button}
      </Button>

      <Modal open={step === 'confirm'} title={PAYROLL_TEXTS.confirmTitle} onClose={() => setStep('idle')}>
        <div className={styles.body}>
          {total ? (
            <p>
              {total} will be deducted from your pay{workplaceName ? ` at ${workplaceName}` : ''}
              {frequency === 'EveryPayCycle' ? ' every pay cycle' : ''}.
            </p>
          ) : null}
          <fieldset className={styles.frequency}>
            <legend className={styles.legend}>How often</legend>
            <div className={styles.options}>
              <label className={choice.option}>
                <input type="radio" name={frequencyName} checked={frequency === 'OnceOff'} onChange={() => setFrequency('OnceOff')} />
                Once
              </label>
              <label className={choice.option}>
                <input type="radio" name={frequencyName} checked={frequency === 'EveryPayCycle'} onChange={() => setFrequency('EveryPayCycle')} />
                Every pay cycle
              </label>
            </div>
          </fieldset>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => setStep('idle')}>
              Cancel
            </Button>
            <Button disabled={!amountValid} onClick={confirm}>
              {amountValid ? PAYROLL_TEXTS.confirm : PAYROLL_TEXTS.selectAmount}
            </Button>
          </div>
        </div>
      </Modal>

      <ProcessingModal open={step === 'processing'} />

      {/* Spec §2 "Payroll confirmation": closing a success goes to the upcoming donations. */}
      <Modal open={step === 'succeeded'} title={PAYROLL_TEXTS.success} onClose={goToUpcoming}>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void navigate(paths.thankYou(country), pledged ? { state: thankYouState(payrollThankYou(pledged)) } : undefined)}>
            {PAYROLL_TEXTS.viewThankYou}
          </Button>
          <Button onClick={goToUpcoming}>{PAYROLL_TEXTS.goToUpcoming}</Button>
        </div>
      </Modal>

      <Modal open={step === 'failed'} title={PAYROLL_TEXTS.failedTitle} role="alertdialog" onClose={() => setStep('idle')}>
        <div className={styles.body}>
          <FormMessage>{Object.values(fieldMessagesOf(mutation.error))[0] ?? errorMessageOf(mutation.error)}</FormMessage>
          <div className={styles.actions}>
            <Button onClick={() => setStep('idle')}>{PAYROLL_TEXTS.ok}</Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
