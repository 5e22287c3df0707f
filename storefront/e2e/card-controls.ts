import { expect, type Locator, type Page } from '@playwright/test';

interface Hit {
  name: string;
  ok: boolean;
  found: string;
}

/**
 * Every visible control (link, button, field) of every card in `scope` answers a click at its
 * centre: the page (never the card) is scrolled to bring it into view, and
 * `document.elementFromPoint` there is the control or inside it. A card that clips its actions
 * (a fixed height with overflow hidden) fails here: the point finds the page behind, not the
 * button. All controls are read in one go in the page (a list that renders again meanwhile, as
 * after a token refresh, cannot make some look absent), retried until at least `atLeast` are seen.
 * Answers how many were checked.
 */
export async function expectCardControlsHittable(scope: Page | Locator, what: string, atLeast = 1): Promise<number> {
  let hits: Hit[] = [];
  await expect(async () => {
    hits = await scope.locator('article').evaluateAll((articles) =>
      articles.flatMap((article) =>
        [...article.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
          .filter((element) => element.checkVisibility() && element.getBoundingClientRect().width > 1)
          .map((element) => {
            const box = element.getBoundingClientRect();
            window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
            const now = element.getBoundingClientRect();
            const found = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
            return {
              name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
              ok: found !== null && (found === element || element.contains(found)),
              found: found ? `${found.tagName.toLowerCase()}.${found.className}` : 'nothing',
            };
          }),
      ),
    );
    expect(hits.length, `${what}: at least ${atLeast} card controls on view`).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 15_000 });
  for (const hit of hits) {
    expect(hit.ok, `${what}: '${hit.name}' receives a click at its centre (the point finds ${hit.found})`).toBe(true);
  }
  return hits.length;
}

/** A screenshot of the whole page for a person to look at (not compared by the test), when E2E_SCREENSHOTS names a folder. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
}
