import type { RunningPlatform } from '../../tools/local/src/platform';

/**
 * Acceptance tests run the real local platform in-process on their own ports (LOCAL_PORT_BASE), with a short
 * gateway timeout so the lost-reply path takes seconds, not the production 8.
 */
export async function startTestPlatform(portBase: number): Promise<RunningPlatform> {
  process.env.LOCAL_PORT_BASE = String(portBase);
  process.env.LOCAL_STATE_DIR = `.local/acceptance-${portBase}`;
  process.env.CARD_GATEWAY_TIMEOUT_MS = '1500';
  const { startPlatform } = await import('../../tools/local/src/platform');
  return startPlatform({ lostReplyDelayMs: 4000, queueVisibilitySeconds: 2 });
}

export const CARD_GATEWAY_SECRET = 'sk_test_local_platform';
export const CARD_GATEWAY_PUBLISHABLE = 'pk_test_local_platform';
