import { type CollectionEntry, getCollection } from 'astro:content';
import type { BlogCategory } from './blog';

export type BlogPost = CollectionEntry<'blog'>;

/** The posts, newest first; with a category, only that category's. */
export async function blogPosts(category?: BlogCategory): Promise<BlogPost[]> {
  const posts = await getCollection('blog', (post) => !category || post.data.category === category);
  return posts.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}
