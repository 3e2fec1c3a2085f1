import type { ComponentType } from 'react';
import { generatePath, type Params } from 'react-router-dom';
import { isCountryCode, type CountryCode } from '@giving/shared/countries';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';

/**
 * A console (charity admin, workplace admin, user area, back office, CMS) is data: a base route and its screens.
 * The routes, the side nav and the page guard are all derived from it, so registering a screen is the only step
 * that makes it reachable and puts it in the menu.
 */
export interface ConsoleScreen {
  /** The path under the console's base, e.g. 'members' or 'reports/donation-reports'. */
  path: string;
  /** The side nav's label. */
  label: string;
  /** What the menu item and the page guard require (spec §6). None: always shown, and any signed-in member may open it. */
  permissions?: PermissionCheck;
  /** Loads the screen's code; every screen is its own chunk. */
  load: () => Promise<ComponentType>;
}

/** The tenant a console acts in; its permissions are asked for in that charity or workplace. */
export interface ConsoleTenant {
  charityId?: string;
  workplaceId?: string;
}

export interface ConsoleTitle {
  title: string;
  logo?: string;
}

export interface ConsoleDefinition {
  id: string;
  /** The base route pattern, e.g. '/admin/charity/:charityId'. */
  path: string;
  /** What kind of console this is, e.g. 'Charity admin' (names its side nav). */
  label: string;
  /** The screen the console's own address opens (spec: the dashboard). */
  home: string;
  /** Reads the tenant from the route's params (none for the user area, the back office and the CMS). */
  tenant?: (params: Params) => ConsoleTenant;
  /** The header's title (charity name, workplace name, 'My Account', 'Back Office'); a hook, called while signed in. */
  useTitle: (params: Params) => ConsoleTitle;
  /**
   * The tenant's country (a hook): the console's dates read in its time zone. Absent: the console's data says its own
   * country, or belongs to the platform.
   */
  useCountry?: (params: Params) => { country?: CountryCode; isPending: boolean };
  /** The screens in the spec's order, which is the menu's order. */
  screens: readonly ConsoleScreen[];
}

/** What a console's and a screen's route objects carry in `handle`, so the layout finds its console and screen. */
export interface ConsoleRouteHandle {
  console?: ConsoleDefinition;
  screen?: ConsoleScreen;
}

export interface ConsoleMenuItem {
  label: string;
  to: string;
}

/**
 * The console's own address for these params: under the country when the console was opened under one
 * (/{country}/admin/..., spec §2: routes are prefixed by a country code), else as registered (/admin/...).
 */
export const consoleBasePath = (definition: ConsoleDefinition, params: Params): string =>
  `${isCountryCode(params.country) ? `/${params.country}` : ''}${generatePath(definition.path, params)}`;

export const consoleTenant = (definition: ConsoleDefinition, params: Params): ConsoleTenant => definition.tenant?.(params) ?? {};

/**
 * The side nav (spec §6): the console's registered screens, in order, that the allowed list satisfies.
 * Screens without permissions always show.
 */
export function consoleMenu(definition: ConsoleDefinition, granted: readonly string[], params: Params): ConsoleMenuItem[] {
  const base = consoleBasePath(definition, params);
  return definition.screens
    .filter((screen) => satisfies(granted, screen.permissions ?? {}))
    .map((screen) => ({ label: screen.label, to: `${base}/${screen.path}` }));
}
