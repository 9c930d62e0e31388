/** The custom client directive of integrations/client-signedin.mjs, for type checking. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate only when the browser holds the signed-in hint. */
    'client:signedin'?: boolean;
  }
}
