import type { ServerResponse } from 'node:http';
import { RATE_RULES, siteRuleMatches, userPoolRuleMatches, type RateRule } from '@giving/shared/edge';
import { DomainError, PROBLEM_CONTENT_TYPE, problemFor } from '@giving/shared/errors';

/**
 * The web ACLs' rate rules on this machine (shared/edge.ts RATE_RULES): each rule counts one address's matching
 * requests over its trailing window, as WAF's rate-based rules do, and a request over a limit is refused before
 * anything behind the edge sees it. `scale` multiplies every limit, so a test run or the benchmark that sends
 * thousands of requests from one address can raise them (LOCAL_EDGE_RATE_LIMIT_SCALE); 1 is the deployment's.
 */
export type EdgeDecision = { allowed: true } | { allowed: false; rule: RateRule; retryAfterSeconds: number };

export interface EdgeRateLimiter {
  /** A request to the site (CloudFront's web ACL): the method and the path as the viewer sent it. */
  site(ip: string, method: string, path: string): EdgeDecision;
  /** A call to the user pool (its own web ACL): the X-Amz-Target header names the Cognito operation. */
  userPool(ip: string, target: string | undefined): EdgeDecision;
}

export function edgeRateLimiter(options: { rules?: readonly RateRule[]; scale?: number; now?: () => number } = {}): EdgeRateLimiter {
  const rules = options.rules ?? RATE_RULES;
  const scale = options.scale ?? 1;
  const now = options.now ?? Date.now;
  const seen = new Map<string, RequestTimes>();

  function decide(ip: string, matching: readonly RateRule[]): EdgeDecision {
    const at = now();
    // Like WAF, rules are evaluated in order and the first that blocks ends the evaluation; a blocked request is not counted.
    const counted: RequestTimes[] = [];
    for (const rule of matching) {
      const key = `${rule.name} ${ip}`;
      const windowMs = rule.windowSeconds * 1000;
      let times = seen.get(key);
      if (!times) seen.set(key, (times = new RequestTimes()));
      times.dropUntil(at - windowMs);
      if (times.count >= rule.limit * scale) {
        return { allowed: false, rule, retryAfterSeconds: Math.max(1, Math.ceil(((times.oldest as number) + windowMs - at) / 1000)) };
      }
      counted.push(times);
    }
    for (const times of counted) times.add(at);
    return { allowed: true };
  }

  return {
    site: (ip, method, path) => decide(ip, rules.filter((rule) => siteRuleMatches(rule, { method, path }))),
    userPool: (ip, target) => decide(ip, rules.filter((rule) => userPoolRuleMatches(rule, target))),
  };
}

/**
 * One address's counted request times for one rule, oldest first. Times arrive in order, so the expired ones are at
 * the front: dropping them is a moving index, not a copy of the window per request (with the benchmark's raised
 * limits a window holds hundreds of thousands of times, and copying it took a good part of the origin's CPU).
 */
class RequestTimes {
  private times: number[] = [];
  private head = 0;

  get count(): number {
    return this.times.length - this.head;
  }

  get oldest(): number | undefined {
    return this.times[this.head];
  }

  /** Forgets the times at or before `cutoff`. */
  dropUntil(cutoff: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  add(time: number): void {
    this.times.push(time);
  }
}

/** The edge's refusal: 429, Retry-After, and the API's problem+json for TooManyRequests. */
export function refuseTooManyRequests(res: ServerResponse, decision: Extract<EdgeDecision, { allowed: false }>): void {
  const body = JSON.stringify(problemFor(new DomainError('TooManyRequests')));
  res.writeHead(429, { 'content-type': PROBLEM_CONTENT_TYPE, 'retry-after': String(decision.retryAfterSeconds), 'cache-control': 'no-store' });
  res.end(body);
}

/** LOCAL_EDGE_RATE_LIMIT_SCALE: a positive number (default 1, a deployment's limits). */
export function rateLimitScaleFromEnvironment(env: Record<string, string | undefined>): number {
  const text = env.LOCAL_EDGE_RATE_LIMIT_SCALE;
  if (text === undefined || text === '') return 1;
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`LOCAL_EDGE_RATE_LIMIT_SCALE must be a positive number, got ${text}`);
  return scale;
}
