/** One share image per app (/og/apps/{slug}.jpg): its name, tagline and icon, rendered at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { LOUNGE_NAME } from '../../../core/config/site';
import { OG_TYPE, renderAppImage } from '../../../site/share-image-render';

export const getStaticPaths = (async () => {
  const apps = await getCollection('apps');
  return apps.map((app) => ({ params: { slug: app.id }, props: { app } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ app: CollectionEntry<'apps'> }> = async ({ props }) =>
  new Response(await renderAppImage(props.app.data, LOUNGE_NAME), { headers: { 'Content-Type': OG_TYPE } });
