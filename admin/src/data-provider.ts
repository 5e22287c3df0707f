import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord } from 'react-admin';
import { api } from './api';
import { httpClient, type RaHttpClient } from './http-client';

/**
 * Console resources that are another view of an api resource: `/donation/process-donations`
 * (ROLE_ADMIN's changes) is the api's `donations` queue, the one `/donation` reads.
 */
const API_RESOURCE_OF: Record<string, string> = { 'process-donations': 'donations' };

/** The api resource (`/svc/admin/<name>`) behind a console resource. */
export function apiResourceOf(resource: string): string {
  return API_RESOURCE_OF[resource] ?? resource;
}

/** A file chosen in an ImageInput, read as a data: URL so it travels in the JSON body. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** `image: { rawFile }` (a new upload) becomes `image: { src: 'data:...' }`; anything else passes. */
async function withUploads<T extends Record<string, unknown>>(data: T): Promise<T> {
  const image = data.image as { rawFile?: unknown } | null | undefined;
  if (!(image?.rawFile instanceof File)) return data;
  return { ...data, image: { src: await readAsDataUrl(image.rawFile) } };
}

/** Every method of `provider`, called with the api resource behind the console's one. */
function onApiResources(provider: DataProvider): DataProvider {
  const mapped: DataProvider = { ...provider };
  for (const [name, method] of Object.entries(provider)) {
    if (typeof method !== 'function') continue;
    (mapped as Record<string, unknown>)[name] = (resource: unknown, ...rest: unknown[]) =>
      method.call(provider, typeof resource === 'string' ? apiResourceOf(resource) : resource, ...rest);
  }
  return mapped;
}

/**
 * The simple-rest provider over `/svc/admin` with three additions: a console resource may be a
 * view of another api resource (apiResourceOf), image uploads ride in the JSON body, and
 * updateMany sends each record whole (the api's PUT takes the full record, so a bulk "feature
 * these" merges the change into each record first; every PUT is audited).
 */
export function makeDataProvider(adminUrl: string, client: RaHttpClient): DataProvider {
  const rest = simpleRestProvider(adminUrl, client);
  return onApiResources({
    ...rest,
    create: async (resource, params) => rest.create(resource, { ...params, data: await withUploads(params.data) }),
    update: async (resource, params) => rest.update(resource, { ...params, data: await withUploads(params.data) }),
    updateMany: async (resource, params) => {
      const { data: records } = await rest.getMany<RaRecord>(resource, { ids: params.ids });
      const updated = await Promise.all(
        records.map((previousData) =>
          rest.update(resource, { id: previousData.id, data: { ...previousData, ...params.data }, previousData }),
        ),
      );
      return { data: updated.map(({ data }) => data.id) };
    },
  });
}

/** /svc/admin/<resource> in the ra-data-simple-rest dialect (lists carry Content-Range). */
export const dataProvider: DataProvider = makeDataProvider(`${api.http.baseUrl}/admin`, httpClient);
