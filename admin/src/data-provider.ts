import simpleRestProvider from 'ra-data-simple-rest';
import { api } from './api';
import { httpClient } from './http-client';

/** /svc/admin/<resource> in the ra-data-simple-rest dialect (lists carry Content-Range). */
export const dataProvider = simpleRestProvider(`${api.http.baseUrl}/admin`, httpClient);
