import { ApiError } from '@yardly/shared/client';
import { locationMessages } from '@yardly/shared/rules';
import { browserApi } from '../lib/api';
import { logFailure } from '../lib/log-failure';
import { hasStoredLocation, rememberLocation, type StoredLocation } from './location';
import { $session } from './session';

/** Look a zip up and make it the visitor's place; on their account too when signed in. */
export async function chooseZip(zip: string): Promise<StoredLocation> {
  const { address } = await browserApi.location.byZip({ zip });
  return keep(address);
}

/** The browser's position, to the nearest US zip. Throws the spec's message when it cannot. */
export async function chooseBrowserLocation(): Promise<StoredLocation> {
  const position = await new Promise<GeolocationPosition>((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('no geolocation'));
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 600_000 });
  }).catch((cause: unknown) => {
    console.warn('The browser did not give a position', cause);
    throw new ApiError({ code: 0, status: 0, message: locationMessages.fetchError });
  });
  const { address } = await browserApi.location.nearest({
    lat: position.coords.latitude,
    lng: position.coords.longitude,
  });
  return keep(address);
}

/** At sign-in, a browser with no place yet takes the one saved on the account (a new device). */
export async function adoptAccountLocation(zip: string | null): Promise<void> {
  if (!zip || hasStoredLocation()) return;
  try {
    rememberLocation((await browserApi.location.byZip({ zip })).address);
  } catch (cause) {
    // Signing in goes on without it: the person can still choose a place.
    console.warn('Could not look up the location saved on the account', cause);
  }
}

function keep(address: Parameters<typeof rememberLocation>[0]): StoredLocation {
  const stored = rememberLocation(address);
  if ($session.get()) {
    // The place is kept here either way; the account copy is for the person's other devices.
    browserApi.location.save({ zip: stored.zip }).catch((cause: unknown) => {
      logFailure('Could not save the location on the account', cause);
    });
  }
  return stored;
}
