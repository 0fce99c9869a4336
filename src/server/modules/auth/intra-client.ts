import { OAuth2Client } from 'arctic';
import type { Deps } from '../../deps';
import { intraProfileSchema, type IntraProfile } from './intra-profile';

export class ProviderError extends Error {}

/**
 * The 42 intra through arctic's generic OAuth 2 client. With the local stand-in the browser
 * goes to PUBLIC_URL/dev/intra, while the server calls itself on loopback: the same code path
 * over real HTTP as with the real intra.
 */
export function createIntraClient(deps: Deps) {
  const { oauth, publicUrl, devIntra } = deps.config;
  const redirectUri = `${publicUrl}/auth/callback`;
  const client = new OAuth2Client(oauth.clientId, oauth.clientSecret, redirectUri);
  const serverBase = () => (devIntra ? `${deps.localBaseUrl()}/dev/intra` : oauth.baseUrl);

  return {
    authorizationUrl(state: string): URL {
      return client.createAuthorizationURL(`${oauth.baseUrl}/oauth/authorize`, state, ['public']);
    },

    /** Exchanges the code and reads `/v2/me` once (the intra rate-limits applications). */
    async fetchProfile(code: string): Promise<IntraProfile> {
      try {
        const tokens = await client.validateAuthorizationCode(`${serverBase()}/oauth/token`, code, null);
        const response = await fetch(`${serverBase()}/v2/me`, {
          headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new ProviderError(`profile answered ${response.status}`);
        return intraProfileSchema.parse(await response.json());
      } catch (error) {
        throw error instanceof ProviderError
          ? error
          : new ProviderError('sign-in with the intra failed', { cause: error });
      }
    },
  };
}

export type IntraClient = ReturnType<typeof createIntraClient>;
