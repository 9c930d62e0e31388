/** Money as the site shows it: one formatter for every price (cards, sales pages, the catalogue). */

/** An amount in major units as money, e.g. "$39", "€690", "$12.50". */
export function formatPrice(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const fraction = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${code}`;
  }
}
