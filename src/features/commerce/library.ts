/**
 * The dashboard's "Your library" and the app pages' line on how the member got a product:
 * commerce's reading of the access model (src/core/access/access.ts), which decides what each
 * product is to the member; this file only lists and words it.
 */
import { access, isFoundingProduct, type Access, type AccessInputs, type AccessProduct } from '../../core/access/access';

/** Every product the member can use (owned or included), apps and courses, in catalogue order. */
export function library<P extends AccessProduct>(catalogue: readonly P[], inputs: AccessInputs): { product: P; access: Access }[] {
  return catalogue
    .filter((p) => p.productType !== 'membership' || isFoundingProduct(p))
    .map((product) => ({ product, access: access(product, inputs) }))
    .filter(({ access: a }) => a.kind !== 'none' || a.reason === 'pending');
}

/** One line on how the member got a product, as the library and the app pages say it. */
export function accessSource(a: Access, formatDate: (iso: string) => string | null): string {
  switch (a.kind) {
    case 'owned':
      return a.reason === 'founding' ? 'Founding Member' : `Purchased on ${formatDate(a.since) ?? a.since}`;
    case 'included':
      return `Included in ${a.tier}`;
    case 'none':
      return a.reason === 'pending' ? 'Payment processing' : 'Not available';
  }
}
