import { Agent, request } from 'node:http';

/** A closed-loop load generator: `concurrency` clients, each sending its next request when the last one answered. */
export interface LoadResult {
  ok: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  firstError?: string;
}

export async function closedLoop(options: {
  concurrency: number;
  seconds: number;
  send: (client: number, sequence: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let firstError: string | undefined;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      while (performance.now() < deadline) {
        const at = performance.now();
        try {
          if (await options.send(client, sequence++)) ok++;
          else errors++;
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { ok, errors, seconds, perSecond: Math.round(ok / seconds), p50ms: pick(0.5), p99ms: pick(0.99), firstError };
}

/** A keep-alive HTTP POST client, lighter than fetch on a 2-core machine where the client shares the CPU. */
export function jsonPoster(baseUrl: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const url = new URL(baseUrl);
  return {
    post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const req = request(
          { agent, host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
