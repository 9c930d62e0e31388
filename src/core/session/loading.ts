/**
 * The one value a member's data has on the server: loading. An island reads a store of member
 * data with `useStore(store, { ssr: loadingOnServer })` when the store's own initial value is not
 * it (a computed store has none), so hydration renders what the build rendered.
 */
const LOADING = { status: 'loading' } as const;

export const loadingOnServer = (): typeof LOADING => LOADING;
