/** Node's warnings emitted while a test runs (e.g. MaxListenersExceededWarning), to assert there were none. */
export function captureProcessWarnings() {
  const warnings: Error[] = [];
  const listener = (warning: Error) => warnings.push(warning);
  process.on('warning', listener);
  return {
    warnings,
    /** The names and messages seen, e.g. ['MaxListenersExceededWarning: Possible EventTarget memory leak ...']. */
    seen: () => warnings.map((warning) => `${warning.name}: ${warning.message}`),
    stop: () => void process.off('warning', listener),
  };
}
