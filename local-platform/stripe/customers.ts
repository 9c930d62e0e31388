/**
 * Customers and the Customer Portal: GET /v1/customers/search (by metadata), POST /v1/customers,
 * POST /v1/billing_portal/sessions (a known customer and a valid return_url, as Stripe checks
 * them), and the portal's stand-in page GET /portal/:session (a link back to its return_url).
 */
import type { ServerResponse } from 'node:http';
import type { StripeContext } from './context.ts';
import { send, stripeError, type ApiRequest } from './http.ts';
import type { DoubleCustomer, DoublePortalSession } from './types.ts';

export function customersRoutes(ctx: StripeContext, { route, query, form }: ApiRequest, res: ServerResponse): boolean {
  const { state } = ctx;
  if (route === 'GET /v1/customers/search') {
    const match = /metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'/.exec(query.query ?? '');
    const data = match ? state.customers.filter((c) => c.metadata[match[1] ?? ''] === (match[2] ?? '').replace(/\\'/g, "'")) : [];
    return send(res, 200, { object: 'search_result', url: '/v1/customers/search', has_more: false, next_page: null, data });
  }
  if (route === 'POST /v1/customers') {
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m?.[1]) metadata[m[1]] = value;
    }
    const customer: DoubleCustomer = { id: ctx.next('cus'), object: 'customer', email: form.email ?? null, metadata };
    state.customers.push(customer);
    return send(res, 200, customer);
  }
  if (route === 'POST /v1/billing_portal/sessions') {
    // As Stripe: the customer must exist (in the double: created here, or holding a
    // subscription) and return_url, when given, must be an absolute http(s) URL.
    const customer = form.customer;
    if (!customer) return stripeError(res, 400, 'Missing required param: customer.');
    const known = state.customers.some((c) => c.id === customer) || [...state.subscriptions.values()].some((sub) => sub.customer === customer);
    if (!known) return send(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` } });
    let returnUrl: string | null = null;
    if (form.return_url !== undefined) {
      try {
        const parsed = new URL(form.return_url);
        if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
        returnUrl = parsed.href;
      } catch {
        return send(res, 400, { error: { type: 'invalid_request_error', code: 'url_invalid', param: 'return_url', message: 'Not a valid URL' } });
      }
    }
    const id = `bps_${ctx.next('portal').replace(/^portal_double_/, '1Dbl')}`;
    const session: DoublePortalSession = {
      id,
      object: 'billing_portal.session',
      customer,
      return_url: returnUrl,
      url: `${ctx.base}/portal/${id}`,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    state.portalSessions.push(session);
    return send(res, 200, session);
  }
  return false;
}

/** GET /portal/:session: the portal's stand-in, with a link back to its return_url. */
export function portalPage(ctx: StripeContext, id: string, res: ServerResponse): true {
  const session = ctx.state.portalSessions.find((p) => p.id === id);
  res.writeHead(session ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  const back = session?.return_url ? `<a href="${session.return_url.replace(/"/g, '&quot;')}">Return to Inner Alchemy</a>` : '';
  res.end(`<!doctype html><html lang="en"><head><title>Test billing portal</title></head><body><h1>Test billing portal</h1><p>${session?.customer ?? 'unknown'}</p>${back}</body></html>`);
  return true;
}
