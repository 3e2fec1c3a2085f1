import { useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { requestLogin } from '../../../lib/session';
import styles from './guard.module.css';

export const LOGIN_PROMPT_TITLE = 'Please log in';
export const LOGIN_PROMPT_MESSAGE = 'You need to log in to view this page.';

/** Signed-out visitors to a console page: log in, then come back here. */
export function LoginPrompt({ error, headingLevel = 1 }: { error?: string; headingLevel?: 1 | 2 }) {
  const location = useLocation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.centred}>
      <Heading>{LOGIN_PROMPT_TITLE}</Heading>
      <p className={styles.lead}>{LOGIN_PROMPT_MESSAGE}</p>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button size="lg" onClick={() => requestLogin({ returnTo: `${location.pathname}${location.search}${location.hash}` })}>
        Log in
      </Button>
    </div>
  );
}
