import { Suspense, lazy, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { sameOriginPath, takeReturnPath } from '../../../lib/return-path';
import { closeLoginModal, useLoginModal } from '../../../lib/session';
import { LOGIN_HEADING } from '../messages';
import styles from './login-modal.module.css';

const LoginForm = lazy(async () => ({ default: (await import('./login-form')).LoginForm }));

/**
 * The login modal, opened by `requestLogin` (the header's Login button, consoles, checkout). Spec §4: it closes
 * on Close (or Escape) and as soon as a route change starts. After signing in it goes to the request's page.
 */
export function LoginModalHost() {
  const request = useLoginModal();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (navigation.state !== 'idle') closeLoginModal();
  }, [navigation.state]);
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    closeLoginModal();
  }, [location.key]);

  if (!request) return null;
  const here = `${location.pathname}${location.search}${location.hash}`;
  const onSignedIn = () => {
    closeLoginModal();
    if (request.reason) takeReturnPath(); // signed in here rather than on the sso path: the return cookie is spent
    const target = sameOriginPath(request.returnTo);
    if (target && target !== here) void navigate(target);
  };

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
