/** One share image per journey (/og/journeys/{id}.jpg), rendered at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { OG_TYPE, renderJourneyImage } from '../../../site/share-image-render';

export const getStaticPaths = (async () => {
  const journeys = await getCollection('journeys');
  return journeys.map((journey) => ({ params: { id: journey.id }, props: { journey } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ journey: CollectionEntry<'journeys'> }> = async ({ props }) =>
  new Response(await renderJourneyImage(props.journey.data), { headers: { 'Content-Type': OG_TYPE } });
