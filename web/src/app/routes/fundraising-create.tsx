import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { LoginPrompt } from '../../features/consoles/components/login-prompt';
import { useEvent } from '../../features/fundraising/api/get-event';
import { CreateFlow } from '../../features/fundraising/components/create-flow';
import { errorMessageOf } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { PRODUCT_NAME } from '../../lib/product';
import { useSession } from '../../lib/session';
import styles from './pages.module.css';

/**
 * /:country/fundraising/create — start fundraising (the charity console's fundraising link comes here with
 * ?charityId=; an event's 'Create your page for this event' with ?eventUrl=). Members only: visitors are asked to log in
 * and come back.
 */
export function FundraisingCreateRoute() {
  const country = useCountry();
  const session = useSession();
  const [search] = useSearchParams();
  const charityId = search.get('charityId') ?? undefined;
  const eventUrl = search.get('eventUrl') ?? '';
  const event = useEvent(eventUrl, { enabled: session.status === 'signedIn' });
  useFirstScreenDrawn(session.status !== 'loading');

  let body;
  if (session.status === 'loading') body = <LoadingBlock label="Checking your sign-in" />;
  else if (session.status === 'signedOut') body = <LoginPrompt error={session.error} headingLevel={2} />;
  else if (eventUrl && event.isPending) body = <LoadingBlock label="Loading the event" />;
  else if (eventUrl && event.isError)
    body = <ErrorState headingLevel={2} title="We couldn’t load the event" message={errorMessageOf(event.error)} onRetry={() => void event.refetch()} />;
  else body = <CreateFlow key={event.data?.id ?? charityId ?? 'new'} country={country.code} charityId={charityId} event={event.data} />;

  return (
    <div className="page">
      <title>{`Start fundraising · ${PRODUCT_NAME}`}</title>
      <header className={styles.intro}>
        <h1>Start fundraising</h1>
        <p className={styles.lead}>{event.data ? `Make your page for ${event.data.title}.` : 'Choose a charity, tell your story and set a target. It takes a few minutes.'}</p>
      </header>
      {body}
    </div>
  );
}
