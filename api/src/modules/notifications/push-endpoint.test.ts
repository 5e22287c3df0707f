import { describe, expect, it } from 'vitest';
import { assertPublicPushEndpoint, mayPushTo } from './push-endpoint';

describe('push endpoints (issue 34: no SSRF through Web Push)', () => {
  it('go only to public addresses; loopback only in development and tests', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(mayPushTo(address, false), address).toBe(false);
      expect(mayPushTo(address, true), address).toBe(true);
    }
    for (const address of [
      '169.254.169.254',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '100.64.0.1',
      'fe80::1',
      'fc00::1',
      '0.0.0.0',
    ]) {
      expect(mayPushTo(address, true), address).toBe(false);
    }
    for (const address of ['142.250.74.110', '2a00:1450:4001:80b::200a']) expect(mayPushTo(address, false)).toBe(true);
  });

  it('are checked after the name is resolved: localhost is loopback', async () => {
    await expect(assertPublicPushEndpoint('https://localhost/push/x', false)).rejects.toMatchObject({ status: 400 });
    await expect(assertPublicPushEndpoint('https://127.0.0.1:4443/push/x', false)).rejects.toMatchObject({
      status: 400,
    });
    await expect(assertPublicPushEndpoint('https://127.0.0.1:4443/push/x', true)).resolves.toBeUndefined();
    await expect(assertPublicPushEndpoint('http://142.250.74.110/x', false)).rejects.toMatchObject({ status: 400 });
  });
});
