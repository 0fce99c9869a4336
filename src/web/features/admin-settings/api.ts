import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/** How long the months typed must stay still before the preview asks the server. */
export const RETENTION_PREVIEW_DELAY_MS = 400;

/**
 * How many accounts `months` of retention would erase at the next hourly run (decisions §15), asked
 * once the value has stayed the same for a moment; null for a value the setting would refuse.
 */
export function useRetentionPreview(months: number | null) {
  const [asked, setAsked] = useState(months);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(months), RETENTION_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [months]);
  const preview = useQuery({
    queryKey: [...settingsKeys.all, 'retention-preview', asked],
    queryFn: () => call(routes.retentionPreview, { query: { months: asked! } }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
  // While the typing settles, the count of the value shown is not known yet.
  return { ...preview, settling: asked !== months };
}
