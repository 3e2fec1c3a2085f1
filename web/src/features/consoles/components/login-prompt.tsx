import { useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { StatusPage } from '../../../components/ui/status-page';
import { requestLogin } from '../../../lib/session';

export const LOGIN_PROMPT_TITLE = 'Please log in';
export const LOGIN_PROMPT_MESSAGE = 'You need to log in to view this page.';

/** Signed-out visitors to a console page: log in, then come back here. */
export function LoginPrompt({ error, headingLevel = 1 }: { error?: string; headingLevel?: 1 | 2 }) {
  const location = useLocation();
  return (
    <StatusPage title={LOGIN_PROMPT_TITLE} headingLevel={headingLevel} lead={LOGIN_PROMPT_MESSAGE}>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button size="lg" onClick={() => requestLogin({ returnTo: `${location.pathname}${location.search}${location.hash}` })}>
        Log in
      </Button>
    </StatusPage>
  );
}
