import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BREAKPOINTS } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';

/**
 * Spec section 9: the layouts change at its width breakpoints (384, 500, 600, 680, 700, 760, 768,
 * 1024). Every width a stylesheet's media query names is one of them: `min-width: N` or
 * `max-width: N - 0.02` (just below it).
 */
const SRC = join(import.meta.dirname, '..');

/** Not a change of layout: the header menu's words are a size smaller up to 1280 (issue 33's header). */
const NOT_A_LAYOUT = new Set(['header-widths.css: max-width: 1279.98px']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(css|astro|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function mediaWidths(): { where: string; query: string; width: number }[] {
  return filesUnder(SRC).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/@media[^{]*/g)].flatMap((media) =>
      [...media[0].matchAll(/(min|max)-width:\s*([\d.]+)px/g)].map((m) => ({
        where: relative(SRC, path),
        query: `${m[1]}-width: ${m[2]}px`,
        width: m[1] === 'max' ? Math.round(Number(m[2]) + 0.02) : Number(m[2]),
      })),
    );
  });
}

describe('layout breakpoints (spec section 9)', () => {
  it('every media query width is one of the spec’s', () => {
    const found = mediaWidths();
    expect(found.length).toBeGreaterThan(5);
    const off = found
      .filter(({ where, query }) => !NOT_A_LAYOUT.has(`${where.split('/').pop()}: ${query}`))
      .filter(({ width }) => !(BREAKPOINTS as readonly number[]).includes(width))
      .map(({ where, query }) => `${where}: ${query}`);
    expect(off).toEqual([]);
  });
});
