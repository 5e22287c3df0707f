import { atom, type ReadableAtom } from 'nanostores';
import { wakeHeader } from '../lib/header-demand';

const $open = atom(false);

/** Whether 'Your location' (the zip dialog the header's outlet shows) is open. */
export const $locationDialogOpen: ReadableAtom<boolean> = $open;

export function openLocationDialog(): void {
  $open.set(true);
  wakeHeader();
}

export function closeLocationDialog(): void {
  $open.set(false);
}
