import { useQuery } from '@tanstack/react-query';
import type { ClubEvent } from '../../../contract/club-events';
import { routes } from '../../../contract/routes';
import type { PublicSettings } from '../../../contract/settings';
import { DEFAULT_PUBLIC_SETTINGS as DEFAULT_PUBLIC } from '../../../contract/settings-defaults';
import { call } from '../../lib/api-client';
import { setClubTimeZone } from '../../lib/format';
import { publicKeys } from '../../lib/query-keys';

// Types only from the contract: its zod schemas stay out of the public bundle (decision 0001).

/**
 * The stored settings the server put into the page it served (a JSON data block), so that the
 * first render shows the club's own board and contact details; absent under the Vite dev server.
 */
function embeddedSettings(): PublicSettings | undefined {
  const text = document.getElementById('public-settings')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicSettings;
  } catch {
    return undefined;
  }
}

const EMBEDDED = embeddedSettings();
const LOADED_AT = Date.now();
if (EMBEDDED?.time_zone) setClubTimeZone(EMBEDDED.time_zone);

/** The public settings from the server; the club's time zone is taken at once, for every date shown after. */
async function fetchPublicSettings(): Promise<PublicSettings> {
  const settings = await call(routes.publicSettings);
  setClubTimeZone(settings.time_zone);
  return settings;
}

/** The club's editable content (contact, board, sponsors): from the page at once, refreshed after a save. */
export function usePublicSettings(): PublicSettings {
  const query = useQuery({
    queryKey: publicKeys.settings,
    queryFn: fetchPublicSettings,
    ...(EMBEDDED ? { initialData: EMBEDDED, initialDataUpdatedAt: LOADED_AT } : { placeholderData: DEFAULT_PUBLIC }),
    staleTime: 5 * 60_000,
  });
  return query.data ?? DEFAULT_PUBLIC;
}

/** The landing shows the next few; the rest wait until these are over. */
export const LANDING_EVENTS_LIMIT = 6;

/** The next club events for the landing page: none while loading or on failure, so nothing shows. */
export function useUpcomingEvents(): ClubEvent[] {
  const query = useQuery({
    queryKey: [...publicKeys.upcomingEvents, LANDING_EVENTS_LIMIT],
    queryFn: () => call(routes.clubEvents, { query: { limit: LANDING_EVENTS_LIMIT } }),
    staleTime: 60_000,
  });
  return query.data?.data ?? [];
}
