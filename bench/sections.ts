/** docs/BENCHMARKS.md is one file of `## ` sections, each written by one benchmark. */

/** A section's heading without its figures in brackets: `## Search (50,000 documents, ...)` is `## Search`. */
export const headingOf = (section: string) => (section.split('\n')[0] ?? '').replace(/\s*\(.*$/, '');

const sectionsOf = (markdown: string) => markdown.split(/\n(?=## )/);

/**
 * The sections only stand-alone benchmarks write (search, payroll file, matching...), kept from the previous file
 * after the new one's: `npm run bench` does not measure them, and writing the file without them would lose them.
 */
export function withStandAloneSections(markdown: string, previous: string): string {
  const ours = new Set(sectionsOf(markdown).map(headingOf));
  const kept = sectionsOf(previous)
    .slice(1)
    .filter((section) => !ours.has(headingOf(section)));
  return `${[markdown.trimEnd(), ...kept.map((section) => section.trim())].join('\n\n')}\n`;
}

/** The file with `section` in place of the one under the same heading, or added at the end. */
export function replaceSection(text: string, section: string): string {
  const heading = headingOf(section);
  const parts = sectionsOf(text);
  const at = parts.findIndex((part, index) => index > 0 && headingOf(part) === heading);
  if (at < 0) return `${text.trimEnd()}\n\n${section.trim()}\n`;
  parts[at] = `${section.trim()}\n`;
  return parts.join('\n');
}
