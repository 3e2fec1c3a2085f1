import { Link, Navigate, useParams } from 'react-router-dom';
import { MainLayout } from '../../../components/layout/main-layout';
import { buttonClassName } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusPage } from '../../../components/ui/status-page';
import { accountPaths, openableAccounts, useAdminMenu, type OpenableAccount } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { useSession } from '../../../lib/session';
import { LoginPrompt } from './login-prompt';
import styles from './console-chooser.module.css';

type Kind = OpenableAccount['kind'];

const WORDS: Record<Kind, { label: string; choose: string; lead: string; none: string; noneLead: string }> = {
  charity: {
    label: 'Charity admin',
    choose: 'Choose a charity',
    lead: 'You manage more than one charity. Choose the one whose admin console you want to open.',
    none: 'No charity to manage',
    noneLead:
      'Your account doesn’t manage a charity on Koha. If it should, ask one of the charity’s administrators to invite you from its Members page.',
  },
  workplace: {
    label: 'Workplace admin',
    choose: 'Choose a workplace',
    lead: 'You manage more than one workplace. Choose the one whose admin console you want to open.',
    none: 'No workplace to manage',
    noneLead:
      'Your account doesn’t manage a workplace on Koha. If it should, ask one of your workplace’s administrators to give you an admin role on its Members page.',
  },
};

/**
 * /admin/charity and /admin/workplace without an id (typed, bookmarked or shortened): the member goes straight to the
 * one console of that kind they can open, chooses among several, or is told they have none. Visitors log in first.
 */
export function ConsoleChooser({ kind }: { kind: Kind }) {
  const session = useSession();
  const menu = useAdminMenu();
  const { country } = useParams();
  const words = WORDS[kind];
  const accounts = openableAccounts(menu.data).filter((account) => account.kind === kind);

  let body;
  if (session.status === 'loading') body = <LoadingBlock label="Checking your sign-in" />;
  else if (session.status === 'signedOut') body = <LoginPrompt error={session.error} />;
  else if (menu.error instanceof ApiError && menu.error.status === 401) body = <LoginPrompt />;
  else if (menu.isPending) body = <LoadingBlock label="Loading your accounts" />;
  else if (menu.isError) body = <StatusPage title={words.label} lead="We couldn’t load your accounts. Please try again later." />;
  else if (accounts.length === 1) return <Navigate replace to={accountPaths.console(accounts[0] as OpenableAccount, country)} />;
  else if (accounts.length === 0) body = <NoConsole kind={kind} />;
  else
    body = (
      <StatusPage title={words.choose} lead={words.lead}>
        <ul className={styles.list} aria-label={words.choose}>
          {accounts.map((account) => (
            <li key={account.id}>
              <Link to={accountPaths.console(account, country)} className={styles.item}>
                {account.name}
              </Link>
            </li>
          ))}
        </ul>
      </StatusPage>
    );

  return (
    <MainLayout>
      <div className="page">
        <title>{`${words.label} · ${PRODUCT_NAME}`}</title>
        {body}
      </div>
    </MainLayout>
  );
}

function NoConsole({ kind }: { kind: Kind }) {
  const country = useCountry();
  return (
    <StatusPage title={WORDS[kind].none} lead={WORDS[kind].noneLead}>
      <Link to={accountPaths.myAccount} className={buttonClassName({ variant: 'secondary' })}>
        Go to My Account
      </Link>
      <Link to={paths.home(country.code)} className={buttonClassName({ variant: 'secondary' })}>
        Go to the home page
      </Link>
    </StatusPage>
  );
}
