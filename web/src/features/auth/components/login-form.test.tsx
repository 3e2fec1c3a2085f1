import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createTestQueryClient } from '../../../testing/render';
import { confirmSignInCode, signInWithPassword } from '../auth';
import { CODE_LABEL, LOGIN_HEADING, SIGN_IN_FAILED, WRONG_CODE, WRONG_CREDENTIALS } from '../messages';
import { LoginForm } from './login-form';

vi.mock('../auth', () => ({ loadAuthClient: vi.fn(async () => ({})), signInWithPassword: vi.fn(), confirmSignInCode: vi.fn() }));
const signIn = vi.mocked(signInWithPassword);
const confirmCode = vi.mocked(confirmSignInCode);
const DANA = { memberId: 'sub-dana', email: 'dana.donor@demo.koha.nz', name: 'Dana Whitfield' };

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <h1 id="heading">{LOGIN_HEADING}</h1>
      <LoginForm onSignedIn={onSignedIn} labelledBy="heading" />
    </AppProvider>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('Email Address') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const logIn = () => screen.getByRole('button', { name: /Log(ging)? in/ }) as HTMLButtonElement;
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

afterEach(() => {
  signIn.mockReset();
  confirmCode.mockReset();
});

describe('the login form (spec §2, §5)', () => {
  it('has the spec’s heading, fields, links and help text', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Log in to your Koha Account' })).toBeTruthy();
    expect(email().type).toBe('email');
    expect(password().type).toBe('password');
    expect((screen.getByLabelText('Remember Me') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/Identity/Account/ForgotPassword');
    expect(screen.getByText(/Didn’t get a confirmation e-mail\?/).textContent).toBe('Didn’t get a confirmation e-mail? Resend it');
    expect(screen.getByRole('link', { name: 'Resend it' }).getAttribute('href')).toBe('/Identity/Account/ResendEmailConfirmation');
    expect(logIn().textContent).toBe('Log in');
  });

  it('keeps Log in disabled until the email is valid and the password has 3 characters', async () => {
    const { user } = renderForm();
    // aria-disabled, not disabled: it stays in the tab order, and pressing it goes to the first field to fix.
    expect(logIn().getAttribute('aria-disabled')).toBe('true');
    expect(logIn().disabled).toBe(false);
    logIn().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(signIn).not.toHaveBeenCalled();
    await user.type(email(), 'dana.donor@demo');
    await user.type(password(), 'ab');
    expect(logIn().getAttribute('aria-disabled')).toBe('true');
    expect(errorOf(email())).toBe('Invalid Email!');
    await user.type(email(), '.koha.nz');
    await user.click(document.body);
    expect(errorOf(password())).toBe('Minimum 3 characters!');
    expect(logIn().getAttribute('aria-disabled')).toBe('true');
    await user.type(password(), 'c');
    await waitFor(() => expect(logIn().hasAttribute('aria-disabled')).toBe(false));
    expect(errorOf(email())).toBe('');
    expect(errorOf(password())).toBe('');
  });

  it('says a field is required once the visitor typed in it and left it empty, not when they only pass through', async () => {
    const { user } = renderForm();
    await user.click(email());
    await user.click(password());
    await user.click(document.body);
    expect(errorOf(email())).toBe('');
    expect(errorOf(password())).toBe('');
    await user.type(email(), 'd');
    await user.clear(email());
    await user.type(password(), 'x');
    await user.clear(password());
    await user.click(document.body);
    expect(errorOf(email())).toBe('Required Field!');
    expect(errorOf(password())).toBe('Required Field!');
  });

  it('signs in with the trimmed, lower-case e-mail and Remember Me, showing progress meanwhile', async () => {
    let finish: (value: Awaited<ReturnType<typeof signInWithPassword>>) => void = () => undefined;
    signIn.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user, onSignedIn } = renderForm();
    await user.type(email(), '  Dana.Donor@Demo.Koha.nz ');
    await user.type(password(), 'Koha-demo-2026!');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(logIn());
    await waitFor(() => expect(logIn().getAttribute('aria-busy')).toBe('true'));
    expect(logIn().textContent).toBe('Logging in…');
    expect(signIn).toHaveBeenCalledWith(expect.anything(), { email: 'dana.donor@demo.koha.nz', password: 'Koha-demo-2026!', rememberMe: true });
    finish({ kind: 'signedIn', member: DANA });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(DANA));
  });

  it('says so when the e-mail address or password is wrong, and lets the visitor try again', async () => {
    signIn.mockRejectedValueOnce(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    signIn.mockRejectedValueOnce(Object.assign(new Error('Invalid password'), { name: 'InvalidPasswordException' }));
    signIn.mockRejectedValueOnce(Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' }));
    const { user, onSignedIn } = renderForm();
    await user.type(email(), 'dana.donor@demo.koha.nz');
    await user.type(password(), 'wrong-password');
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS);
    await user.click(logIn());
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS);
    await user.click(logIn());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_FAILED));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(logIn().disabled).toBe(false);
  });

  it('explains a sign-in that needs another step', async () => {
    signIn.mockResolvedValueOnce({ kind: 'needsStep', message: 'Please confirm your e-mail address first.' });
    const { user, onSignedIn } = renderForm();
    await user.type(email(), 'dana.donor@demo.koha.nz');
    await user.type(password(), 'Koha-demo-2026!');
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe('Please confirm your e-mail address first.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks an administrator for the code Cognito e-mailed, and finishes signing in with it', async () => {
    const ALEX = { memberId: 'sub-alex', email: 'alex.morgan@koha.nz', name: 'Alex Morgan' };
    const message = 'We have e-mailed a sign-in code to a***@k***. Enter it to finish logging in.';
    signIn.mockResolvedValueOnce({ kind: 'needsCode', message });
    confirmCode.mockRejectedValueOnce(Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }));
    confirmCode.mockResolvedValueOnce({ kind: 'signedIn', member: ALEX });
    const { user, onSignedIn } = renderForm();
    await user.type(email(), 'alex.morgan@koha.nz');
    await user.type(password(), 'Koha-demo-2026!');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(logIn());
    const code = (await screen.findByLabelText(CODE_LABEL)) as HTMLInputElement;
    expect(screen.getByText(message)).toBeTruthy();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    const next = () => screen.getByRole('button', { name: /Continue|Checking/ }) as HTMLButtonElement;
    expect(next().getAttribute('aria-disabled')).toBe('true');
    await user.type(code, '000000');
    await user.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CODE);
    await user.clear(code);
    await user.type(code, ' 482913 ');
    await user.click(next());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(ALEX));
    expect(confirmCode).toHaveBeenLastCalledWith(expect.anything(), '482913', true);
  });
});
