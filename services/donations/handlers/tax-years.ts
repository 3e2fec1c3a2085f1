import { donationsRoute } from '../http';
import { DomainError } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { listTaxYears } from '../domain/tax-statements';
import { donationHistory } from '../adapters';

/** GET /donations/me/tax-statements — the tax years (per country) the member gave in, newest first, for the statement picker. */
export const handler = donationsRoute({}, async ({ caller }) => {
  // The manifest guard has already refused anonymous callers on this signedIn route.
  if (!caller) throw new DomainError('Unauthorized');
  return ok(await listTaxYears({ history: donationHistory() }, caller.userId));
});
