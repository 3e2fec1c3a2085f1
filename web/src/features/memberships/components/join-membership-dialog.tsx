import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@giving/shared/contracts/messages';
import type { MemberCard } from '@giving/shared/contracts/donations';
import type { MembershipPlan } from '@giving/shared/contracts/memberships';
import type { CountryCode } from '@giving/shared/countries';
import { CardFrame, type CardFrameHandle } from '../../../components/payments/card-frame';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CheckboxField, FormMessage } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, NetworkError, errorMessageOf } from '../../../lib/api-client';
import { CardFrameError, CardInvalidError } from '../../../lib/card-errors';
import { cardText } from '../../../lib/card-text';
import { useCountryCardGateway } from '../../../lib/country-card-gateway';
import { MAX_STATUS_ERRORS, isMissingBeforeFirstStatus, usePaymentStatus } from '../../../lib/payment-status';
import { moneyText } from '../../../lib/money-text';
import { randomId } from '../../../lib/random-id';
import { useJoinMembership } from '../api/join-membership';
import { useSavedCards } from '../api/saved-cards';
import { feeText } from '../membership-text';
import styles from './join-membership.module.css';

export const JOIN_NOT_SENT = 'We couldn’t reach Koha to send your payment. Check your connection and press Pay again.';
export const JOIN_STATUS_UNKNOWN = 'We couldn’t confirm your payment yet. Please check your email for a receipt before trying again.';
export const JOIN_STATUS_MISSING = 'We couldn’t find your payment to confirm it. Please check your email for a receipt before trying again.';
const NEW_CARD = 'new';

export const myMembershipsPath = (country: CountryCode) => `/${country}/admin/user/memberships`;

interface Charity {
  name: string;
}

interface Attempt {
  card: MemberCard;
  /** What was chosen when it was made: a retry of the same choice after no answer resends it with the same key. */
  choice: string;
  idempotencyKey: string;
}

/** While the payment is processing: polls its status and reports how it ended. */
function JoinProgress({ trackingNumber, onCompleted, onFailed }: { trackingNumber: string; onCompleted: () => void; onFailed: (message: string) => void }) {
  const status = usePaymentStatus(trackingNumber);
  const answer = status.data?.paymentProcessingStatus;
  const stillMissing = isMissingBeforeFirstStatus(status) && status.errorUpdateCount >= 2;
  const gaveUp = status.isError && status.errorUpdateCount >= MAX_STATUS_ERRORS;
  const messages = status.data?.messages;
  useEffect(() => {
    if (answer === 'Completed') onCompleted();
    else if (answer === 'Failed') onFailed(messages?.[0] ?? MESSAGES.paymentFailed);
    else if (stillMissing) onFailed(JOIN_STATUS_MISSING);
    else if (gaveUp) onFailed(JOIN_STATUS_UNKNOWN);
  }, [answer, messages, stillMissing, gaveUp, onCompleted, onFailed]);
  return (
    <div className={styles.processing}>
      <Spinner size="lg" label="" />
      <p>Please be patient. This may take a few moments to process</p>
      <p className={styles.stay}>Please don’t click away from this screen until payment is completed</p>
      <p aria-live="polite">{answer ? `Progress: ${answer}` : null}</p>
    </div>
  );
}

/**
 * Joining a plan, for a signed-in member: the plan, a saved card or a new card in the gateway's card fields, then
 * POST /memberships/me/join with an idempotency key (kept when the request got no answer, so pressing Pay again
 * resends the same join), then the payment's status polled like the checkout's until it completes or fails.
 */
