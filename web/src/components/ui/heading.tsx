import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The level a shared part's heading takes where it is placed, so headings go in order on every page (WCAG 1.3.1):
 * 2 directly under a page's h1; a section with its own heading gives what it holds the next level (SubHeadings).
 */
const HeadingLevelContext = createContext<HeadingLevel>(2);

export const useHeadingLevel = () => useContext(HeadingLevelContext);

/** Headings inside take `level` (e.g. a console's screens, under their h2). */
export function HeadingLevelProvider({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** What a section holds, one level below the section's own heading. */
export function SubHeadings({ children }: { children: ReactNode }) {
  const level = useHeadingLevel();
  return <HeadingLevelProvider level={Math.min(level + 1, 6) as HeadingLevel}>{children}</HeadingLevelProvider>;
}

/** A heading at the level of where it is placed, or at `level` when the caller knows the outline. */
export function Heading({ level, ...props }: HTMLAttributes<HTMLHeadingElement> & { level?: HeadingLevel }) {
  const placed = useHeadingLevel();
  const Tag = `h${level ?? placed}` as const;
  return <Tag {...props} />;
}
