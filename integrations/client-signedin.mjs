// @ts-check
/**
 * `client:signedin`: a client directive that hydrates an island only when the browser holds
 * the signed-in hint (or as soon as it appears on this page, after a sign-in). Member islands
 * use it, so a visitor who never signed in downloads neither them nor React.
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
      },
    },
  };
}
