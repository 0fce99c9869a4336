import * as oauth from 'oauth4webapi';
import type { Deps } from '../../deps';
import { intraFetch } from './intra-http';
import { intraProfileSchema, type IntraProfile } from './intra-profile';
import type { IntraPacer } from './intra-pacer';

/** The sign-in failed for good: the intra refused the code, or kept failing. */
export class ProviderError extends Error {
  /** The intra's OAuth error (`invalid_grant`...) when it gave one. */
  oauthError?: string;
}

/**
 * The intra refused the club's own credentials (`invalid_client`): a secret expired or mistyped.
 * Nobody can sign in until the club replaces it; not the candidate's fault (decisions §13).
 */
export class CredentialsRefused extends ProviderError {}

/** What a sign-in learns from the intra: the person, and until when the club's secret stays valid. */
export type IntraSignIn = { profile: IntraProfile; secretValidUntil?: number };

const CALL_TIMEOUT_MS = 10_000;
/** A timeout, a network error or a 5xx is tried this many times in all, backing off between. */
const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 500;
/** How many times one call may be told to wait (429) before the sign-in gives up. */
const MAX_WAITS = 30;
/**
 * How many times a call late for its slot takes a new one before it goes late anyway. Slots sit
 * a quarter of a second inside their second (intra-pacer.ts): a call later than that may land in
 * the second of the calls after it, and the intra refuses the third call of a second.
 */
const MAX_NEW_SLOTS = 3;
const HOUR_MS = 3_600_000;

/** Retry-After in ms: seconds, or an HTTP date; one second when absent or unreadable. */
function retryAfterMs(response: Response, nowMs: number): number {
  const value = response.headers.get('retry-after') ?? '';
  const seconds = Number(value);
  if (value && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - nowMs);
}

/** The OAuth error code of a refused token call (Doorkeeper answers JSON `{ error, error_description }`). */
async function oauthErrorOf(response: Response): Promise<string | undefined> {
  if (response.status !== 400 && response.status !== 401) return undefined;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
}

/** A timeout or a connection that failed: worth another try, unlike a mistake in the request. */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed';
}

/**
 * The 42 intra through oauth4webapi, which hands back every raw response: the pacing below
 * needs the intra's status and headers (429, Retry-After, X-*-RateLimit-Remaining). With the
 * local stand-in the browser goes to PUBLIC_URL/dev/intra, while the server calls itself on
 * loopback: the same code path over real HTTP as with the real intra.
 */
