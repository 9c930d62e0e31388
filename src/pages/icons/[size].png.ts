/** The web manifest's icons (/icons/192.png and /icons/512.png), opaque so Android may mask them. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { MANIFEST_ICON_SIZES } from '../../site/brand-mark';
import { markPng } from '../../site/favicons';

export const getStaticPaths = (() => MANIFEST_ICON_SIZES.map((size) => ({ params: { size: String(size) }, props: { size } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ size: number }> = ({ props }) =>
  new Response(markPng(props.size, 'full'), { headers: { 'Content-Type': 'image/png' } });