export function JoinMembershipDialog({ plan, charity, country, onClose }: { plan: MembershipPlan; charity: Charity; country: CountryCode; onClose: () => void }) {
  const cards = useSavedCards(country);
  const { gateway, unavailable } = useCountryCardGateway(country);
  const join = useJoinMembership();
  const cardFields = useRef<CardFrameHandle>(null);
  const unanswered = useRef<Attempt | undefined>(undefined);
  const [choice, setChoice] = useState<string>();
  const [saveCard, setSaveCard] = useState(plan.autoRenew);
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [trackingNumber, setTrackingNumber] = useState<string>();
  const [welcome, setWelcome] = useState(false);

  const saved = cards.data?.items ?? [];
  // The first saved card is chosen once the cards are known; without any, a new card.
  const chosen = choice ?? (cards.isPending ? undefined : (saved[0]?.cardId ?? NEW_CARD));
  const renews = plan.autoRenew && plan.period !== 'Life';

  const resolveCard = async (): Promise<MemberCard> => {
    if (chosen !== NEW_CARD && chosen !== undefined) return { savedCardId: chosen };
    const handle = cardFields.current;
    if (!handle) throw new CardFrameError('The secure card form is still loading. Please wait a moment and try again.');
    const token = await handle.tokenise();
    return { ...token, saveCard };
  };

  const pay = async () => {
    if (!chosen) return;
    setFailure(undefined);
    let attempt = unanswered.current?.choice === chosen ? unanswered.current : undefined;
    if (!attempt) {
      unanswered.current = undefined;
      try {
        attempt = { card: await resolveCard(), choice: chosen, idempotencyKey: randomId() };
      } catch (error) {
        if (error instanceof CardInvalidError) {
          cardFields.current?.focus();
          return;
        }
        setFailure(error instanceof CardFrameError ? error.message : MESSAGES.paymentFailed);
        return;
      }
    }
    setSending(true);
    try {
      const accepted = await join.mutateAsync({ join: { planId: plan.planId, card: attempt.card }, idempotencyKey: attempt.idempotencyKey });
      unanswered.current = undefined;
      setTrackingNumber(accepted.trackingNumber);
    } catch (error) {
      setSending(false);
      if (error instanceof NetworkError) {
        unanswered.current = attempt;
        setFailure(JOIN_NOT_SENT);
        return;
      }
      unanswered.current = undefined;
      // A 409 (already a member, the plan closed) or a refused card: the API's own sentence.
      setFailure(error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : errorMessageOf(error));
    }
  };

  const processing = trackingNumber !== undefined && !welcome;
  let body;
  if (welcome) {
    body = (
      <div className={styles.welcome}>
        <p className={styles.welcomeTitle}>Welcome, you are now a member of {charity.name}</p>
        <p>Your membership number and membership card are in My Account.</p>
        <div className={styles.actions}>
          <Link to={myMembershipsPath(country)} className={buttonClassName()}>
            See my memberships
          </Link>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  } else if (trackingNumber) {
    body = (
      <JoinProgress
        trackingNumber={trackingNumber}
        onCompleted={() => setWelcome(true)}
        onFailed={(message) => {
          setTrackingNumber(undefined);
          setSending(false);
          setFailure(message);
        }}
      />
    );
  } else {
    body = (
      <form
        className={styles.form}
        aria-label={`Join ${plan.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <div className={styles.plan}>
          <p className={styles.planName}>{plan.name}</p>
          <p className={styles.fee}>{feeText(plan)}</p>
          <p className={styles.renewal}>
            {renews
              ? `It renews automatically from your card each ${plan.period === 'Monthly' ? 'month' : 'year'} until you cancel, which you can do at any time in My Account.`
              : plan.period === 'Life'
                ? 'Paid once: you are a member for life.'
                : `It lasts a ${plan.period === 'Monthly' ? 'month' : 'year'} and does not renew by itself.`}
          </p>
        </div>
        <fieldset className={styles.cards}>
          <legend>Pay with</legend>
          {cards.isPending ? <Spinner size="sm" label="Loading your saved cards" /> : null}
          {cards.isError ? <FormMessage tone="info">We couldn’t load your saved cards, so enter your card details below.</FormMessage> : null}
          {saved.map((card) => (
            <label key={card.cardId} className={styles.choice}>
              <input type="radio" name="card" value={card.cardId} checked={chosen === card.cardId} onChange={() => setChoice(card.cardId)} />
              <span>
                {cardText(card)}{' '}
                <span className={styles.expiry}>
                  (expires {String(card.expiryMonth).padStart(2, '0')}/{String(card.expiryYear).slice(-2)})
                </span>
              </span>
            </label>
          ))}
          {saved.length > 0 ? (
            <label className={styles.choice}>
              <input type="radio" name="card" value={NEW_CARD} checked={chosen === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
              <span>A new card</span>
            </label>
          ) : null}
          {chosen === NEW_CARD ? (
            <div className={styles.newCard}>
              <CardFrame gateway={gateway} unavailable={unavailable} handle={cardFields} />
              <CheckboxField
                label={renews ? 'Securely save my card, so my membership can renew' : 'Securely save my card for future donations'}
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
            </div>
          ) : null}
        </fieldset>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending} disabled={!chosen}>
            Pay {moneyText(plan.fee)} and join
          </Button>
        </div>
      </form>
    );
  }

  return (
    // While the payment is processing the dialog cannot be dismissed (the checkout's rule).
    <Modal open title={welcome ? 'Welcome' : `Join ${charity.name}`} onClose={processing || sending ? undefined : onClose}>
      {body}
    </Modal>
  );
}
