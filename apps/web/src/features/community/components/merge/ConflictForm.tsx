import type { MergeConflictNode } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import { Alert, Button, Fieldset, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../lib/DialogActions.tsx';
import { conflictTitle, conflictValues, type FieldValues, type SideValue } from './conflict-values.ts';

export type Side = 'mine' | 'theirs';

/** The words of one use of the form (accepting a suggestion, updating a fork from its template). */
export interface ConflictLabels {
  title: string;
  intro: string;
  /** the choice that keeps the document being updated */
  mine: string;
  /** the choice that takes the incoming document */
  theirs: string;
  submit: string;
}

interface ConflictFormProps {
  conflicts: MergeConflictNode[];
  labels: ConflictLabels;
  /**
   * The two sides, when known: each conflicting field's value on both is shown under its choice.
   * `mine` is the document being updated, `theirs` the incoming one.
   */
  mine?: TreeDocument;
  theirs?: TreeDocument;
  pending: boolean;
  onSubmit: (resolve: Record<string, Side>) => void;
  /** more fields of the same form, above its buttons (a changelog message) */
  children?: ReactNode;
  /** in a dialog: a Cancel button beside the submit button */
  onCancel?: () => void;
}

/** A conflict field's name as the diff lists name them. */
function useFieldName() {
  const { t } = useTranslation('reviews');
  const { t: tt } = useTranslation('trees');
  return (field: string) => {
    if (field === 'parent_id' || field === 'parent') return t('compare.parent');
    if (field === 'presence') return t('merge.presence');
    if (field === 'links') return tt('diff.links');
    return tt(`diff.fields.${field}`, { defaultValue: field });
  };
}

/** One side's values of a node's conflicting fields, each named: what choosing that side keeps. */
function SideValues({ rows, side }: { rows: FieldValues[]; side: Side }) {
  const { t } = useTranslation('reviews');
  const fieldName = useFieldName();
  const text = (value: SideValue) =>
    value.kind === 'removed'
      ? t('merge.removed')
      : value.kind === 'kept'
        ? t('merge.kept')
        : value.text || t('compare.empty');
  return (
    <Stack gap={2} component="span" data-testid={`conflict-${side}-values`}>
      {rows.map((row) => (
        <Text key={row.field} size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {t('merge.valueOf', { field: fieldName(row.field) })}
          </Text>{' '}
          {text(row[side])}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A three-way merge's conflicts, settled: per conflicting node, keep mine (the document being updated)
 * or take theirs (the incoming one), with both sides' values shown when the documents are given.
 * Submitting needs a side for every node; with no conflicts it is just the form's other fields.
 */
export function ConflictForm({
  conflicts,
  labels,
  mine,
  theirs,
  pending,
  onSubmit,
  children,
  onCancel,
}: ConflictFormProps) {
  const { t } = useTranslation('reviews');
  const fieldName = useFieldName();
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [tried, setTried] = useState(false);
  const missing = conflicts.filter((c) => !choices[c.node_id]);
  const linkText = (kind: string, target: string) =>
    t('merge.link', { target, kind: t(`merge.linkKinds.${kind}`, { defaultValue: kind }) });
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
        {conflicts.length > 0 ? (
          <Alert color="orange" title={labels.title}>
            {labels.intro}
          </Alert>
        ) : null}
        {conflicts.map((conflict) => {
          const rows =
            mine && theirs ? conflictValues(conflict, mine, theirs, (link, title) => linkText(link.kind, title)) : null;
          return (
            <Fieldset
              key={conflict.node_id}
              legend={conflictTitle(conflict.node_id, mine, theirs)}
              radius="md"
              data-testid="conflict-node"
            >
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
                {/* Side by side where there is room, one above the other on a phone. */}
                <SimpleGrid cols={{ base: 1, sm: rows ? 2 : 1 }} spacing="sm" verticalSpacing={6}>
                  {(['mine', 'theirs'] as const).map((side) => (
                    <Radio
                      key={side}
                      value={side}
                      label={labels[side]}
                      description={rows ? <SideValues rows={rows} side={side} /> : undefined}
                    />
                  ))}
                </SimpleGrid>
              </Radio.Group>
            </Fieldset>
          );
        })}
        {children}
        {onCancel ? (
          <DialogActions onCancel={onCancel} submit={labels.submit} loading={pending} />
        ) : (
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            {labels.submit}
          </Button>
        )}
      </Stack>
    </form>
  );
}
