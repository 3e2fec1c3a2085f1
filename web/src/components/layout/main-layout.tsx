import type { ReactNode } from 'react';
import { ScrollRestoration, useNavigation } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';

/** The site's frame: skip link, header (and, on public pages, the stats and ticker bar), page, footer. */
export function MainLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const navigation = useNavigation();
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      {navigation.state === 'loading' ? <div className={styles.progress} role="progressbar" aria-label="Loading page" /> : null}
      <Header />
      {banner}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
