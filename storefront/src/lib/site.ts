/** The product's name as pages show it (titles, Open Graph, share texts). */
export const SITE_NAME = 'Yardly';
