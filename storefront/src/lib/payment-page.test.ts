import { renderCspContent } from 'astro/runtime/server/render/csp.js';
import { describe, expect, it } from 'vitest';
import { allowCardCollector, checkoutPolicy, type PageCsp } from './payment-page';

const TEST = { provider: 'test', publishableKey: null } as const;
const STRIPE = { provider: 'stripe', publishableKey: 'pk_test_abc' } as const;
/** One of the hashes Astro computes for a page's own scripts (the island runtime, ...). */
const OWN_SCRIPT = 'sha256-ownScriptHashOwnScriptHashOwnScriptHash0=';

/**
 * The policy the checkout is served with, as Astro writes it: Astro's own renderer over a page
 * whose config is the storefront's (script hashes, styles 'self' and inline), after the page
 * added what its card collector needs through the same calls as `Astro.csp`'s.
 */
function servedPolicy(config: typeof TEST | typeof STRIPE): string {
  const result = {
    scriptDirective: { resources: [] as string[], hashes: [OWN_SCRIPT], strictDynamic: false },
    styleDirective: { resources: ["'self'", "'unsafe-inline'"], hashes: [] as string[] },
    directives: [] as string[],
    _metadata: { extraScriptHashes: [] as string[], extraStyleHashes: [] as string[] },
  };
  const csp: PageCsp = {
    insertScriptResource: (resource) => result.scriptDirective.resources.push(resource),
    insertDirective: (directive) => result.directives.push(directive),
  };
  allowCardCollector(csp, config);
  return renderCspContent(result as unknown as Parameters<typeof renderCspContent>[0]);
}

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(' ')[0] === name);
}

describe('the checkout page’s Content-Security-Policy', () => {
  it('is the site’s own with the built-in test provider: scripts from itself and their hashes, nothing of Stripe', () => {
    expect(checkoutPolicy(TEST)).toEqual({ scriptResources: [], directives: [] });
    const policy = servedPolicy(TEST);
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' '${OWN_SCRIPT}'`);
    expect(policy).not.toContain('stripe');
    expect(directive(policy, 'frame-src')).toBeUndefined();
    expect(directive(policy, 'connect-src')).toBeUndefined();
  });

  it('lets Stripe.js in when Stripe collects the card: its script, its frames, its api, and still no inline script', () => {
    const policy = servedPolicy(STRIPE);
    expect(directive(policy, 'script-src')).toBe(
      `script-src 'self' https://js.stripe.com https://*.js.stripe.com '${OWN_SCRIPT}'`,
    );
    expect(directive(policy, 'frame-src')).toBe(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(policy, 'script-src')).not.toContain('unsafe');
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
  });

  it('is left alone where Astro has no policy to add to', () => {
    expect(() => allowCardCollector(undefined, STRIPE)).not.toThrow();
  });
});
