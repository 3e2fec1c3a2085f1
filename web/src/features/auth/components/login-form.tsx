import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { loadAuthClient, signInWithPassword } from '../auth';
import type { Member } from '../auth-client';
import { loginDefaults, loginFormSchema, type LoginFormInput, type LoginFormValues } from '../login-form-schema';
import { FORGOT_PASSWORD_URL, RESEND_CONFIRMATION_URL, signInErrorMessage } from '../messages';
import styles from './login-form.module.css';

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
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: loginDefaults,
    mode: 'onTouched',
  });

  // Amplify is only downloaded for someone about to sign in: start now, so it is there by the time they submit.
  useEffect(() => {
    loadAuthClient(queryClient).catch(() => undefined);
  }, [queryClient]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await signInWithPassword(queryClient, values);
      if (result.kind === 'signedIn') onSignedIn(result.member);
      else setFailure(result.message);
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  });

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
      <Button type="submit" size="lg" block loading={isSubmitting} disabled={!isValid}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <p className={styles.help}>
        Didn’t get a confirmation e-mail? <a href={RESEND_CONFIRMATION_URL}>Resend it</a>
      </p>
    </form>
  );
}
