import { PRODUCT_NAME } from '../../lib/product';

/** Spec §2 Account: the login form's texts. */
export const LOGIN_HEADING = `Log in to your ${PRODUCT_NAME} Account`;
export const FORGOT_PASSWORD_URL = '/Identity/Account/ForgotPassword';
export const RESEND_CONFIRMATION_URL = '/Identity/Account/ResendEmailConfirmation';
export const PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_TOO_SHORT = `Minimum ${PASSWORD_MIN_LENGTH} characters!`;

export const WRONG_CREDENTIALS = 'The e-mail address or password is incorrect.';
export const SIGN_IN_FAILED = 'We couldn’t log you in just now. Please try again in a moment.';
export const NOT_CONFIRMED = 'Please confirm your e-mail address before logging in. Use the link below if the e-mail did not arrive.';
export const PASSWORD_RESET_REQUIRED = 'Your password needs to be reset before you can log in. Use “Forgot Password?” to choose a new one.';
export const STEP_NOT_SUPPORTED = 'This account needs a sign-in step this page cannot do yet. Please contact support.';
export const SIGN_IN_UNAVAILABLE = 'Logging in is not available right now. Please try again later.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const SESSION_NOT_RESTORED = 'We couldn’t restore your login. Please log in again.';
export const WRONG_CODE = 'That code is not right. Check it and try again, or log in again for a new one.';
export const CODE_EXPIRED = 'That code has expired. Please log in again for a new one.';
export const CODE_LABEL = 'Sign-in code';

/** What to tell someone asked for a code after their password (administrators, when the back office requires MFA). */
export function codeMessage(step: { by: 'email' | 'app'; destination?: string }): string {
  if (step.by === 'app') return 'Enter the 6-digit code from your authenticator app to finish logging in.';
  return `We have e-mailed a sign-in code to ${step.destination ?? 'your e-mail address'}. Enter it to finish logging in.`;
}

/** A user-facing sentence for a failed sign-in; Amplify names Cognito's errors by their exception name. */
export function signInErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  // cognito-local answers a wrong password with InvalidPasswordException; Cognito uses it only for password policy.
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'InvalidPasswordException':
      return WRONG_CREDENTIALS;
    case 'CodeMismatchException':
      return WRONG_CODE;
    case 'ExpiredCodeException':
      return CODE_EXPIRED;
    case 'UserNotConfirmedException':
      return NOT_CONFIRMED;
    case 'PasswordResetRequiredException':
      return PASSWORD_RESET_REQUIRED;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return TOO_MANY_ATTEMPTS;
    case 'SignInUnavailableError':
      return SIGN_IN_UNAVAILABLE;
    default:
      return SIGN_IN_FAILED;
  }
}

/** A sign-in Cognito accepted but that needs a further step (Amplify's `nextStep.signInStep`). */
export function nextStepMessage(step: string): string {
  if (step === 'CONFIRM_SIGN_UP') return NOT_CONFIRMED;
  if (step === 'RESET_PASSWORD') return PASSWORD_RESET_REQUIRED;
  return STEP_NOT_SUPPORTED;
}
