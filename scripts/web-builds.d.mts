/** Types of web-builds.mjs, for the api's test that checks it serves the folders the scripts build. */
export function donationFlagOn(value: string | undefined): boolean;
export function webBuildFolder(donationEnabled: boolean): 'dist' | 'dist-donation';
