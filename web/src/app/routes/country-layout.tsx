import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { MainLayout } from '../../components/layout/main-layout';
import { SiteActivityPlaceholder } from '../../features/site-activity/components/site-activity-placeholder';
import { lazyPart } from '../../lib/lazy-part';
import { NotFound } from './not-found';

/** The stats and ticker bar shows what its own queries bring, after the page: it is a chunk of its own. */
const siteActivity = lazyPart(() => import('../../features/site-activity/components/site-activity-bar'));

/** Every public page lives under /:country; an unknown country is a not-found page, not a guess. */
export function CountryLayout() {
  const { country } = useParams();
  const known = isCountryCode(country);
  const lang = known ? COUNTRIES[country].locale : 'en';
  // The ticker's code and its data come after the page has been drawn; its placeholder holds its place meanwhile.
  const activity = siteActivity.usePart(known, { afterFirstScreen: true });

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <MainLayout banner={known ? activity ? <activity.SiteActivityBar country={COUNTRIES[country]} /> : <SiteActivityPlaceholder /> : undefined}>
      {known ? <Outlet /> : <NotFound />}
    </MainLayout>
  );
}
