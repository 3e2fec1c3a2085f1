import { accountsRoute } from '../http';

/** The cookies the browser session uses: the session itself and the short-lived return path (spec §4 "Recurring"). */
const SESSION_COOKIES = ['koha_session', 'koha_return'];
const expired = (name: string) => `${name}=; Path=/; Max-Age=0; Secure; SameSite=Lax`;

/** GET /api/account/logout — ends the browser session and goes to the site root (spec §2 "Account"). */
export const handler = accountsRoute({}, async () => ({
  status: 302,
  headers: { location: '/' },
  cookies: SESSION_COOKIES.map(expired),
}));
