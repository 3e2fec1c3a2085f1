import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { COUNTRIES, isCountryCode } from '@giving/shared/countries';
import { MainLayout } from '../../components/layout/main-layout';
import { SiteActivityBar } from '../../features/site-activity/components/site-activity-bar';
import { NotFound } from './not-found';

/** Every public page lives under /:country; an unknown country is a not-found page, not a guess. */
export function CountryLayout() {
  const { country } = useParams();
  const known = isCountryCode(country);
  const lang = known ? COUNTRIES[country].locale : 'en';

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return <MainLayout banner={known ? <SiteActivityBar country={COUNTRIES[country]} /> : undefined}>{known ? <Outlet /> : <NotFound />}</MainLayout>;
}
