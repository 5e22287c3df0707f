import { CircularProgress, LinearProgress } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// The console's spinners are progressbars: each must carry a name (axe aria-progressbar-name),
// whichever part of react-admin shows one while data loads.
describe("the console theme's spinners", () => {
  for (const [name, Spinner] of [
    ['circular', CircularProgress],
    ['linear', LinearProgress],
  ] as const) {
    it(`names the ${name} progressbar`, () => {
      const html = renderToString(createElement(ThemeProvider, { theme: createTheme(theme) }, createElement(Spinner)));
      expect(html).toMatch(/role="progressbar"[^>]*aria-label="Loading"|aria-label="Loading"[^>]*role="progressbar"/);
    });
  }
});
