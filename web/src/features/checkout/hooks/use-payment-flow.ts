import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreatePaymentRequest, MemberCard, MemberPaymentRequest, PaymentStatus } from '@giving/shared/contracts/donations';
import { ApiError, NetworkError, errorMessageOf } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { useCreatePayment } from '../api/create-payment';
import { MAX_STATUS_ERRORS, isMissingBeforeFirstStatus, usePaymentStatus } from '../api/get-payment-status';
import { DEFAULT_PAYMENT_FAILURE, PAYMENT_NOT_SENT, PAYMENT_STATUS_MISSING, PAYMENT_STATUS_UNKNOWN } from '../messages';
import { CardFrameError, CardInvalidError } from '../card-errors';

type WithoutCard<Request> = Request extends unknown ? Omit<Request, 'card'> : never;

/**
 * Everything the payment request needs except the card, which the gateway's frame tokenises last (per page type):
 * a guest's names the donor, a signed-in member's does not.
 */
export type PaymentDraft = WithoutCard<CreatePaymentRequest> | WithoutCard<MemberPaymentRequest>;

export type SubmitOutcome =
  | { kind: 'accepted'; trackingNumber: string }
  | { kind: 'card-invalid' }
  /**
   * The API refused fields; keyed by request path without 'body.', e.g. 'donor.email'. A 409 says a figure the donor
   * was shown (the fee, the gift's price) is out of date.
   */
  | { kind: 'field-errors'; status: number; fieldErrors: Record<string, string> }
  | { kind: 'failed'; message: string };

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

/**
 * Spec §4 payment flow: tokenise the card, open the processing modal, create the payment, poll its status every
 * 2 seconds. Completed calls onCompleted (the modal stays up while the page changes); Failed closes the modal and
 * exposes the first server message. Polling stops on Completed, Failed, or unmount.
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

  const status = usePaymentStatus(current?.trackingNumber);
  const statusValue = status.data?.paymentProcessingStatus;

  useEffect(() => {
    if (!current || !status.data) return;
    if (status.data.paymentProcessingStatus === 'Completed') {
      onCompletedRef.current({ trackingNumber: current.trackingNumber, request: current.draft });
    } else if (status.data.paymentProcessingStatus === 'Failed') {
      setCurrent(undefined);
      setProcessing(false);
      setFailure(status.data.messages[0] ?? DEFAULT_PAYMENT_FAILURE);
    }
  }, [current, status.data]);

  // Spec §4: a missing first status shows 'Working on it'; still missing after the one retry, the payment fails.
  const missing = current !== undefined && isMissingBeforeFirstStatus(status);
  const stillMissing = missing && status.errorUpdateCount >= 2;
  const statusGaveUp = status.isError && status.errorUpdateCount >= MAX_STATUS_ERRORS;
  useEffect(() => {
    if (!statusGaveUp && !stillMissing) return;
    setCurrent(undefined);
    setProcessing(false);
    setFailure(stillMissing ? PAYMENT_STATUS_MISSING : PAYMENT_STATUS_UNKNOWN);
  }, [statusGaveUp, stillMissing]);

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
        return { kind: 'failed', message };
      }
    },
    [createPayment],
  );

  return {
    submit,
    /** The processing modal is open. */
    processing,
    /** The latest status while processing (undefined until the first answer). */
    status: processing ? (statusValue as PaymentStatus | undefined) : undefined,
    /** The first status was missing and the checkout is waiting to ask again ('Working on it'). */
    workingOnIt: processing && missing && !stillMissing,
    /** Why the last attempt did not go through, for the donor; cleared on the next submit. */
    failure,
    /** Lets the form show a message of its own in the same place (e.g. field errors the form cannot place). */
    setFailure,
  };
}
