import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord } from 'react-admin';
import { api } from './api';
import { httpClient } from './http-client';

/** /svc/admin/<resource> in the ra-data-simple-rest dialect (lists carry Content-Range). */
const rest = simpleRestProvider(`${api.http.baseUrl}/admin`, httpClient);

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

/**
 * The simple-rest provider with two additions: image uploads ride in the JSON body, and
 * updateMany sends each record whole (the api's PUT takes the full record, so a bulk
 * "feature these" merges the change into each record first; every PUT is audited).
 */
export const dataProvider: DataProvider = {
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
};
