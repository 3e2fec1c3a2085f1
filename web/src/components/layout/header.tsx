import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { useAdminMenu } from '../../lib/account';
import { useCountry } from '../../lib/country';
import { useMenuLinks } from '../../lib/menu-links';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import { requestLogin, requestLogout, useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import styles from './header.module.css';

/** Spec §2 Account: where the account menu's items go. */
export const accountPaths = {
  myAccount: '/admin/user/dashboard',
  managementConsole: '/admin/backoffice/dashboard',
  cms: '/admin/cms',
  charity: (charityId: string) => `/admin/charity/${encodeURIComponent(charityId)}/dashboard`,
  workplace: (corporateId: string) => `/admin/workplace/${encodeURIComponent(corporateId)}/dashboard`,
} as const;

type OpenMenu = 'nav' | 'account';

export function Header() {
  const country = useCountry();
  const menuLinks = useMenuLinks(country.code);
  const { pathname } = useLocation();
  // A menu remembers the page it was opened on, so it is closed on any other page (spec: closes on route change).
  // One menu at a time: on a phone both drop down from the bar.
  const [open, setOpen] = useState<{ menu: OpenMenu; on: string } | null>(null);
  const openMenu = open?.on === pathname ? open.menu : null;
  const toggle = (menu: OpenMenu) => setOpen(openMenu === menu ? null : { menu, on: pathname });
  const close = () => setOpen(null);
  const menuOpen = openMenu === 'nav';
  const menuId = useId();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home(country.code)} className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            K
          </span>
          {PRODUCT_NAME}
        </Link>
        <Button variant="ghost" size="sm" className={styles.menuButton} aria-expanded={menuOpen} aria-controls={menuId} onClick={() => toggle('nav')}>
          {menuOpen ? 'Close menu' : 'Menu'}
        </Button>
        <div id={menuId} className={menuOpen ? styles.menuOpen : styles.menu}>
          <nav aria-label="Main" className={styles.nav}>
            {(menuLinks.data?.items ?? []).map((link) =>
              link.path.startsWith('/') ? (
                <NavLink key={`${link.name} ${link.path}`} to={link.path} className={styles.navLink}>
                  {link.name}
                </NavLink>
              ) : (
                <a key={`${link.name} ${link.path}`} href={link.path} className={styles.navLink} rel="noopener">
                  {link.name}
                </a>
              ),
            )}
          </nav>
          <div role="group" aria-label="Country" className={styles.countries}>
            {COUNTRY_CODES.map((code) => (
              <Link
                key={code}
                to={paths.home(code)}
                className={styles.country}
                title={COUNTRIES[code].name}
                aria-current={code === country.code ? 'true' : undefined}
              >
                {code.toUpperCase()}
              </Link>
            ))}
          </div>
        </div>
        <Account open={openMenu === 'account'} onToggle={() => toggle('account')} onClose={close} />
      </div>
    </header>
  );
}

/** Spec §2 Account: a Login button for visitors; the account menu for members. */
function Account({ open, onToggle, onClose }: { open: boolean; onToggle: () => void; onClose: () => void }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <span className={styles.account} aria-hidden="true" />;
  if (session.status === 'signedOut') {
    // The login pages are the login form already.
    if (pathname === '/login' || pathname.startsWith('/login/')) return null;
    return (
      <div className={styles.account}>
        <Button variant="secondary" size="sm" onClick={() => requestLogin()}>
          Login
        </Button>
      </div>
    );
  }
  return <AccountMenu name={session.name} open={open} onToggle={onToggle} onClose={onClose} />;
}

function AccountMenu({ name, open, onToggle, onClose }: { name: string; open: boolean; onToggle: () => void; onClose: () => void }) {
  const adminMenu = useAdminMenu();
  const panelId = useId();
  const switchId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [switching, setSwitching] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Escape closes and gives focus back to the button; so does a click or tap anywhere else.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onCloseRef.current();
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  useEffect(() => {
    if (!open) setSwitching(false);
  }, [open]);

  const menu = adminMenu.data;
  const accounts = [
    ...(menu?.charityAssociations ?? []).map((c) => ({ key: `charity-${c.charityId}`, name: c.charityName, kind: 'Charity', to: accountPaths.charity(c.charityId) })),
    ...(menu?.corporateAssociations ?? []).map((c) => ({ key: `workplace-${c.corporateId}`, name: c.corporateName, kind: 'Workplace', to: accountPaths.workplace(c.corporateId) })),
  ];

  const logout = () => {
    setLeaving(true);
    void requestLogout().finally(() => setLeaving(false));
  };

  return (
    <div className={styles.account} ref={container}>
      <button ref={button} type="button" className={styles.accountButton} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
        <span className={styles.accountName}>{name}</span>
        <span className="visually-hidden">, your account</span>
      </button>
      {open ? (
        <div id={panelId} className={styles.accountPanel}>
          <ul className={styles.accountList}>
            <li>
              <Link to={accountPaths.myAccount} className={styles.accountItem} onClick={onClose}>
                My Account
              </Link>
            </li>
            {menu?.isAdmin ? (
              <li>
                <Link to={accountPaths.managementConsole} className={styles.accountItem} onClick={onClose}>
                  Management Console
                </Link>
              </li>
            ) : null}
            {menu?.isContentAdmin ? (
              <li>
                <Link to={accountPaths.cms} className={styles.accountItem} onClick={onClose}>
                  CMS
                </Link>
              </li>
            ) : null}
            <li>
              <button type="button" className={styles.accountItem} onClick={logout} disabled={leaving} aria-busy={leaving || undefined}>
                {leaving ? 'Logging out…' : 'Logout'}
              </button>
            </li>
            {accounts.length > 0 ? (
              <li>
                <button
                  type="button"
                  className={styles.accountItem}
                  aria-expanded={switching}
                  aria-controls={switchId}
                  onClick={() => setSwitching(!switching)}
                >
                  Switch accounts
                </button>
                {switching ? (
                  <ul id={switchId} className={styles.switchList} aria-label="Your charities and workplaces">
                    {accounts.map((account) => (
                      <li key={account.key}>
                        <Link to={account.to} className={styles.accountItem} onClick={onClose}>
                          <span>{account.name}</span>
                          <span className={styles.accountKind}>{account.kind}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ) : null}
          </ul>
          {adminMenu.isPending ? <Spinner size="sm" label="Loading your accounts" /> : null}
          {adminMenu.isError ? <p className={styles.accountNote}>We couldn’t load your consoles. Please try again later.</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
