/**
 * The signed-in hint: a local-storage flag set on sign-in and cleared on sign-out. Pages read
 * it before anything loads, so a visitor who never signed in downloads no sign-in code, and
 * the `client:signedin` directive hydrates member islands only when it is there.
 */

/** The local-storage key ("1" while signed in). */
export const SIGNED_IN_HINT_KEY = 'ia:signed-in';

/** Set on <html> while the hint is there: CSS swaps the visitor and member parts with it. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** Dispatched on window when the hint is set on this page (member islands hydrate then). */
export const SIGNED_IN_EVENT = 'ia:signed-in';

/**
 * Dispatched on a member island's element (`client:signedin`) to hydrate it for a visitor too,
 * when the page finds it has something to show them (the products page, a live catalogue that
 * differs from the one in its HTML).
 */
export const HYDRATE_EVENT = 'ia:hydrate';
