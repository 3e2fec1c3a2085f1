import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  CreatePaymentRequest,
  FundraisePaymentRequest,
  MemberCard,
  MemberFundraisePaymentRequest,
  MemberPaymentRequest,
} from '@giving/shared/contracts/donations';
import { ApiError, NetworkError, errorMessageOf } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { useCreatePayment } from '../api/create-payment';
import { DEFAULT_PAYMENT_FAILURE, PAYMENT_NOT_SENT } from '../messages';
import { CardFrameError, CardInvalidError } from '../../../lib/card-errors';

type WithoutCard<Request> = Request extends unknown ? Omit<Request, 'card'> : never;

/**
 * Everything the payment request needs except the card, which the gateway's frame tokenises last (per page type):
 * a guest's names the donor, a signed-in member's does not. A fundraising page's (FUNDRAISE) goes to its own call,
 * which the checkout passes as `create`.
 */
export type PaymentDraft =
  | WithoutCard<CreatePaymentRequest>
  | WithoutCard<MemberPaymentRequest>
  | WithoutCard<FundraisePaymentRequest>
  | WithoutCard<MemberFundraisePaymentRequest>;

export type SubmitOutcome =
  | { kind: 'accepted'; trackingNumber: string }
  | { kind: 'card-invalid' }
  /**
   * The API refused fields; keyed by request path without 'body.', e.g. 'donor.email'. A 409 says a figure the donor
   * was shown (the fee, the gift's price) is out of date.
   */
  | { kind: 'field-errors'; status: number; fieldErrors: Record<string, string> }
  /** `status`: the API's answer when it refused the payment as a whole (e.g. 409: the page stopped taking donations). */
  | { kind: 'failed'; message: string; status?: number };

export interface CompletedPayment<Draft = PaymentDraft> {
  trackingNumber: string;
  request: Draft;
}

/**
 * How the payment is paid by card: a new card tokenised by the gateway's frame (a member may ask to save it), one of
 * a member's saved cards, or nothing (a gift voucher that covers the total).
 */
export type PaymentCard = MemberCard | undefined;

interface Attempt<Draft, Card> {
  draft: Draft;
  card: Card;
  idempotencyKey: string;
}

/**
 * Sends one payment request with its idempotency key and answers its tracking number. An undefined card is left out
 * of the JSON body (a voucher that covers the total).
 */
export type CreatePaymentCall<Draft, Card> = (input: { request: Draft & { card: Card }; idempotencyKey: string }) => Promise<{ trackingNumber: string }>;

/** The payment being watched (PaymentProgress polls its status): how it ends is reported back to the flow. */
export interface PaymentRun {
  trackingNumber: string;
  /** Completed: the flow calls onCompleted (the modal stays up while the page changes). */
  completed: () => void;
  /** Failed, or its status could not be had: the modal closes and `message` shows above the button. */
  failed: (message: string) => void;
}

/**
 * Spec §4 payment flow: tokenise the card, open the processing modal, create the payment; then the page renders
 * PaymentProgress with `run` (the processing modal's part, loaded after the first paint), which polls the status
 * every 2 seconds and reports Completed or Failed here. Polling stops then, or when the page goes away.
 */
export function usePaymentFlow<Draft extends object = PaymentDraft, Card = PaymentCard>({
  onCompleted,
  create,
}: {
  onCompleted: (payment: CompletedPayment<Draft>) => void;
  /** How the payment is sent: by default a donation's (guest or member route); a gift voucher purchase passes its own. */
  create?: CreatePaymentCall<Draft, Card>;
}) {
  const { mutateAsync: createDonationPayment } = useCreatePayment();
  const createPayment = create ?? (createDonationPayment as unknown as CreatePaymentCall<Draft, Card>);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [current, setCurrent] = useState<{ trackingNumber: string; draft: Draft }>();
  // Kept after a request that got no answer, so pressing Donate again resends the same payment with the same key.
  const unanswered = useRef<Attempt<Draft, Card> | undefined>(undefined);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });

  const run: PaymentRun | undefined = current && {
    trackingNumber: current.trackingNumber,
    completed: () => onCompletedRef.current({ trackingNumber: current.trackingNumber, request: current.draft }),
    failed: (message) => {
      setCurrent(undefined);
      setProcessing(false);
      setFailure(message);
    },
  };

  const submit = useCallback(
    async (draft: Draft, resolveCard: () => Promise<Card>): Promise<SubmitOutcome> => {
      setFailure(undefined);
      let attempt = unanswered.current;
      if (!attempt || JSON.stringify(attempt.draft) !== JSON.stringify(draft)) {
        unanswered.current = undefined;
        try {
          attempt = { draft, card: await resolveCard(), idempotencyKey: randomId() };
        } catch (error) {
          if (error instanceof CardInvalidError) return { kind: 'card-invalid' };
          const message = error instanceof CardFrameError ? error.message : DEFAULT_PAYMENT_FAILURE;
          setFailure(message);
          return { kind: 'failed', message };
        }
      }
      setProcessing(true);
      try {
        const { trackingNumber } = await createPayment({
          request: { ...attempt.draft, card: attempt.card },
          idempotencyKey: attempt.idempotencyKey,
        });
        unanswered.current = undefined;
        setCurrent({ trackingNumber, draft: attempt.draft });
        return { kind: 'accepted', trackingNumber };
      } catch (error) {
        setProcessing(false);
        if (error instanceof NetworkError) {
          unanswered.current = attempt;
          setFailure(PAYMENT_NOT_SENT);
          return { kind: 'failed', message: PAYMENT_NOT_SENT };
        }
        unanswered.current = undefined;
        if (error instanceof ApiError && error.fieldErrors.length > 0) return { kind: 'field-errors', status: error.status, fieldErrors: error.fieldMessages() };
        const message = errorMessageOf(error);
        setFailure(message);
        return { kind: 'failed', message, ...(error instanceof ApiError ? { status: error.status } : {}) };
      }
    },
    [createPayment],
  );

  return {
    submit,
    /** The processing modal is open. */
    processing,
    /** The accepted payment whose status PaymentProgress watches; undefined before it is accepted and after it ends. */
    run,
    /** Why the last attempt did not go through, for the donor; cleared on the next submit. */
    failure,
    /** Lets the form show a message of its own in the same place (e.g. field errors the form cannot place). */
    setFailure,
  };
}
