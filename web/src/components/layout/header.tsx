import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { useCountry } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import { Button } from '../ui/button';
import styles from './header.module.css';

export function Header() {
  const country = useCountry();
  const { pathname } = useLocation();
  // The mobile menu remembers the page it was opened on, so it is closed on any other page (spec: closes on route change).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
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
        <Button
          variant="ghost"
          size="sm"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </Button>
        <div id={menuId} className={menuOpen ? styles.menuOpen : styles.menu}>
          <nav aria-label="Main" className={styles.nav}>
            <NavLink to={paths.charities(country.code)} className={styles.navLink}>
              Charities
            </NavLink>
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
      </div>
    </header>
  );
}
