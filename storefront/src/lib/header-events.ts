// No imports: the header's own script (components/header/header-view.ts) reads this on every page.

/** Dispatched on window when something must show in the header's React part (a toast, a dialog). */
export const HEADER_WANTED = 'yardly:header-wanted';
