import type { ZipAddress } from '@yardly/shared/contract';
import { atom, onMount } from 'nanostores';

/** The visitor's chosen place, as stored locally (spec section 3): zip, 'lat,lng' and formattedAddress. */
export interface StoredLocation {
  zip: string;
  location: string;
  formattedAddress: string;
}

/** Where the chosen place is kept; the header's script reads it too (components/header/header-view.ts). */
export const LOCATION_STORAGE_KEY = 'yardly.location';

/**
 * The chosen place again as a cookie, so that the server renders /products near it (the
 * storage is the truth; the header's script writes the cookie when it is missing).
 */
export const PLACE_COOKIE = 'yardly.place';

/** The place as the server reads it from the cookie. */
export type PlaceCookie = StoredLocation;

export const $location = atom<StoredLocation | null>(null);

onMount($location, () => {
  $location.set(readStored());
  // Another tab chose a place: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCATION_STORAGE_KEY) $location.set(readStored());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

/** Keep a looked-up zip as the visitor's location (every search near you uses it). */
export function rememberLocation(address: ZipAddress): StoredLocation {
  const stored: StoredLocation = {
    zip: address.zip,
    location: address.latitude !== null && address.longitude !== null ? `${address.latitude},${address.longitude}` : '',
    formattedAddress: address.formattedAddress,
  };
  localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(stored));
  writePlaceCookie(JSON.stringify(stored));
  $location.set(stored);
  return stored;
}

export function hasStoredLocation(): boolean {
  return readStored() !== null;
}

export function forgetLocation(): void {
  localStorage.removeItem(LOCATION_STORAGE_KEY);
  writePlaceCookie(null);
  $location.set(null);
}

/** Sets (a year) or removes the place cookie; `raw` is the stored JSON. */
export function writePlaceCookie(raw: string | null): void {
  const value = raw === null ? '; max-age=0' : `${encodeURIComponent(raw)}; max-age=31536000`;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser.
  document.cookie = `${PLACE_COOKIE}=${value}; path=/; samesite=lax`;
}

/** The place in the cookie (already URI-decoded), or null. */
export function parsePlaceCookie(value: string | undefined): PlaceCookie | null {
  return parseStored(value ?? null);
}

function readStored(): StoredLocation | null {
  try {
    return parseStored(localStorage.getItem(LOCATION_STORAGE_KEY));
  } catch {
    return null;
  }
}

function parseStored(raw: string | null): StoredLocation | null {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<StoredLocation> | null;
    return value && typeof value.zip === 'string' && typeof value.formattedAddress === 'string'
      ? { zip: value.zip, location: value.location ?? '', formattedAddress: value.formattedAddress }
      : null;
  } catch {
    return null;
  }
}
