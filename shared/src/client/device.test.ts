import { describe, expect, it } from 'vitest';
import { clientNameFromUserAgent, deviceHeaders, isAuthPath } from './device';

const AGENTS = {
  Chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  Edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  Firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  Safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Chrome on iOS':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  curl: 'curl/8.5.0',
};

describe('clientNameFromUserAgent', () => {
  it.each([
    ['Chrome', 'Chrome'],
    ['Edge', 'Edge'],
    ['Firefox', 'Firefox'],
    ['Safari', 'Safari'],
    ['Chrome on iOS', 'Chrome'],
    ['curl', 'Other'],
  ] as const)('names %s as %s', (agent, name) => {
    expect(clientNameFromUserAgent(AGENTS[agent])).toBe(name);
  });

  it('names an empty agent (the server) Other', () => {
    expect(clientNameFromUserAgent('')).toBe('Other');
  });
});

describe('deviceHeaders', () => {
  it('are device_id, client_name and client_version v3', () => {
    expect(deviceHeaders('d-1', AGENTS.Safari)).toEqual({
      device_id: 'd-1',
      client_name: 'Safari',
      client_version: 'v3',
    });
  });
});

describe('isAuthPath', () => {
  it('holds for /users/ and /account/ calls only', () => {
    expect(
      ['/users/login', '/account/changePswd', '/listings/recent', '/admin/users/1', '/users'].map(isAuthPath),
    ).toEqual([true, true, false, false, false]);
  });
});
