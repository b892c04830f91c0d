// Fraud protections run at checkout (DESIGN §6), outside any database transaction: the caller's
// pre-checkout hook over HTTP, a pluggable risk scorer (vendor_minfraud) and a pluggable challenge
// verifier (vendor_recaptcha). Each check leaves a log line for the transaction.
import { Decimal } from 'decimal.js';
import type { Outbound } from '../net/outbound.js';

export interface CheckoutSummary {
  storeId: number;
  cartId: number;
  currencyCode: string;
  totalOrder: string;
  customerEmail: string | null;
  billingCountry: string | null;
  shippingCountry: string | null;
  items: Array<{ name: string; code: string | null; quantity: number; price: string }>;
}

/** Risk score 0–100 of a checkout (vendor_minfraud). */
export interface RiskScorer {
  score(summary: CheckoutSummary): Promise<number>;
}

/** Checks a challenge token (vendor_recaptcha). */
export interface ChallengeVerifier {
  verify(token: string, config: { private_key?: string; site_key?: string }): Promise<boolean>;
}

/**
 * The built-in scorer, for stores without a scoring vendor: a few plain signals, so thresholds
 * have something to act on. Replace it through buildApp's `fraud` option.
 */
export const heuristicScorer: RiskScorer = {
  async score(s) {
    let score = 0;
    if (s.billingCountry && s.shippingCountry && s.billingCountry !== s.shippingCountry) score += 30;
    if (new Decimal(s.totalOrder).gte(1000)) score += 40;
    if (!s.customerEmail) score += 20;
    return Math.min(100, score);
  },
};

/** Without a reachable vendor, any non-empty token passes; replace it through buildApp's `fraud` option. */
export const permissiveVerifier: ChallengeVerifier = { verify: async (token) => token.length > 0 };

export interface FraudDeps {
  scorer: RiskScorer;
  verifier: ChallengeVerifier;
  outbound: Outbound;
  hookTimeoutMs: number;
}

export interface FraudLog {
  action: string;
  status: string;
  message: string;
  details?: unknown;
}

export type FraudVerdict = 'pass' | 'reject' | 'review';

export interface ProtectionRow {
  id: number;
  type: string;
  json: string | null;
  score_threshold_reject: number | null;
}

function config(row: ProtectionRow): Record<string, unknown> {
  try {
    const v = JSON.parse(row.json ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

async function preCheckoutHook(row: ProtectionRow, summary: CheckoutSummary, deps: FraudDeps): Promise<[FraudVerdict, FraudLog]> {
  const cfg = config(row);
  // A configured hook without `enabled` runs: leaving the flag out should not silently disable it.
  const enabled = cfg.enabled === undefined || cfg.enabled === true || cfg.enabled === 1 || cfg.enabled === '1' || cfg.enabled === 'true';
  if (!enabled) return ['pass', { action: 'fraud_check', status: 'skipped', message: 'pre-checkout hook disabled' }];
  const onFailure: FraudVerdict = cfg.failure_handling === 'approve' ? 'pass' : 'reject';
  try {
    const res = await deps.outbound.post(String(cfg.url), JSON.stringify({ checkout: summary }),
      { 'content-type': 'application/json' }, { timeoutMs: deps.hookTimeoutMs });
    if (res.status < 200 || res.status > 299) {
      return [onFailure, { action: 'fraud_check', status: onFailure, message: `pre-checkout hook answered ${res.status}; failure_handling ${cfg.failure_handling}` }];
    }
    const answer = JSON.parse(res.body) as { ok?: unknown; review?: unknown; details?: unknown };
    if (answer.ok === true) return ['pass', { action: 'fraud_check', status: 'pass', message: 'pre-checkout hook approved', details: answer.details }];
    const verdict: FraudVerdict = answer.review === true ? 'review' : 'reject';
    return [verdict, { action: 'fraud_check', status: verdict, message: 'pre-checkout hook did not approve', details: answer.details }];
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' || /timeout/i.test((err as Error).message) ? 'timed out' : 'was unreachable';
    return [onFailure, { action: 'fraud_check', status: onFailure, message: `pre-checkout hook ${why}; failure_handling ${cfg.failure_handling}` }];
  }
}

async function minfraud(row: ProtectionRow, summary: CheckoutSummary, deps: FraudDeps): Promise<[FraudVerdict, FraudLog]> {
  const threshold = row.score_threshold_reject ?? 0;
  if (threshold === 0) return ['pass', { action: 'fraud_check', status: 'skipped', message: 'risk scoring disabled (threshold 0)' }];
  const score = await deps.scorer.score(summary);
  // 100 logs the score and lets everything through.
  const verdict: FraudVerdict = threshold < 100 && score >= threshold ? 'reject' : 'pass';
  return [verdict, { action: 'fraud_check', status: verdict, message: `risk score ${score} (reject at ${threshold})`, details: { score, threshold } }];
}

async function recaptcha(row: ProtectionRow, token: string | undefined, deps: FraudDeps): Promise<[FraudVerdict, FraudLog]> {
  const cfg = config(row);
  if (cfg.config !== 'enabled_always') return ['pass', { action: 'fraud_check', status: 'skipped', message: `challenge ${String(cfg.config)}` }];
  const ok = !!token && await deps.verifier.verify(token, cfg as { private_key?: string; site_key?: string });
  return [ok ? 'pass' : 'reject', { action: 'fraud_check', status: ok ? 'pass' : 'reject', message: ok ? 'challenge passed' : 'challenge missing or failed' }];
}

/** Runs every protection; the strictest verdict wins (reject > review > pass). */
export async function runFraudChecks(rows: ProtectionRow[], summary: CheckoutSummary, challengeToken: string | undefined,
  deps: FraudDeps): Promise<{ verdict: FraudVerdict; logs: FraudLog[] }> {
  const results = await Promise.all(rows.map((row) => {
    if (row.type === 'custom_precheckout_hook') return preCheckoutHook(row, summary, deps);
    if (row.type === 'vendor_minfraud') return minfraud(row, summary, deps);
    return recaptcha(row, challengeToken, deps);
  }));
  const verdicts = results.map(([v]) => v);
  const verdict: FraudVerdict = verdicts.includes('reject') ? 'reject' : verdicts.includes('review') ? 'review' : 'pass';
  return { verdict, logs: results.map(([, log]) => log) };
}
