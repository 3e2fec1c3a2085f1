const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** A card as the site and its receipts show it: its brand and last 4 digits only ('Visa •••• 4242'). */
export const cardText = (card: { cardType: string; last4: string }) => `${BRANDS[card.cardType] ?? 'Card'} •••• ${card.last4}`;
