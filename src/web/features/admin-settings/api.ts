import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import type { ImageKind } from '../../../contract/image-urls';
import type { Settings } from '../../../contract/settings';
import { adminKeys, publicKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';

export const settingsKeys = { all: [...adminKeys.all, 'settings'] as const };

export function useAdminSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: () => call(routes.settings) });
}

/** Saves the keys given; the public pages of this tab read the new values at once. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Settings>) => call(routes.saveSettings, { body: { settings: changes } }),
    onSuccess: async (answer) => {
      client.setQueryData(settingsKeys.all, answer);
      await client.invalidateQueries({ queryKey: publicKeys.settings });
    },
  });
}

/** Uploads a board photo or sponsor logo; the settings name it once the board saves them. */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ImageKind; file: File }) =>
      call(routes.uploadImage, { params: { kind }, body: file }),
  });
}
