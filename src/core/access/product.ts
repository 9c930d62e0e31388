/** A catalogue entry (src/content/catalogue.json, the live Stripe catalogue, /api/stripe-products). */
import { z } from 'zod';

export const PRODUCT_TYPES = ['app', 'course', 'membership'] as const;
export const productSchema = z.object({
  priceId: z.string().min(1).describe('Price identifier at the payment provider; the checkout key.'),
  name: z.string().min(1).describe('Product name; apps may carry "Inner Alchemy App - " or "Oasis App: ".'),
  description: z.string().describe('Card text.'),
  mode: z.enum(['payment', 'subscription']).describe('One-time payment or monthly subscription.'),
  price: z.number().min(0).describe('Amount in major units; 0 shows "Free".'),
  currency: z.string().length(3).describe('ISO currency code, e.g. "usd".'),
  productType: z.enum(PRODUCT_TYPES).describe('Which section of /products it belongs to.'),
});
export type Product = z.infer<typeof productSchema>;

