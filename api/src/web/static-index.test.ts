import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexStaticFiles } from './static-index';

describe('the static file index', () => {
  const root = mkdtempSync(join(tmpdir(), 'yardly-static-'));
  mkdirSync(join(root, 'categories'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, 'index.html'), 'home');
  writeFileSync(join(root, 'categories', 'index.html'), 'categories');
  writeFileSync(join(root, '_astro', 'app.1234.js'), 'js');

  it('answers a page by its path with or without a slash, and files by name', () => {
    const index = indexStaticFiles(root);
    expect(index.get('/')).toBe('index.html');
    expect(index.get('/categories')).toBe('categories/index.html');
    expect(index.get('/categories/')).toBe('categories/index.html');
    expect(index.get('/_astro/app.1234.js')).toBe('_astro/app.1234.js');
  });

  it('knows nothing it was not built with', () => {
    const index = indexStaticFiles(root);
    expect(index.get('/../etc/passwd')).toBeUndefined();
    expect(index.get('/nope')).toBeUndefined();
  });

  it('puts a prefix before every path, and is empty for a missing folder', () => {
    expect(indexStaticFiles(root, '/admin').get('/admin/')).toBe('index.html');
    expect(indexStaticFiles(join(root, 'missing')).size).toBe(0);
  });
});
