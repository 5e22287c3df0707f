import type { IpLocation, ZipAddress } from '@yardly/shared/contract';
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

/**
 * Where the visitor's IP address is (spec section 3: ipZip, ipCity, lat, lng), kept with the
 * time it was asked: the fallback while no place is chosen, asked again after a day.
 */
export const IP_LOCATION_STORAGE_KEY = 'yardly.ipLocation';
const IP_LOCATION_MAX_AGE_MS = 86_400_000;

export interface StoredIpLocation extends IpLocation {
  checkedAt: number;
}

/**
 * Said on window when the visitor chooses a place or forgets theirs: an island that follows the
 * place and has not loaded yet (client:demand) loads on it (lib/island-demand.ts PLACE_DEMAND).
 */
export const PLACE_CHOSEN = 'yardly:place-chosen';

/** The chosen place, else the one the IP address gives, else none (searches keep their default). */
export const $location = atom<StoredLocation | null>(null);

onMount($location, () => {
  // Rendering on the server: there is no visitor's storage to read and no address to look up.
  if (typeof window === 'undefined') return;
  const chosen = readStored();
  const byIp = readIpLocation();
  $location.set(chosen ?? placeFromIp(byIp));
  if (!chosen && (!byIp || Date.now() - byIp.checkedAt > IP_LOCATION_MAX_AGE_MS)) void lookUpIpLocation();
  // Another tab chose a place: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCATION_STORAGE_KEY || event.key === IP_LOCATION_STORAGE_KEY) {
      $location.set(readStored() ?? placeFromIp(readIpLocation()));
    }
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
  window.dispatchEvent(new Event(PLACE_CHOSEN));
  return stored;
}

export function hasStoredLocation(): boolean {
  return readStored() !== null;
}

export function forgetLocation(): void {
  localStorage.removeItem(LOCATION_STORAGE_KEY);
  writePlaceCookie(null);
  $location.set(placeFromIp(readIpLocation()));
  window.dispatchEvent(new Event(PLACE_CHOSEN));
}

/** The IP fallback as a place to search near; null when the address was not known. */
export function placeFromIp(ip: IpLocation | null): StoredLocation | null {
  if (!ip?.ipZip) return null;
  return {
    zip: ip.ipZip,
    location: ip.lat !== null && ip.lng !== null ? `${ip.lat},${ip.lng}` : '',
    formattedAddress: ip.ipCity ? `${ip.ipCity} ${ip.ipZip}` : ip.ipZip,
  };
}

/** Asks the api where the visitor's IP address is, keeps the answer (unknown too) and uses it while no place is chosen. */
async function lookUpIpLocation(): Promise<void> {
  try {
    // Loaded here: the header's script imports this store and should not carry the api client.
    const { browserApi } = await import('../lib/api');
    const answer = await browserApi.location.byIp();
    const stored: StoredIpLocation = { ...answer, checkedAt: Date.now() };
    localStorage.setItem(IP_LOCATION_STORAGE_KEY, JSON.stringify(stored));
    if (!readStored()) $location.set(placeFromIp(stored));
  } catch (cause) {
    // Without it the visitor simply has no place yet, as before; asked again on the next page.
    console.warn('Could not look up the location of this IP address', cause);
  }
}

function readIpLocation(): StoredIpLocation | null {
  try {
    const value = JSON.parse(
      localStorage.getItem(IP_LOCATION_STORAGE_KEY) ?? 'null',
    ) as Partial<StoredIpLocation> | null;
    if (!value || typeof value.checkedAt !== 'number') return null;
    return {
      ipZip: typeof value.ipZip === 'string' ? value.ipZip : null,
      ipCity: typeof value.ipCity === 'string' ? value.ipCity : null,
      lat: typeof value.lat === 'number' ? value.lat : null,
      lng: typeof value.lng === 'number' ? value.lng : null,
      checkedAt: value.checkedAt,
    };
  } catch {
    return null;
  }
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
