import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import styles from './table.module.css';

/**
 * A data table that scrolls sideways on narrow screens instead of squashing its columns. The caption names it for
 * assistive technology (visually hidden unless `showCaption`). While it scrolls, its box is a region named by the
 * caption that takes focus, so a keyboard can scroll it too (WCAG 2.1.1; axe `scrollable-region-focusable`), also
 * when no cell holds a button or link. A shade at an edge shows there is more that way (a phone shows no scroll bar
 * until the table is touched, and a cut column otherwise looks like the table's end).
 */
export function Table({ caption, showCaption = false, children }: { caption: string; showCaption?: boolean; children: ReactNode }) {
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const { scrolls, moreBefore, moreAfter } = useSidewaysScroll(box);
  return (
    <div className={styles.frame} data-more-before={moreBefore || undefined} data-more-after={moreAfter || undefined}>
      <div ref={box} className={styles.scroll} {...(scrolls ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}>
        <table className={styles.table}>
          <caption id={captionId} className={showCaption ? styles.caption : 'visually-hidden'}>
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </div>
  );
}

interface SidewaysScroll {
  /** The box's content is wider than the box. */
  scrolls: boolean;
  /** Columns are hidden before the visible ones (scrolled away from the start). */
  moreBefore: boolean;
  /** Columns are hidden after the visible ones. */
  moreAfter: boolean;
}

/** Whether the box scrolls sideways and which way there is more, kept up to date as it scrolls or changes size. */
function useSidewaysScroll(box: RefObject<HTMLElement | null>): SidewaysScroll {
  const [state, setState] = useState<SidewaysScroll>({ scrolls: false, moreBefore: false, moreAfter: false });
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const { scrollWidth, clientWidth, scrollLeft } = element;
      // A pixel's slack: zoomed and high-density screens scroll by fractions.
      const next = { scrolls: scrollWidth > clientWidth, moreBefore: scrollLeft > 1, moreAfter: scrollLeft + clientWidth < scrollWidth - 1 };
      setState((last) => (last.scrolls === next.scrolls && last.moreBefore === next.moreBefore && last.moreAfter === next.moreAfter ? last : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [box]);
  return state;
}

/** A cell for a row's actions, aligned to the end; `wrap` stacks them where the table is narrow. */
export function ActionsCell({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <td>
      <div className={[styles.actionsInner, wrap && styles.actionsWrap].filter(Boolean).join(' ')}>{children}</div>
    </td>
  );
}

/** A narrow cell for a row's selection checkbox. */
export function SelectCell({ children, header = false, className }: { children: ReactNode; header?: boolean; className?: string }) {
  const Cell = header ? 'th' : 'td';
  return <Cell className={[styles.select, className].filter(Boolean).join(' ')}>{children}</Cell>;
}
