import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useMatches, useParams } from 'react-router-dom';
import { MainLayout } from '../../../components/layout/main-layout';
import { Button } from '../../../components/ui/button';
import { DataCountryProvider } from '../../../components/ui/date-text';
import { HeadingLevelProvider } from '../../../components/ui/heading';
import { Spinner } from '../../../components/ui/spinner';
import { usePermissions } from '../../../lib/account';
import { PRODUCT_NAME } from '../../../lib/product';
import { useSession } from '../../../lib/session';
import { consoleBasePath, consoleMenu, consoleTenant, type ConsoleDefinition, type ConsoleRouteHandle, type ConsoleScreen } from '../console-definition';
import { PageGuard } from './page-guard';
import styles from './console-layout.module.css';

/** The console and screen of the current route, from the route objects' `handle`. */
export function useConsoleRoute(): { definition?: ConsoleDefinition; screen?: ConsoleScreen } {
  const matches = useMatches();
  let definition: ConsoleDefinition | undefined;
  let screen: ConsoleScreen | undefined;
  for (const match of matches) {
    const handle = match.handle as ConsoleRouteHandle | undefined;
    if (handle?.console) definition = handle.console;
    if (handle?.screen) screen = handle.screen;
  }
  return { definition, screen };
}

/**
 * Every console's frame, inside the site's frame: a header with the console's title, a side nav built from the
 * registered screens the member may see, and the current screen behind the page guard.
 */
export function ConsoleLayout() {
  const { definition, screen } = useConsoleRoute();
  const session = useSession();
  const params = useParams();
  if (!definition) throw new Error('ConsoleLayout must be the element of a route whose handle names its console.');
  return (
    <MainLayout>
      {/* A console's screens sit under their own h2 (ScreenHeader): their shared parts' headings are h3. */}
      <HeadingLevelProvider level={3}>
        {session.status === 'signedIn' ? (
          // Keyed by console and tenant: each console's title hook is its own, and another charity or workplace
          // starts afresh (no notice or open dialog carried over from the last one).
          <SignedInConsole key={consoleBasePath(definition, params)} definition={definition} screen={screen} />
        ) : (
          <div className="page">
            <title>{`${definition.label} · ${PRODUCT_NAME}`}</title>
            <PageGuard headingLevel={1}>{null}</PageGuard>
          </div>
        )}
      </HeadingLevelProvider>
    </MainLayout>
  );
}

function SignedInConsole({ definition, screen }: { definition: ConsoleDefinition; screen?: ConsoleScreen }) {
  const params = useParams();
  const tenant = consoleTenant(definition, params);
  const permissions = usePermissions(tenant);
  const { title, logo } = definition.useTitle(params);
  const menu = consoleMenu(definition, permissions.isSuccess ? permissions.data.permissions : [], params);
  const drawer = useDrawer();

  return (
    <div className={`page ${styles.console}`}>
      <title>{[screen?.label, title, PRODUCT_NAME].filter(Boolean).join(' · ')}</title>
      <header className={styles.header}>
        {logo ? (
          <img src={logo} alt="" className={styles.logo} />
        ) : (
          <span className={styles.monogram} aria-hidden="true">
            {title.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className={styles.heading}>
          {definition.label !== title ? <p className={styles.eyebrow}>{definition.label}</p> : null}
          <h1 className={styles.title}>{title}</h1>
        </div>
        <Button variant="secondary" size="sm" className={styles.toggle} aria-expanded={drawer.open} aria-controls={drawer.id} onClick={drawer.toggle}>
          <span className="visually-hidden">{definition.label} </span>Menu
        </Button>
      </header>
      <div className={styles.body}>
        {drawer.open ? <div className={styles.backdrop} aria-hidden="true" onClick={drawer.close} /> : null}
        <nav id={drawer.id} aria-label={definition.label} className={drawer.open ? styles.navOpen : styles.nav}>
          {permissions.isPending ? <Spinner size="sm" label="Loading menu" /> : null}
          <ul className={styles.menu}>
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={styles.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.content}>
          <PageGuard tenant={tenant} check={screen?.permissions}>
            <TenantCountry definition={definition}>
              <Outlet />
            </TenantCountry>
          </PageGuard>
        </div>
      </div>
    </div>
  );
}

/** The screens of a charity's or workplace's console read their dates in its country (waiting for it, briefly). */
function TenantCountry({ definition, children }: { definition: ConsoleDefinition; children: ReactNode }) {
  const params = useParams();
  const tenant = definition.useCountry?.(params);
  if (!tenant) return <>{children}</>;
  if (tenant.country) return <DataCountryProvider country={tenant.country}>{children}</DataCountryProvider>;
  return tenant.isPending ? <Spinner label="Loading" /> : <>{children}</>;
}

/**
 * The side nav is a drawer on small screens. It remembers the page it was opened on, so it is closed on any other
 * page (spec §4: closes on route change); Escape closes it too.
 */
function useDrawer() {
  const id = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return {
    id,
    open,
    toggle: () => setOpenOn(open ? null : pathname),
    close: () => setOpenOn(null),
  };
}
