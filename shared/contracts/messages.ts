/** User-facing validation texts, exactly as the spec writes them. The API and the SPA both use these. */
export const MESSAGES = {
  requiredField: 'Required Field!',
  invalidAmount: 'Invalid Amount!',
  invalidInput: 'Invalid Input!',
  invalidEmail: 'Invalid Email!',
  invalidCardName: 'Invalid Card Name!',
  invalidCardNumber: 'Invalid Card Number!',
  invalidCvc: 'Invalid Number!',
  invalidMonth: 'Invalid Month!',
  invalidDate: 'Invalid Date!',
  invalidYear: 'Invalid Year!',
  tooLong: (max: number) => `Maximum ${max} characters!`,
  /** Spec §2 "Gift page": a gift that is no longer active. */
  giftInactive: 'Project has been fulfilled. This gift is not taking further donations.',
  giftMissing: 'This gift is no longer available.',
  giftWrongCountry: 'This gift cannot be given from this country.',
  /** A priced gift is sold at its price: a request naming another amount per item (or priced before a change). */
  giftPriceChanged: 'The price of this gift has changed. Please check the total and try again.',
  /** A failed payment with no better message (the checkout shows the server's first message, else this). */
  paymentFailed: 'Your payment could not be processed. Please try again or use a different card.',
  gatewayUnreachable: 'We could not reach the payment provider. You have not been charged. Please try again.',
} as const;
