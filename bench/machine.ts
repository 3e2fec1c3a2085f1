import os from 'node:os';

/** The machine a benchmark ran on, for the figures' heading: CPUs, memory, OS and Node. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}
