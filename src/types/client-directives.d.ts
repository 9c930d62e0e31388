/** The custom client directives of integrations/client-signedin.mjs, for type checking. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate only when the browser holds the signed-in hint. */
    'client:signedin'?: boolean;
    /** Hydrate only for a signed-in member whose token carries this role's claim ('coach', 'owner'). */
    'client:role'?: string;
  }
}
