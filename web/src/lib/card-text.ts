/** The one card text, shared with the receipts the server writes. */
export { cardText } from '@giving/shared/card-text';
