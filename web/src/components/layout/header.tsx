import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { useCountry } from '../../lib/country';
import { lazyPart } from '../../lib/lazy-part';
import { useMenuLinks } from '../../lib/menu-links';
import { SEARCH_PLACEHOLDER, paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import { requestLogin, useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { SearchBox } from '../ui/search-box';
import styles from './header.module.css';

/** A member's account menu: only signed-in members see it, and never in the first paint (the session loads first). */
const accountMenu = lazyPart(() => import('./account-menu'));

type OpenMenu = 'nav' | 'account' | 'search';

export function Header() {
  const country = useCountry();
  const menuLinks = useMenuLinks(country.code);
  const { pathname } = useLocation();
  // A menu remembers the page it was opened on, so it is closed on any other page (spec: closes on route change).
  // One menu at a time: on a phone the menu, the account menu and the search box all drop down from the bar.
  const [open, setOpen] = useState<{ menu: OpenMenu; on: string } | null>(null);
  const openMenu = open?.on === pathname ? open.menu : null;
  const toggle = (menu: OpenMenu) => setOpen(openMenu === menu ? null : { menu, on: pathname });
  const close = () => setOpen(null);
  const menuOpen = openMenu === 'nav';
  const menuId = useId();
  const searchOpen = openMenu === 'search';
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  // On a phone the box sits behind its toggle: opening it puts the cursor in it.
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  /** Spec 1 §5: Enter or the search icon submits; an empty search does nothing. */
  const submitSearch = (query: string) => {
    if (!query) return;
    close();
    void navigate(paths.search(country.code, query));
  };
  const closeSearchOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !searchOpen) return;
    close();
    searchToggle.current?.focus();
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home(country.code)} className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            K
          </span>
          {PRODUCT_NAME}
        </Link>
        <div id={searchId} className={searchOpen ? styles.searchOpen : styles.search} onKeyDown={closeSearchOnEscape}>
          <SearchBox label="Search the site" placeholder={SEARCH_PLACEHOLDER} onSearch={submitSearch} inputRef={searchInput} />
        </div>
        <Button
          ref={searchToggle}
          variant="ghost"
          size="sm"
          className={styles.searchToggle}
          aria-expanded={searchOpen}
          aria-controls={searchId}
          aria-label={searchOpen ? 'Close search' : 'Open search'}
          onClick={() => toggle('search')}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4.2-4.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
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
  const menu = accountMenu.usePart(session.status === 'signedIn');
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
  // Until its chunk is there, the menu's place is kept as while the session loads.
  if (!menu) return <span className={styles.account} aria-hidden="true" />;
  return <menu.AccountMenu name={session.name} open={open} onToggle={onToggle} onClose={onClose} />;
}
