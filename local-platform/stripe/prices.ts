/** GET /v1/prices (with `expand[]=data.product`, and by `active`). */
import type { ServerResponse } from 'node:http';
import type { StripeContext } from './context.ts';
import { arrayParam, send, type ApiRequest } from './http.ts';

export function pricesRoutes(ctx: StripeContext, { route, query }: ApiRequest, res: ServerResponse): boolean {
  const { state } = ctx;
  if (route === 'GET /v1/prices') {
    const expand = arrayParam(query, 'expand').includes('data.product');
    const active = query.active === undefined ? undefined : query.active === 'true';
    const data = state.prices
      .filter((p) => active === undefined || p.active === active)
      .map((p) => ({ ...p, product: expand ? (state.products.find((prod) => prod.id === p.product) ?? p.product) : p.product }));
    return send(res, 200, { object: 'list', url: '/v1/prices', has_more: false, data });
  }
  return false;
}
