/** Types of precompress.mjs, for the storefront's integration and the console's vite config. */
export function precompressFolder(root: string): Promise<number>;
