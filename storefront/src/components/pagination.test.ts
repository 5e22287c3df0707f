import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hrefWithPage, Pagination, pageWindow } from './Pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('page %d of %d shows %j', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('names each link with its visible words (WCAG 2.5.3: a voice command says what it sees)', () => {
    const html = renderToStaticMarkup(
      createElement(Pagination, { page: 5, totalPages: 10, hrefFor: (p) => `?page=${p}`, onChange: () => {} }),
    );
    const links = [...html.matchAll(/<a [^>]*aria-label="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(
      ([, name = '', text = '']) => ({
        name,
        words: text.replace(/[^\p{L}\p{N} ]/gu, '').trim(),
      }),
    );
    expect(links.map((l) => l.words)).toEqual(['Previous', '1', '4', '5', '6', '10', 'Next']);
    // Whole words, as axe's label-content-name-mismatch reads them: 'Prev' is not in 'Previous page'.
    for (const { name, words } of links) expect(name.split(' ')).toEqual(expect.arrayContaining(words.split(' ')));
  });
});

describe('hrefWithPage', () => {
  it('keeps the rest of the query: a profile page’s link to page 2 still names the person', () => {
    expect(hrefWithPage('?user_refnum=U4QZNF5A2JPP&tab=reviews', 2)).toBe(
      '?user_refnum=U4QZNF5A2JPP&tab=reviews&page=2',
    );
    expect(hrefWithPage('?user_refnum=U1&page=3', 1)).toBe('?user_refnum=U1&page=1');
    expect(hrefWithPage('', 2)).toBe('?page=2');
  });
});
