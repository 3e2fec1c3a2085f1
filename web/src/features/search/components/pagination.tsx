import { Link, useLocation } from 'react-router-dom';
import styles from './search.module.css';

/** Spec 2 §9: pagination shows 3 offset pages. */
export const OFFSET_PAGES = 3;

/**
 * The page numbers shown around the current one: `width` pages with the current in the middle where it can be
 * (1 2 3 on the first page, 4 5 6 on the fifth, the last three on the last).
 */
export function pageWindow(current: number, pageCount: number, width = OFFSET_PAGES): number[] {
  if (pageCount <= 0) return [];
  const first = Math.max(1, Math.min(current - Math.floor(width / 2), pageCount - width + 1));
  const last = Math.min(pageCount, first + width - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The address of `page` of this list: the same search, with ?page= (left out for the first). */
function usePageLink() {
  const { pathname, search } = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(search);
    if (page <= 1) params.delete('page');
    else params.set('page', String(page));
    const text = params.toString();
    return `${pathname}${text ? `?${text}` : ''}`;
  };
}

/** Previous, the 3 offset pages and Next, as links (Back and Forward step through the pages). */
export function Pagination({ page, pageCount, label = 'Pages' }: { page: number; pageCount: number; label?: string }) {
  const linkTo = usePageLink();
  if (pageCount <= 1) return null;
  const edge = (to: number, text: string, enabled: boolean) =>
    enabled ? (
      <Link to={linkTo(to)} className={styles.pageLink}>
        {text}
      </Link>
    ) : (
      <span className={styles.pageLink} aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav aria-label={label} className={styles.pagination}>
      <ul>
        <li>{edge(page - 1, 'Previous', page > 1)}</li>
        {pageWindow(page, pageCount).map((number) => (
          <li key={number}>
            <Link to={linkTo(number)} className={styles.pageLink} aria-current={number === page ? 'page' : undefined} aria-label={`Page ${number}`}>
              {number}
            </Link>
          </li>
        ))}
        <li>{edge(page + 1, 'Next', page < pageCount)}</li>
      </ul>
    </nav>
  );
}

/** The 1-based page in the address (?page=), 1 when absent or not a page number. */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` results make, capped where the search stops answering (from + size <= 10,000). */
export function pageCountOf(total: number, size: number): number {
  const reachable = Math.floor(10_000 / size);
  return Math.min(Math.ceil(total / size), reachable);
}
