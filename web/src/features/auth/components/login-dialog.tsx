import { Suspense, lazy } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { closeLoginModal } from '../../../lib/session';
import { LOGIN_HEADING } from '../messages';
import styles from './login-modal.module.css';

const LoginForm = lazy(async () => ({ default: (await import('./login-form')).LoginForm }));

/** The login modal's dialog: the login form (loaded on demand) and Close. A chunk of its own, as the form is. */
export function LoginDialog({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <Modal open title={LOGIN_HEADING} onClose={closeLoginModal}>
      <Suspense fallback={<LoadingBlock label="Loading" />}>
        <LoginForm onSignedIn={onSignedIn} />
      </Suspense>
      <Button variant="ghost" block className={styles.close} onClick={closeLoginModal}>
        Close
      </Button>
    </Modal>
  );
}
