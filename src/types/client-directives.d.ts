/** The custom client directive of integrations/client-signedin.mjs, for type checking. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate only when the browser holds the signed-in hint; `"shown"`: and only once the
     * island is displayed (integrations/client-signedin.directive.ts).
     */
    'client:signedin'?: boolean | 'shown';
  }
}
