import type { PaymentConfig } from '@yardly/shared/contract';
import { serverApi } from './api';
import { logFailure } from './log-failure';

/**
 * What Stripe.js needs from a page's Content-Security-Policy (Stripe's guide to CSP): its script,
 * the frames of its card element and of the bank's 3-D Secure challenge, and its API.
 */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** What the checkout adds to Astro's policy: sources for script-src, and whole directives. */
export interface PolicyAdditions {
  scriptResources: string[];
  directives: string[];
}

/**
 * The checkout's additions to the page's policy for the provider that collects the card: none
 * for the built-in test provider (its form is the page's own), Stripe's origins for Stripe. A
 * script source replaces Astro's default 'self' (the hashes of the page's own scripts stay), so
 * 'self' is named again; frames and connections, open before, are narrowed to the page's own and
 * Stripe's.
 */
export function checkoutPolicy(config: PaymentConfig): PolicyAdditions {
  if (config.provider !== 'stripe') return { scriptResources: [], directives: [] };
  return {
    scriptResources: ["'self'", ...STRIPE_ORIGINS.script],
    directives: [
      `frame-src ${STRIPE_ORIGINS.frame.join(' ')}`,
      `connect-src 'self' ${STRIPE_ORIGINS.connect.join(' ')}`,
    ],
  };
}

/** The part of Astro's `Astro.csp` the checkout uses. */
export interface PageCsp {
  insertScriptResource(resource: string): void;
  insertDirective(directive: string): void;
}

/** Adds the checkout's sources to the page being rendered (Astro.csp is undefined without security.csp). */
export function allowCardCollector(csp: PageCsp | undefined, config: PaymentConfig): void {
  if (!csp) return;
  const { scriptResources, directives } = checkoutPolicy(config);
  for (const resource of scriptResources) csp.insertScriptResource(resource);
  for (const directive of directives) csp.insertDirective(directive);
}

/** How this installation collects cards (GET /svc/payment/config), for the checkout page; null when the api cannot say. */
export async function readPaymentConfig(): Promise<PaymentConfig | null> {
  try {
    return await serverApi().cards.config();
  } catch (cause) {
    logFailure('storefront: could not read the payment configuration:', cause);
    return null;
  }
}
