import { lazy } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

// Loaded with the first list: its filter, create and export buttons (and the forms library the
// filters use) are a third of react-admin, and the dashboard needs none of them.
const ListActions = lazy(async () => ({ default: (await import('./ListActions')).ListActions }));

/**
 * react-admin's default theme, held to WCAG AA (axe) and to phones 384 px wide:
 * - darker colours: white on the app bar's #2196f3 is 3.12:1, the #1976d2 text buttons (Export,
 *   Add filter) 4.41:1 and a form's red Delete on its #e0e0e0 toolbar 3.77:1; #0d47a1, #1565c0
 *   and #c62828 clear 4.5:1 on white, the page's grey and a form toolbar made #eeeeee;
 * - the layout no longer grows to fit its widest table (react-admin sets `min-width:
 *   fit-content`): the page stays the screen's width and a wide table scrolls inside its card;
 * - an empty list's message in secondary text, not the disabled grey (2.66:1), and as an h2
 *   under the page's h1 (react-admin's only h4, the empty list's, broke the heading order);
 * - a row's select checkbox names its input, not the span around it, and every list's Export
 *   button has a name (ListActions);
 * - the bulk actions' bar, folded while no row is selected, is hidden (out of the tab order);
 * - a notice (the snackbar at the bottom) lets clicks through to what it lies over, but for its
 *   own buttons (Undo): at 384 px it sat on a form's Save and Delete for seconds after a save;
 * - for people who ask for less motion, nothing slides or fades: a menu closed is gone at once,
 *   not left over the app bar's buttons for its fade.
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const noMotion = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...(reducedMotion && { transitions: noMotion }),
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
    error: { main: '#c62828' },
  },
  components: {
    ...defaultTheme.components,
    RaLayout: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaLayout-contentWithSidebar': { minWidth: 0 },
          '& .RaLayout-content': { minWidth: 0 },
        },
      },
    },
    // A list's table scrolls in its card (its sortable headers are buttons, so a keyboard
    // reaches it); a show page's tables scroll in a ScrollRegion.
    RaList: {
      defaultProps: { actions: <ListActions /> },
      styleOverrides: {
        root: { '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } },
      },
    },
    RaToolbar: {
      styleOverrides: { root: { backgroundColor: '#eeeeee' } },
    },
    // An edit page's aside (an organisation's members) sits beside its form: below it on a phone,
    // where side by side they were wider than the screen.
    RaEdit: {
      styleOverrides: {
        root: {
          '@media (max-width: 599.95px)': {
            '& .RaEdit-main': { flexDirection: 'column', alignItems: 'stretch' },
            '& .RaEdit-main > *': { minWidth: 0, maxWidth: '100%' },
          },
        },
      },
    },
    // With no row selected the bulk actions' bar is folded to 0 px, yet its buttons stayed in the
    // tab order (and counted as visible): hidden, a keyboard no longer lands on what nobody sees.
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    MuiTypography: {
      defaultProps: { variantMapping: { h4: 'h2' } },
    },
    MuiSnackbar: {
      styleOverrides: {
        root: { pointerEvents: 'none', '& .MuiSnackbarContent-action, & button': { pointerEvents: 'auto' } },
      },
    },
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    // Every spinner (the app bar's while data loads, a page's while it opens) is a progressbar,
    // which needs a name (axe aria-progressbar-name; it failed once mid-load in the journeys).
    MuiCircularProgress: {
      defaultProps: { 'aria-label': 'Loading' },
    },
    MuiLinearProgress: {
      defaultProps: { 'aria-label': 'Loading' },
    },
    MuiCheckbox: {
      defaultProps: {
        // Datagrid gives its row checkboxes an aria-label, which MUI puts on the wrapping span
        // (aria-prohibited-attr) and leaves the input unnamed (label): move it to the input.
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
  },
};
