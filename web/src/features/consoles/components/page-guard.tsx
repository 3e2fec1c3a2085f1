import type { ReactNode } from 'react';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { LoadingBlock } from '../../../components/ui/spinner';
import { usePermissions } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { ConsoleTenant } from '../console-definition';
import { AccessDenied } from './access-denied';
import { LoginPrompt } from './login-prompt';

export interface PageGuardProps {
  /** The charity or workplace the page acts in; nothing for the user area, the back office and the CMS. */
  tenant?: ConsoleTenant;
  /** What the page needs; none lets any signed-in member in. */
  check?: PermissionCheck;
  headingLevel?: 1 | 2;
  children: ReactNode;
}

/**
 * The page guard (spec §6): fetches the allowed list and shows the page only when it has what the page needs.
 * A failed fetch (403 included) or a missing permission is a 403; signed-out visitors are asked to log in.
 */
export function PageGuard({ tenant, check, headingLevel = 2, children }: PageGuardProps) {
  const session = useSession();
  const permissions = usePermissions(tenant);
  if (session.status === 'loading') return <LoadingBlock label="Checking your sign-in" />;
  if (session.status === 'signedOut') return <LoginPrompt error={session.error} headingLevel={headingLevel} />;
  // An expired sign-in is a sign-in problem, not a permission one.
  if (permissions.error instanceof ApiError && permissions.error.status === 401) return <LoginPrompt headingLevel={headingLevel} />;
  if (permissions.isError) return <AccessDenied headingLevel={headingLevel} />;
  if (permissions.isPending) return <LoadingBlock label="Checking your access" />;
  if (!satisfies(permissions.data.permissions, check ?? {})) return <AccessDenied headingLevel={headingLevel} />;
  return <>{children}</>;
}
