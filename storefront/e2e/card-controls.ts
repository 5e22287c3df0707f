import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Every visible control (link, button, field) of every card in `scope` answers a click at its
 * centre: the page (never the card) is scrolled to bring it into view, and
 * `document.elementFromPoint` there is the control or inside it. A card that clips its actions
 * (a fixed height with overflow hidden) fails here: the point finds the page behind, not the button.
 * Answers how many controls were checked.
 */
export async function expectCardControlsHittable(scope: Page | Locator, what: string): Promise<number> {
  const controls = scope.locator('article').locator('a[href], button, input, select, textarea');
  await expect(controls.first(), `${what}: the cards show controls`).toBeVisible();
  const count = await controls.count();
  let checked = 0;
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    if (!(await control.isVisible())) continue;
    const hit = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
      const now = element.getBoundingClientRect();
      const found = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
      return {
        ok: found !== null && (found === element || element.contains(found)),
        name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
        found: found ? `${found.tagName.toLowerCase()}.${found.className}` : 'nothing',
      };
    });
    expect(hit.ok, `${what}: '${hit.name}' receives a click at its centre (the point finds ${hit.found})`).toBe(true);
    checked += 1;
  }
  return checked;
}

/** A screenshot of the whole page for a person to look at (not compared by the test). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
}
