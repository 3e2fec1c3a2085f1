import type { CountryCode } from '@giving/shared/countries';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckboxField, FormMessage } from '../../../components/ui/field';
import { errorMessageOf } from '../../../lib/api-client';
import { cardText } from '../../../lib/card-text';
import { useRemoveSavedCard, useSavedCards, type SavedCard } from '../api/saved-cards';
import styles from './saved-cards.module.css';

/** Spec §4 "Card panel" texts. */
export const USE_SAVED_CARDS = 'Use Saved Card(s)';
export const ADD_CARD = 'Add Card';
export const REMOVE_CARD_QUESTION = 'Are you sure you want to remove the card?';
export const SAVE_CARD_LABEL = 'Securely save my card for future donations';

/** The chosen saved card: its id (sent as card.savedCardId, the form's creditCardToken) and its type. */
export interface SavedCardChoice {
  savedCardId?: string;
  cardType?: string;
}

export interface SavedCardsProps {
  /** Only cards kept by the merchant account of this country's payments can pay here. */
  country: CountryCode;
  /** The chosen card; empty when none is chosen. */
  value: SavedCardChoice;
  /** isUsingSavedCreditCard: true shows the saved cards, false leaves the new-card fields to the form. */
  usingSaved: boolean;
  onChange: (value: SavedCardChoice) => void;
  onUsingSavedChange: (usingSaved: boolean) => void;
}

/** Only the last 4 digits are ever shown. */
export const savedCardLabel = (card: SavedCard) => cardText(card);
const expiryOf = (card: SavedCard) => `Expires ${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;

/**
 * A signed-in member's saved cards in the checkout's card panel (spec §4): two modes, new card or saved card.
 * 'Use Saved Card(s)' turns saved mode on; 'Add Card' clears the choice and turns it off (the form then shows its
 * card fields). Choosing a card sets its id and type. Removing one asks first; once removed, the list reloads, the
 * choice clears and saved mode turns off. Renders nothing for a member without saved cards.
 */
export function SavedCards({ country, value, usingSaved, onChange, onUsingSavedChange }: SavedCardsProps) {
  const cards = useSavedCards(country);
  const removal = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  const addCard = () => {
    onChange({});
    onUsingSavedChange(false);
  };
  const confirmRemoval = () => {
    if (!removing) return;
    removal.mutate(removing.cardId, {
      onSuccess: () => {
        setRemoving(null);
        addCard();
      },
    });
  };

  if (cards.isError) {
    return (
      <FormMessage tone="info">
        We couldn’t load your saved cards, so enter your card details below.{' '}
        <Button variant="ghost" size="sm" onClick={() => void cards.refetch()}>
          Try again
        </Button>
      </FormMessage>
    );
  }
  const items = cards.data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <div className={styles.panel}>
      {usingSaved ? (
        <>
          <ul className={styles.list} aria-label="Saved cards">
            {items.map((card) => (
              <li key={card.cardId} className={styles.card}>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="saved-card"
                    value={card.cardId}
                    checked={value.savedCardId === card.cardId}
                    onChange={() => onChange({ savedCardId: card.cardId, cardType: card.cardType })}
                  />
                  <span>
                    {savedCardLabel(card)} <span className={styles.expiry}>{expiryOf(card)}</span>
                  </span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    removal.reset();
                    setRemoving(card);
                  }}
                >
                  Remove<span className="visually-hidden"> {savedCardLabel(card)}</span>
                </Button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={addCard}>
              {ADD_CARD}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => onUsingSavedChange(true)}>
            {USE_SAVED_CARDS}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={REMOVE_CARD_QUESTION}
        confirmLabel="Remove card"
        busy={removal.isPending}
        error={removal.isError ? errorMessageOf(removal.error) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      >
        {removing ? `${savedCardLabel(removing)} will be removed from your account.` : null}
      </ConfirmDialog>
    </div>
  );
}

/**
 * 'Securely save my card for future donations' under the new-card fields (signed-in members only). A monthly gift
 * always saves its card: pass `checked` and `disabled` then.
 */
export function SaveCardCheckbox({ checked, onChange, disabled = false }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return <CheckboxField label={SAVE_CARD_LABEL} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />;
}
