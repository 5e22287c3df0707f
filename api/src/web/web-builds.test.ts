import { join } from 'node:path';
import { donationFlag } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
// The scripts that build the variants name the folders; the api must serve the same ones.
import { donationFlagOn, webBuildFolder } from '../../../scripts/web-builds.mjs';
import { webBuildDirs } from './web-builds';

describe('the build the api serves for its donation flag', () => {
  it('is the flag-off build (dist) with the flag off', () => {
    expect(webBuildDirs('/repo', false)).toEqual({
      storefrontDist: join('/repo', 'storefront', 'dist'),
      adminDist: join('/repo', 'admin', 'dist'),
    });
  });

  it('is the flag-on build (dist-donation) with the flag on', () => {
    expect(webBuildDirs('/repo', true)).toEqual({
      storefrontDist: join('/repo', 'storefront', 'dist-donation'),
      adminDist: join('/repo', 'admin', 'dist-donation'),
    });
  });

  it('names the folders the build scripts write, for either flag value', () => {
    for (const on of [false, true]) {
      expect(webBuildDirs('/repo', on).storefrontDist).toBe(join('/repo', 'storefront', webBuildFolder(on)));
    }
  });

  it("reads the variable as the api's config does", () => {
    for (const value of ['true', ' TRUE ', 'false', '1', '', undefined]) {
      expect(donationFlagOn(value)).toBe(donationFlag(value));
    }
  });
});
