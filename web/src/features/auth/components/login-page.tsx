import { useCallback, useEffect, useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useRuntimeConfig } from '../../../lib/config';
import { PRODUCT_NAME } from '../../../lib/product';
import { browser, returnUrlTarget, takeReturnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { LOGIN_HEADING } from '../messages';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';

export interface LoginPageProps {
  /**
   * 'returnUrl': /login, where the site-wide guard sends visitors (?returnUrl=, same-origin paths only).
   * 'sso': /login/sso, where payroll and recurring giving send guests; it returns to the `koha_return` cookie's path.
   */
  mode: 'returnUrl' | 'sso';
}

/** The login pages: sign in, then on to where the visitor was going (at once if already signed in). */
export function LoginPage({ mode }: LoginPageProps) {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const headingId = useId();
  const left = useRef(false);

  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    const target = mode === 'sso' ? (takeReturnPath() ?? '/') : returnUrlTarget(params.get('returnUrl'));
    // The API's own pages (e.g. a guarded /api/ address) are not SPA routes.
    if (target.startsWith('/api/')) browser.assign(target);
    else void navigate(target, { replace: true });
  }, [mode, params, navigate]);

  useEffect(() => {
    if (session.status === 'signedIn') leave();
  }, [session.status, leave]);

  return (
    <div className={`page ${styles.page}`}>
      <title>{`Log in · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby={headingId}>
        <h1 id={headingId} className={styles.heading}>
          {LOGIN_HEADING}
        </h1>
        {mode === 'sso' ? <p className={styles.lead}>Log in to carry on where you left off.</p> : null}
        {session.status === 'signedOut' ? (
          <>
            {session.error ? <FormMessage tone="info">{session.error}</FormMessage> : null}
            <LoginForm onSignedIn={leave} labelledBy={headingId} />
            {config.data?.singleSignInUrl ? (
              <p className={styles.alternative}>
                <a href={config.data.singleSignInUrl}>Log in with your organisation’s account instead</a>
              </p>
            ) : null}
          </>
        ) : (
          <LoadingBlock label={session.status === 'signedIn' ? 'Taking you back' : 'Checking your login'} />
        )}
      </section>
    </div>
  );
}
