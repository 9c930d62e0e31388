/**
 * GET /api/content/<product>/<item> with `Authorization: Bearer <Firebase ID token>`: the one
 * door to paid content (the Master Alchemist Course's lessons, the apps' premium content);
 * its entry is netlify/functions/content.mts.
 *
 * Answers 200 with the item as JSON (`{ product, item, ...fields }`, a lesson's body as `html`)
 * and `Cache-Control: private, no-cache` (the member's own browser may keep it, the members'
 * service worker does for offline reading, for 30 days at most without asking again; a shared
 * cache never; asked again each time it is used online); every refusal `private, no-store`; 401
 * without a token or with one Firebase does not accept; 403 with how to get access (buy the
 * product, or the plan that includes it) for a member without it; 404 for an unknown product or
 * item; 405 for any other method; 503 when the database cannot be read (or is not configured),
 * with a message.
 *
 * Access is decided by src/core/access/access.ts (through ./decision.ts) from the member's
 * subscription and purchases, read at every request with the service role (../member-access.ts):
 * a refund or an ended subscription closes the door at the next request. Which products and
 * items exist is the registry the entry gives (./registry.ts, combined by
 * netlify/functions/_registry/gated-content.ts). The product and item from the path are matched
 * against that registry only (never sent to the database); the database is queried with the
 * verified uid alone. No log line carries content.
 *
 * When it serves a paid item with 200, the gate tells the product's feature (`served`, from the
 * same registry): the course counts a member who opened a lesson for the owner's numbers. That
 * is best effort: a failure is logged (one line) and the item is served all the same.
 */
import { bearerToken, errorResponse, HttpError, json, requireMethod } from '../../../../../netlify/functions/_shared/http';
import { verifyIdToken } from '../../../../../netlify/functions/_shared/auth';
import { Upstream, upstreamFailure } from '../../../../../netlify/functions/_shared/log';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { MemberAccessError, readMemberAccess } from '../member-access';
import { BUILT_IN_CATALOGUE as catalogue } from '../catalogue';
import { GATE_MESSAGES, gateDecision } from './decision';
import type { GateRegistry, ItemServed } from './registry';

export const CONTENT = 'content';
/**
 * An item may be kept by the member's own browser (the service worker keeps it for offline
 * reading, integrations/service-worker/rules.js), never by a shared cache, and is asked again
 * whenever it is used online. A refusal is kept by nothing.
 */
export const ITEM_CACHE_CONTROL = 'private, no-cache';
const REFUSED_CACHE_CONTROL = 'private, no-store';
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The product and item of /api/content/<product>/<item>, or null when the path is not one. */
function target(req: Request): { product: string; item: string } | null {
  const m = /^\/api\/content\/([^/]+)\/([^/]+)\/?$/.exec(new URL(req.url).pathname);
  const product = m?.[1];
  const item = m?.[2];
  if (!product || !item || product.length > 80 || item.length > 80 || !SEGMENT.test(product) || !SEGMENT.test(item)) return null;
  return { product, item };
}

/** Tells the product's feature that `memberId` was served a paid item; logs a failure, never throws. */
async function tellServed(served: ItemServed, product: string, memberId: string, at: Date): Promise<void> {
  try {
    await served(memberId, at);
  } catch (error) {
    const detail = error instanceof Upstream ? error.detail : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(`[${CONTENT}] served ${product}, not recorded (${detail})`);
  }
}

/**
 * The gate's answer to `req`, from the products and items of `registry`; `served` (by product
 * slug) is told of each paid item served.
 */
export async function serveContent(req: Request, registry: GateRegistry, served: Readonly<Record<string, ItemServed>> = {}): Promise<Response> {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const user = await verifyIdToken(token);

  const wanted = target(req);
  const product = wanted && registry.gatedProduct(wanted.product);
  const item = wanted && product && registry.gatedItem(wanted.product, wanted.item);
  if (!wanted || !product || !item) throw new HttpError(404, GATE_MESSAGES.notFound);

  let decision;
  if (item.preview) {
    decision = gateDecision(product, item, { subscription: null, purchases: [], catalogue, now: new Date() });
  } else {
    const db = supabaseAdmin(); // 503 when the database is not configured
    let rows;
    try {
      rows = await readMemberAccess(db, user.uid);
    } catch (error) {
      if (error instanceof MemberAccessError) return upstreamFailure(CONTENT, 503, GATE_MESSAGES.databaseDown, error.detail);
      throw error;
    }
    decision = gateDecision(product, item, { ...rows, catalogue, now: new Date() });
  }
  if (decision.status !== 200) return errorResponse(decision.status, decision.message, { 'Cache-Control': REFUSED_CACHE_CONTROL });
  const tell = !item.preview && Object.hasOwn(served, wanted.product) ? served[wanted.product] : undefined;
  if (tell) await tellServed(tell, wanted.product, user.uid, new Date());
  return json({ product: wanted.product, item: wanted.item, ...item }, 200, { 'Cache-Control': ITEM_CACHE_CONTROL });
}
