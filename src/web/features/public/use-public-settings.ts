import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../contract/settings';
import { DEFAULT_PUBLIC_SETTINGS as DEFAULT_PUBLIC } from '../../../contract/settings-defaults';
import { api } from '../../lib/api-client';

export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

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

/** The club's editable content (contact, board, sponsors): from the page at once, refreshed after a save. */
export function usePublicSettings(): PublicSettings {
  const query = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: () => api<PublicSettings>('/settings/public'),
    ...(EMBEDDED ? { initialData: EMBEDDED, initialDataUpdatedAt: LOADED_AT } : { placeholderData: DEFAULT_PUBLIC }),
    staleTime: 5 * 60_000,
  });
  return query.data ?? DEFAULT_PUBLIC;
}
