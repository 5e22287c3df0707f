import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { blogPostPath } from '../../lib/blog';
import { blogPosts } from '../../lib/blog-posts';
import { siteOrigin } from '../../lib/seo';

// Server-rendered: feed readers need absolute links, made from the origin the api hands over.
export const prerender = false;

export async function GET(context: APIContext) {
  return rss({
    title: 'The Yardly Blog',
    description: 'Practical advice for buying, selling, donating and renting near you.',
    site: siteOrigin(context.locals) || context.url.origin,
    items: (await blogPosts()).map((post) => ({
      title: post.data.title,
      description: post.data.summary,
      pubDate: post.data.date,
      link: blogPostPath(post.id),
      categories: [post.data.category],
    })),
  });
}
