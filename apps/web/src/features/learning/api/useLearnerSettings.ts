import type { LearnerSettings, LearnerSettingsPatch } from '@arbor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

export const learnerSettingsKey = ['learning', 'settings'] as const;

/** GET /api/learn/settings/: time zone, retention, new cards a day, auto cards, weekly minutes, study days. */
export function useLearnerSettings(enabled = true) {
  return useQuery({
    queryKey: learnerSettingsKey,
    queryFn: ({ signal }) => api<LearnerSettings>('/api/learn/settings/', { signal }),
    enabled,
  });
}

/** PATCH /api/learn/settings/; plans are computed from the settings, so they are asked again. */
export function useUpdateLearnerSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: LearnerSettingsPatch) =>
      api<LearnerSettings>('/api/learn/settings/', { method: 'PATCH', body: patch }),
    onSuccess: (settings) => {
      writeAnswer(client, learnerSettingsKey, settings);
      void client.invalidateQueries({ queryKey: ['learning', 'plans'] });
    },
  });
}
