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
} as const;
