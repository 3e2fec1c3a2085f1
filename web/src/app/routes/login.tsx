import { MainLayout } from '../../components/layout/main-layout';
import { LoginPage } from '../../features/auth/components/login-page';

/** /login?returnUrl= — where the site-wide guard sends anonymous visitors. */
export function LoginRoute() {
  return (
    <MainLayout>
      <LoginPage mode="returnUrl" />
    </MainLayout>
  );
}

/** /login/sso — sign-in for payroll and recurring giving; returns to the path in the `koha_return` cookie. */
export function LoginSsoRoute() {
  return (
    <MainLayout>
      <LoginPage mode="sso" />
    </MainLayout>
  );
}
