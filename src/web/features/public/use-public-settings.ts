import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../contract/settings';
import { DEFAULT_PUBLIC_SETTINGS as DEFAULT_PUBLIC } from '../../../contract/settings-defaults';
import { api } from '../../lib/api-client';

export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

/** The club's editable content (contact, board, sponsors): defaults render at once, the stored values follow. */
export function usePublicSettings(): PublicSettings {
  const query = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: () => api<PublicSettings>('/settings/public'),
    placeholderData: DEFAULT_PUBLIC,
    staleTime: 5 * 60_000,
  });
  return query.data ?? DEFAULT_PUBLIC;
}
