import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../contract/settings';
import { api } from '../../lib/api-client';
import { PUBLIC_SETTINGS_KEY } from '../public/use-public-settings';

export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

type SettingsAnswer = { settings: Settings };

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: () => api<SettingsAnswer>('/admin/settings'),
  });
}

/** Saves the keys given; the public pages of this tab read the new values at once. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Settings>) =>
      api<SettingsAnswer>('/admin/settings', { method: 'PUT', body: { settings: changes } }),
    onSuccess: async (answer) => {
      client.setQueryData(ADMIN_SETTINGS_KEY, answer);
      await client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
    },
  });
}
