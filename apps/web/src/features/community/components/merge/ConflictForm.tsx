import type { SuggestionConflict } from '@arbor/contract';
import { Alert, Button, Fieldset, Radio, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type Side = 'mine' | 'theirs';

interface ConflictFormProps {
  conflicts: SuggestionConflict[];
  /** a node's title (the node id when unknown) */
  titleOf: (nodeId: string) => string;
  /** a field's name to show */
  fieldName: (field: string) => string;
  pending: boolean;
  onSubmit: (resolve: Record<string, Side>) => void;
}

/**
 * The accept's 409, settled: per conflicting node, keep mine (the template as it is now) or take
 * theirs (the suggestion). Accepting again needs a side for every node.
 */
export function ConflictForm({ conflicts, titleOf, fieldName, pending, onSubmit }: ConflictFormProps) {
  const { t } = useTranslation('reviews');
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [tried, setTried] = useState(false);
  const missing = conflicts.filter((c) => !choices[c.node_id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0) return;
    const resolve: Record<string, Side> = {};
    for (const conflict of conflicts) resolve[conflict.node_id] = choices[conflict.node_id]!;
    onSubmit(resolve);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="conflict-form">
      <Stack gap="sm">
        <Alert color="orange" title={t('suggestions.conflicts.title')}>
          {t('suggestions.conflicts.intro')}
        </Alert>
        {conflicts.map((conflict) => (
          <Fieldset key={conflict.node_id} legend={titleOf(conflict.node_id)} radius="md" data-testid="conflict-node">
            {conflict.fields.length > 0 ? (
              <Text size="xs" c="dimmed" mb="xs">
                {t('suggestions.conflicts.fields', { fields: conflict.fields.map(fieldName).join(', ') })}
              </Text>
            ) : null}
            <Radio.Group
              value={choices[conflict.node_id] ?? null}
              onChange={(value) => setChoices((current) => ({ ...current, [conflict.node_id]: value as Side }))}
              error={tried && !choices[conflict.node_id] ? t('suggestions.conflicts.missing') : undefined}
            >
              <Stack gap={6}>
                <Radio value="mine" label={t('suggestions.conflicts.mine')} />
                <Radio value="theirs" label={t('suggestions.conflicts.theirs')} />
              </Stack>
            </Radio.Group>
          </Fieldset>
        ))}
        <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
          {t('suggestions.conflicts.submit')}
        </Button>
      </Stack>
    </form>
  );
}
