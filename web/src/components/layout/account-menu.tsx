import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountPaths, openableAccounts, useAdminMenu } from '../../lib/account';
import { requestLogout } from '../../lib/session';
import { Spinner } from '../ui/spinner';
import styles from './header.module.css';

/** Spec §2 Account: a signed-in member's menu in the header (a chunk of its own: visitors never load it). */
export function AccountMenu({ name, open, onToggle, onClose }: { name: string; open: boolean; onToggle: () => void; onClose: () => void }) {
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
  const accounts = openableAccounts(menu).map((account) => ({
    key: `${account.kind}-${account.id}`,
    name: account.name,
    kind: account.kind === 'charity' ? 'Charity' : 'Workplace',
    to: accountPaths.console(account),
  }));

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
