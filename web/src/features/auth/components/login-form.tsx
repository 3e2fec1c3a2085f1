import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { confirmSignInCode, loadAuthClient, signInWithPassword, type SignInResult } from '../auth';
import type { Member } from '../auth-client';
import { loginDefaults, loginFormSchema, signInCodeSchema, type LoginFormInput, type LoginFormValues, type SignInCodeInput, type SignInCodeValues } from '../login-form-schema';
import { CODE_LABEL, FORGOT_PASSWORD_URL, RESEND_CONFIRMATION_URL, signInErrorMessage } from '../messages';
import styles from './login-form.module.css';
import { useAppForm } from '../../../lib/use-app-form';

export interface LoginFormProps {
  onSignedIn: (member: Member) => void;
  /** Id of the heading that names the form (the modal's title or the page's h1). */
  labelledBy?: string;
}

/**
 * Spec §2/§5 "Login form": Email Address, Password, Remember Me, 'Forgot Password?', and 'Log in', which stays
 * disabled until the form is valid. The identity pages it links to live outside the SPA, so they are plain links.
 */
export function LoginForm({ onSignedIn, labelledBy }: LoginFormProps) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // A field's message shows once the visitor has typed in it: tabbing through or clicking past an empty field says
  // nothing (the disabled button does), so no message appears under the pointer and moves what it was clicking.
  const [edited, setEdited] = useState<ReadonlySet<'email' | 'password'>>(new Set());
  const markEdited = (name: 'email' | 'password') => ({
    onChange: () => setEdited((current) => (current.has(name) ? current : new Set(current).add(name))),
  });
  const errorFor = (name: 'email' | 'password') => (edited.has(name) ? errors[name]?.message : undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useAppForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: loginDefaults,
    mode: 'onTouched',
  });

  // Amplify is only downloaded for someone about to sign in: start now, so it is there by the time they submit.
  useEffect(() => {
    loadAuthClient(queryClient).catch(() => undefined);
  }, [queryClient]);

  // After the password, an administrator may be asked for a code ('require MFA for administrators').
  const [codeStep, setCodeStep] = useState<{ message: string; rememberMe: boolean } | null>(null);
  const settle = (result: SignInResult, rememberMe: boolean) => {
    if (result.kind === 'signedIn') onSignedIn(result.member);
    else if (result.kind === 'needsCode') setCodeStep({ message: result.message, rememberMe });
    else setFailure(result.message);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      settle(await signInWithPassword(queryClient, values), values.rememberMe);
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  });

  if (codeStep) {
    return (
      <CodeForm
        message={codeStep.message}
        labelledBy={labelledBy}
        onCode={async (code) => {
          try {
            setFailure(null);
            settle(await confirmSignInCode(queryClient, code, codeStep.rememberMe), codeStep.rememberMe);
          } catch (error) {
            setFailure(signInErrorMessage(error));
          }
        }}
        failure={failure}
      />
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={labelledBy} aria-busy={isSubmitting || undefined}>
      <TextField label="Email Address" type="email" autoComplete="username" inputMode="email" autoFocus error={errorFor('email')} {...register('email', markEdited('email'))} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errorFor('password')} {...register('password', markEdited('password'))} />
      <div className={styles.row}>
        <CheckboxField label="Remember Me" {...register('rememberMe')} />
        <a href={FORGOT_PASSWORD_URL} className={styles.link}>
          Forgot Password?
        </a>
      </div>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <Button type="submit" size="lg" block loading={isSubmitting} aria-disabled={!isValid || undefined}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <p className={styles.help}>
        Didn’t get a confirmation e-mail? <a href={RESEND_CONFIRMATION_URL}>Resend it</a>
      </p>
    </form>
  );
}

/** The second step of signing in: the code from the e-mail (or the authenticator app). */
function CodeForm({ message, labelledBy, onCode, failure }: { message: string; labelledBy?: string; onCode: (code: string) => Promise<void>; failure: string | null }) {
  const {
    register,
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = useAppForm<SignInCodeInput, unknown, SignInCodeValues>({ resolver: zodResolver(signInCodeSchema), defaultValues: { code: '' }, mode: 'onChange' });
  const onSubmit = handleSubmit(({ code }) => onCode(code));
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={labelledBy} aria-busy={isSubmitting || undefined}>
      <p className={styles.help}>{message}</p>
      <TextField label={CODE_LABEL} inputMode="numeric" autoComplete="one-time-code" autoFocus {...register('code')} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <Button type="submit" size="lg" block loading={isSubmitting} aria-disabled={!isValid || undefined}>
        {isSubmitting ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}
