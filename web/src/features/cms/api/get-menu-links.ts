/** The CMS reads the same query as the header (web/src/lib/menu-links.ts). */
export { getMenuLinks, menuLinksQueryOptions, useMenuLinks, type MenuLinkList } from '../../../lib/menu-links';
