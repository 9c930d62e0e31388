/**
 * Where the database client gets the signed-in user's token from. The Firebase service
 * registers itself here once it has loaded, so the Supabase client never imports Firebase and
 * a visitor's form submission never downloads it.
 */
type TokenProvider = () => Promise<string | null>;

let provider: TokenProvider | null = null;

export function setAccessTokenProvider(next: TokenProvider | null): void {
  provider = next;
}

export async function currentAccessToken(): Promise<string | null> {
  return provider ? provider() : null;
}
