import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { BLOG_CATEGORY_SLUGS } from './lib/blog';

const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/blog' }),
  schema: z.object({
    title: z.string().max(80),
    /** The search snippet, the card's text and the feed's description. */
    summary: z.string().min(50).max(170),
    date: z.coerce.date(),
    category: z.enum(BLOG_CATEGORY_SLUGS),
    /** A picture under public/, 1200 x 450. */
    cover: z.string().startsWith('/'),
    coverAlt: z.string(),
  }),
});

export const collections = { blog };
