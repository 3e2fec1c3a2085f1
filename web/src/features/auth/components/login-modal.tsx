import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { lazyPart } from '../../../lib/lazy-part';
import { sameOriginPath, takeReturnPath } from '../../../lib/return-path';
import { closeLoginModal, useLoginModal } from '../../../lib/session';

/** The dialog is loaded when someone asks to sign in: most visitors never do. */
const loginDialog = lazyPart(() => import('./login-dialog'));

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

  const dialog = loginDialog.usePart(request !== null);
  if (!request || !dialog) return null;
  const here = `${location.pathname}${location.search}${location.hash}`;
  const onSignedIn = () => {
    closeLoginModal();
    if (request.reason) takeReturnPath(); // signed in here rather than on the sso path: the return cookie is spent
    const target = sameOriginPath(request.returnTo);
    if (target && target !== here) void navigate(target);
  };

  return <dialog.LoginDialog onSignedIn={onSignedIn} />;
}
