// @ts-check
/**
 * `client:signedin`: a client directive that hydrates an island only when the browser holds
 * the signed-in hint (or as soon as it appears on this page, after a sign-in). Member islands
 * use it, so a visitor who never signed in downloads neither them nor React.
 *
 * `client:role="<role>"`: the same for a page only one role opens, which hydrates only when the
 * member's token carries the role's claim too (integrations/client-role.directive.ts).
 */
import { fileURLToPath } from 'node:url';

/** @returns {import('astro').AstroIntegration} */
export default function clientSignedIn() {
  return {
    name: 'client-signedin',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'signedin',
          entrypoint: fileURLToPath(new URL('./client-signedin.directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'role',
          entrypoint: fileURLToPath(new URL('./client-role.directive.ts', import.meta.url)),
        });
      },
    },
  };
}
