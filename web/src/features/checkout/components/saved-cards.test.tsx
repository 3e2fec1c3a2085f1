import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedCardView } from '@giving/shared/contracts/member-giving';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { ADD_CARD, REMOVE_CARD_QUESTION, SAVE_CARD_LABEL, SaveCardCheckbox, SavedCards, USE_SAVED_CARDS, type SavedCardChoice } from './saved-cards';

/** The card panel's saved-card mode (spec §4): toggle, choose, add, remove after confirming. */
const CARD_PATH = '/api/donations/me/saved-cards';
const CARDS = `${CARD_PATH}?country=nz`;
const visa: SavedCardView = { cardId: '01JVISA0000000000000000000', cardType: 'visa', last4: '4242', expiryMonth: 4, expiryYear: 2030 };
const mastercard: SavedCardView = { cardId: '01JMASTERCARD0000000000000', cardType: 'mastercard', last4: '4444', expiryMonth: 11, expiryYear: 2031 };

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'dana-id-token');
});

afterEach(() => {
  act(() => resetSessionForTests());
});

/** The form's side of the controlled API: the choice (creditCardToken + cardType) and isUsingSavedCreditCard. */
function CardPanel() {
  const [value, setValue] = useState<SavedCardChoice>({});
  const [usingSaved, setUsingSaved] = useState(false);
  return (
    <>
      <SavedCards country="nz" value={value} usingSaved={usingSaved} onChange={setValue} onUsingSavedChange={setUsingSaved} />
      <output aria-label="Form state">{JSON.stringify({ ...value, usingSaved })}</output>
    </>
  );
}
const formState = () => JSON.parse(screen.getByRole('status', { name: 'Form state' }).textContent ?? '{}') as SavedCardChoice & { usingSaved: boolean };

describe('SavedCards', () => {
  it("'Use Saved Card(s)' shows the cards (last 4 digits only); choosing one sets its id and type; 'Add Card' clears them", async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CARDS, json(200, { items: [visa, mastercard] }));
    const { user } = renderWithRouter(<CardPanel />);

    await user.click(await screen.findByRole('button', { name: USE_SAVED_CARDS }));
    expect(formState().usingSaved).toBe(true);
    const list = screen.getByRole('list', { name: 'Saved cards' });
    expect(within(list).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Visa •••• 4242 Expires 04/30', 'Mastercard •••• 4444 Expires 11/31']);
    expect(fetch.callsTo('GET', CARDS)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');

    await user.click(screen.getByRole('radio', { name: /Mastercard •••• 4444/ }));
    expect(formState()).toEqual({ savedCardId: mastercard.cardId, cardType: 'mastercard', usingSaved: true });

    await user.click(screen.getByRole('button', { name: ADD_CARD }));
    expect(formState()).toEqual({ usingSaved: false });
    expect(screen.queryByRole('list', { name: 'Saved cards' })).toBeNull();
    expect(screen.getByRole('button', { name: USE_SAVED_CARDS })).toBeTruthy();
  });

  it('removing asks first; on success the list reloads, the choice clears and saved mode turns off', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CARDS, json(200, { items: [visa, mastercard] }));
    fetch.on('DELETE', `${CARD_PATH}/${visa.cardId}`, new Response(null, { status: 204 }));
    const { user } = renderWithRouter(<CardPanel />);
    await user.click(await screen.findByRole('button', { name: USE_SAVED_CARDS }));
    await user.click(screen.getByRole('radio', { name: /Visa •••• 4242/ }));

    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = screen.getByRole('alertdialog', { name: REMOVE_CARD_QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.callsTo('DELETE', `${CARD_PATH}/${visa.cardId}`)).toHaveLength(0);

    fetch.on('GET', CARDS, json(200, { items: [mastercard] }));
    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    await user.click(within(screen.getByRole('alertdialog', { name: REMOVE_CARD_QUESTION })).getByRole('button', { name: 'Remove card' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetch.callsTo('DELETE', `${CARD_PATH}/${visa.cardId}`)).toHaveLength(1);
    expect(formState()).toEqual({ usingSaved: false });
    await waitFor(() => expect(fetch.callsTo('GET', CARDS)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: USE_SAVED_CARDS }));
    expect(within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('radio')).toHaveLength(1);
  });

  it("shows why a card could not be removed and keeps the dialog open (a card a monthly donation uses)", async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CARDS, json(200, { items: [visa] }));
    const detail = 'This card pays for a monthly donation. Cancel the monthly donation first, then remove the card.';
    fetch.on('DELETE', `${CARD_PATH}/${visa.cardId}`, problem(409, { title: 'That conflicts with the current state.', detail, code: 'Conflict' }));
    const { user } = renderWithRouter(<CardPanel />);
    await user.click(await screen.findByRole('button', { name: USE_SAVED_CARDS }));
    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    await user.click(screen.getByRole('button', { name: 'Remove card' }));

    expect(await within(screen.getByRole('alertdialog')).findByText(detail)).toBeTruthy();
    expect(formState().usingSaved).toBe(true);
  });

  it('shows nothing to a member without saved cards', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', CARDS, json(200, { items: [] }));
    renderWithRouter(<CardPanel />);
    await waitFor(() => expect(fetch.callsTo('GET', CARDS)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: USE_SAVED_CARDS })).toBeNull();
  });
});

describe('SaveCardCheckbox', () => {
  it("reads 'Securely save my card for future donations' and reports its state", async () => {
    let checked = false;
    const { user } = renderWithRouter(<SaveCardCheckbox checked={false} onChange={(next) => (checked = next)} />);
    await user.click(screen.getByRole('checkbox', { name: SAVE_CARD_LABEL }));
    expect(checked).toBe(true);
  });
});