export function createIntraClient(deps: Deps, pacer: IntraPacer) {
  const { oauth: settings, publicUrl, devIntra } = deps.config;
  const { nowMs, sleep } = deps.paceClock;
  const redirectUri = `${publicUrl}/auth/callback`;
  const client: oauth.Client = { client_id: settings.clientId };
  // In the form body, never HTTP Basic: oauth4webapi's Basic form-encodes the pair first, which
  // Doorkeeper does not undo, so every real (hyphenated) credential would be refused (decision 0130).
  const secrets = [
    { name: 'FT_CLIENT_SECRET', auth: oauth.ClientSecretPost(settings.clientSecret) },
    ...(settings.clientSecretNext
      ? [{ name: 'FT_CLIENT_SECRET_NEXT', auth: oauth.ClientSecretPost(settings.clientSecretNext) }]
      : []),
  ];
  /** The secret tried first: the next one once the intra has accepted it, so no call is spent on the old. */
  let preferred = 0;
  const serverBase = () => (devIntra ? `${deps.localBaseUrl()}/dev/intra` : settings.baseUrl);
  const server = (): oauth.AuthorizationServer => ({
    issuer: settings.baseUrl,
    token_endpoint: `${serverBase()}/oauth/token`,
  });
  const insecure = (url: string) => url.startsWith('http:');

  /** Reads what the intra says of its limits: an hour used up holds every process until the next. */
  async function heed(response: Response): Promise<void> {
    if (response.headers.get('x-hourly-ratelimit-remaining') === '0') {
      await pacer.hold(HOUR_MS - (nowMs() % HOUR_MS));
    }
  }

  /**
   * One call to the intra at its slot (reserved beforehand, else now): a 429 waits as long as the
   * intra says and tries again, a timeout or 5xx tries again a few times with backoff.
   */
  async function paced(send: (signal: AbortSignal) => Promise<Response>, slot?: number): Promise<Response> {
    let failures = 0;
    let waits = 0;
    let newSlots = 0;
    let notBefore = 0;
    for (;;) {
      const at = Math.max(slot ?? (await pacer.reserve(1))[0]!, notBefore);
      slot = undefined;
      await sleep(at - nowMs());
      // Its slot has passed (a slow answer to the call before it, a busy process): a new one.
      if (pacer.stepMs && nowMs() - at > pacer.stepMs / 4 && newSlots < MAX_NEW_SLOTS) {
        newSlots += 1;
        continue;
      }
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await send(AbortSignal.timeout(CALL_TIMEOUT_MS));
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        failure = error;
      }
      if (response) await heed(response);
      if (response?.status === 429 && waits < MAX_WAITS) {
        waits += 1;
        await response.body?.cancel();
        // Every process holds its calls, and this one waits too even when the app is unpaced.
        const waitMs = retryAfterMs(response, nowMs());
        notBefore = nowMs() + waitMs;
        await pacer.hold(waitMs);
        continue;
      }
      if (response && response.status < 500) return response;
      failures += 1;
      await response?.body?.cancel();
      if (failures >= MAX_ATTEMPTS) {
        throw new ProviderError(`the intra failed ${failures} times`, { cause: failure ?? response?.status });
      }
      await sleep(BACKOFF_MS * 2 ** (failures - 1));
    }
  }

  return {
    authorizationUrl(state: string): URL {
      const url = new URL(`${settings.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'public',
        state,
      }).toString();
      return url;
    },

    /**
     * Exchanges the code and reads `/v2/me` once: two calls, at the two slots reserved for them
     * (the intra allows each application about 2 calls a second).
     */
    async fetchProfile(code: string, slots: number[] = []): Promise<IntraSignIn> {
      try {
        // The state was checked against the browser's cookie already (auth.service.ts).
        const callback = oauth.validateAuthResponse(
          server(),
          client,
          new URLSearchParams({ code }),
          oauth.skipStateCheck,
        );
        const exchange = (clientAuth: oauth.ClientAuth, slot?: number) =>
          paced(
            (signal) =>
              oauth.authorizationCodeGrantRequest(server(), client, clientAuth, callback, redirectUri, oauth.nopkce, {
                signal,
                [oauth.allowInsecureRequests]: insecure(serverBase()),
                [oauth.customFetch]: intraFetch,
              }),
            slot,
          );
        // The current secret, then, refused, the replacement being rolled in (FT_CLIENT_SECRET_NEXT).
        const order = secrets.map((_, index) => (index + preferred) % secrets.length);
        let tokenResponse!: Response;
        let error: string | undefined;
        for (const [attempt, index] of order.entries()) {
          tokenResponse = await exchange(secrets[index]!.auth, attempt === 0 ? slots[0] : undefined);
          error = await oauthErrorOf(tokenResponse);
          if (error === 'invalid_client') continue;
          if (index !== preferred) {
            preferred = index;
            deps.log.warn(
              `the 42 intra accepted ${secrets[index]!.name} and refused the other secret: make it FT_CLIENT_SECRET`,
            );
          }
          break;
        }
        if (error === 'invalid_client') throw new CredentialsRefused('the intra refused the club credentials');
        if (error) {
          const refused = new ProviderError(`the intra refused the code: ${error}`);
          refused.oauthError = error;
          throw refused;
        }
        const tokens = await oauth.processAuthorizationCodeResponse(server(), client, tokenResponse);
        const me = await paced(
          (signal) =>
            intraFetch(`${serverBase()}/v2/me`, {
              headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
              signal,
            }),
          slots[1],
        );
        if (!me.ok) throw new ProviderError(`profile answered ${me.status}`);
        const profile = intraProfileSchema.parse(await me.json());
        const validUntil = tokens.secret_valid_until;
        return { profile, secretValidUntil: typeof validUntil === 'number' ? validUntil : undefined };
      } catch (error) {
        throw error instanceof ProviderError
          ? error
          : new ProviderError('sign-in with the intra failed', { cause: error });
      }
    },
  };
}

export type IntraClient = ReturnType<typeof createIntraClient>;
