/** The free preview lesson's share image (/og/course/{slug}.jpg), rendered at build time. Paid lessons have none. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { OG_TYPE, renderLessonImage } from '../../../site/share-image-render';
import { loadCourse } from '../../../features/course/content';

export const getStaticPaths = (async () => {
  const { modules } = await loadCourse();
  return modules
    .flatMap((m) => m.lessons)
    .filter((l) => l.preview)
    .map((l) => ({ params: { slug: l.slug }, props: { title: l.title, summary: l.summary } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ title: string; summary: string }> = async ({ props }) =>
  new Response(await renderLessonImage(props), { headers: { 'Content-Type': OG_TYPE } });
