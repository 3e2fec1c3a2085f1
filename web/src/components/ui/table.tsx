import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import styles from './table.module.css';

/**
 * A data table that scrolls sideways on narrow screens instead of squashing its columns. The caption names it for
 * assistive technology (visually hidden unless `showCaption`). While it scrolls, its box is a region named by the
 * caption that takes focus, so a keyboard can scroll it too (WCAG 2.1.1; axe `scrollable-region-focusable`), also
 * when no cell holds a button or link.
 */
export function Table({ caption, showCaption = false, children }: { caption: string; showCaption?: boolean; children: ReactNode }) {
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div ref={box} className={styles.scroll} {...(scrolls ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}>
      <table className={styles.table}>
        <caption id={captionId} className={showCaption ? styles.caption : 'visually-hidden'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** Whether the box's content is wider than the box, kept up to date as either changes size. */
function useScrollsSideways(box: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
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
