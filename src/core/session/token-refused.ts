/**
 * Dispatched on window when one of our functions or the database answers 401 for the member's
 * token: the page's session follower (src/core/offline/follow.ts) then asks Firebase whether the
 * session has ended (./session-end-api.ts). An event, so a call site carries no code of it.
 */
export const TOKEN_REFUSED_EVENT = 'ia:token-refused';
