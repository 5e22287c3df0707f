import { DEVICE_HEADERS } from '@yardly/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './service';

/** Where a request comes from: the client address (see TRUST_PROXY) and its device id header. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const device = request.headers[DEVICE_HEADERS.id];
  return { address: request.ip, deviceId: typeof device === 'string' ? device.slice(0, 128) : undefined };
}
