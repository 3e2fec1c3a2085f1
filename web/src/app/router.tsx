import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createBrowserRouter, redirect, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import { LoadingBlock } from '../components/ui/spinner';
import { AuthRoot } from '../features/auth/components/auth-root';
import { charityQueryOptions } from '../features/charities/api/get-charity';
import { giftQueryOptions } from '../features/gifts/api/get-gift';
import { productCampaignsQueryOptions } from '../features/matching/api/get-product-campaigns';
import { DEFAULT_COUNTRY } from '../lib/country';
import { afterFirstScreen } from '../lib/first-screen';
import { ACCOUNT_DELETED_PATH, paths } from '../lib/paths';
import { CountryLayout } from './routes/country-layout';
import { NotFound } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * A loader that starts the page's queries while its code loads, without waiting for them:
 * pages show their own spinners (spec: loading states), and the data usually arrives with the code.
 */
function prefetching(start: (country: CountryCode, params: LoaderFunctionArgs['params']) => void) {
  return ({ params }: LoaderFunctionArgs) => {
    if (isCountryCode(params.country)) start(params.country, params);
    return null;
  };
}

/** Every page, plus sign-in for the whole app (the login modal and the session). */
function Root() {
  return (
    <>
      <Outlet />
      <AuthRoot />
    </>
  );
}

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  // Functions, not shared objects: the router resolves `lazy` by writing to it, so two routes must not share one.
  const charitiesPage = (): Omit<RouteObject, 'path' | 'index' | 'children'> => ({
    // The list comes from the charities index, below the introduction: its search code (not the app's first file) and
    // its query start once the introduction is drawn. Asked for earlier, they were requests before the first paint that
    // the first paint does not need (its first page is asked for with the HTML by the early start, and kept).
    loader: prefetching(
      (country) =>
        void afterFirstScreen()
          .then(() => import('../features/charities/api/search-charities'))
          .then(({ charityListingQueryOptions }) => queryClient.prefetchInfiniteQuery(charityListingQueryOptions(country))),
    ),
    lazy: { Component: async () => (await import('./routes/charities')).CharitiesRoute },
  });
  const giftPage = (): Omit<RouteObject, 'path' | 'index' | 'children'> => ({
    // The gift, then its matching campaigns (asked by the gift's id), which the page shows with it.
    loader: prefetching((_country, { charityUrl = '', productUrl = '' }) => {
      queryClient
        .fetchQuery(giftQueryOptions(charityUrl, productUrl))
        .then((gift) => queryClient.prefetchQuery(productCampaignsQueryOptions(gift.id)))
        .catch(() => undefined);
    }),
    lazy: { Component: async () => (await import('./routes/gift')).GiftRoute },
  });
  return [
    {
      id: 'root',
      Component: Root,
      HydrateFallback: () => <LoadingBlock />,
      ErrorBoundary: RouteError,
      children: [
        { path: '/', loader: () => redirect(paths.home(DEFAULT_COUNTRY)) },
        // Sign-in and access pages, before '/:country' so they are not taken for a country.
        { path: '/login', lazy: { Component: async () => (await import('./routes/login')).LoginRoute } },
        { path: '/login/sso', lazy: { Component: async () => (await import('./routes/login')).LoginSsoRoute } },
        { path: '/access-denied', lazy: { Component: async () => (await import('./routes/access-denied')).AccessDeniedRoute } },
        { path: '/auth/denied', lazy: { Component: async () => (await import('./routes/access-denied')).AccessDeniedRoute } },
        // Issue 17 item 7: where a member lands, signed out, once they have deleted their account.
        { path: ACCOUNT_DELETED_PATH, lazy: { Component: async () => (await import('./routes/account-deleted')).AccountDeletedRoute } },
        // Issue 17 item 8: the API reference for integrators (its own chunk; it fetches /api/openapi.json).
        { path: '/developers/api', lazy: { Component: async () => (await import('./routes/developers-api')).DevelopersApiRoute } },
        // The four consoles and the CMS (/admin/...) are added on the first visit there: see patchAdminRoutes.
        {
          path: '/:country',
          Component: CountryLayout,
          children: [
            { index: true, ...charitiesPage() },
            { path: 'charities', ...charitiesPage() },
            {
              path: 'charity/:charityUrl',
              // The charity; its gifts ('More Donations', below the checkout) are asked for after the first screen.
              loader: prefetching((country, { charityUrl = '' }) => void queryClient.prefetchQuery(charityQueryOptions(country, charityUrl))),
              lazy: { Component: async () => (await import('./routes/charity')).CharityRoute },
            },
            // Spec §2: buying a gift voucher (before the gift page's charity/:charityUrl/:productUrl, which it would match).
            { path: 'charity/gift-vouchers/new-voucher', lazy: { Component: async () => (await import('./routes/gift-voucher')).GiftVoucherRoute } },
            // Spec 1 §2: the volunteering list and role page (charityUrl, vacancyUrl; '/' when there is no slug).
            { path: 'volunteering', lazy: { Component: async () => (await import('./routes/volunteering')).VolunteeringRoute } },
            { path: 'charity/:charityUrl/volunteering', loader: () => redirect('/') },
            { path: 'charity/:charityUrl/volunteering/:vacancyUrl', lazy: { Component: async () => (await import('./routes/volunteering-role')).VolunteeringRoleRoute } },
            // Spec 1 §2: fundraising's list, its create flow, an event and a page within it (before the gift page's
            // :charityUrl/:productUrl, which 'fundraising/:eventUrl' would otherwise match).
            { path: 'fundraising', lazy: { Component: async () => (await import('./routes/fundraising')).FundraisingRoute } },
            { path: 'fundraising/create', lazy: { Component: async () => (await import('./routes/fundraising-create')).FundraisingCreateRoute } },
            {
              path: 'fundraising/:eventUrl',
              // The fundraising reads' code comes with the loader (not the app's first file, which every page waits for).
              loader: prefetching((_country, { eventUrl = '' }) => void import('../features/fundraising/api/get-event').then(({ eventQueryOptions }) => queryClient.prefetchQuery(eventQueryOptions(eventUrl)))),
              lazy: { Component: async () => (await import('./routes/fundraising-event')).FundraisingEventRoute },
            },
            {
              path: 'fundraising/:eventUrl/:pageUrl',
              loader: prefetching((_country, { eventUrl = '', pageUrl = '' }) => void import('../features/fundraising/api/get-page').then(({ pageQueryOptions }) => queryClient.prefetchQuery(pageQueryOptions(eventUrl, pageUrl)))),
              lazy: { Component: async () => (await import('./routes/fundraising-page')).FundraisingPageRoute },
            },
            // Spec §2: the gift page answers at both addresses.
            { path: 'charity/:charityUrl/:productUrl', ...giftPage() },
            { path: ':charityUrl/:productUrl', ...giftPage() },
            // Issue 14: the site search (the header's box submits here) and the gifts listing.
            { path: 'search', lazy: { Component: async () => (await import('./routes/search')).SearchRoute } },
            { path: 'donating', lazy: { Component: async () => (await import('./routes/donating')).DonatingRoute } },
            { path: 'thankyou', lazy: { Component: async () => (await import('./routes/thank-you')).ThankYouRoute } },
            { path: '*', Component: () => <NotFound /> },
          ],
        },
      ],
    },
  ];
}

/** The consoles' addresses (/admin/... and /{country}/admin/..., any case, as the router matches them). */
const ADMIN_PATH = /^(\/[^/]+)?\/admin(\/|$)/i;

/**
 * The four consoles and the CMS (/admin/..., and the same under a country): their routes are built from the console
 * registry, which public pages never need, so it is a chunk of its own and its routes join the table under the root
 * on the first navigation to an admin address (React Router's route discovery). Patching the same routes again
 * changes nothing.
 */
export const patchAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!ADMIN_PATH.test(path)) return;
  const { adminRoutes } = await import('./routes/admin');
  patch('root', adminRoutes());
};

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient), { patchRoutesOnNavigation: patchAdminRoutes });
