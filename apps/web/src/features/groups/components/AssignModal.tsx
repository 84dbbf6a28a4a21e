import type { TreeDocument } from '@arbor/contract';
import { Modal, SegmentedControl, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShare, useShares } from '../../community/index.ts';
import { useTreeByUuid, useTreeList } from '../../trees/index.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useCreateAssignment } from '../api/useCreateAssignment.ts';
import { FormError } from './GroupFields.tsx';

type Source = 'share' | 'tree';

/** "Assign": a template or one of my (not private) trees, optionally a node (its path) and a due date. */
export function AssignModal({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const create = useCreateAssignment(uuid);
  const [source, setSource] = useState<Source>('share');
  const [subject, setSubject] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const switchSource = (value: Source) => {
    setSource(value);
    setSubject(null);
    setTarget(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject) return;
    create.mutate({ [source]: subject, target, due_date: dueDate || null, note }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('assign.title')} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <SegmentedControl
            aria-label={t('assign.source')}
            value={source}
            onChange={(value) => switchSource(value as Source)}
            data={[
              { value: 'share', label: t('assign.template') },
              { value: 'tree', label: t('assign.myTree') },
            ]}
          />
          {source === 'share' ? (
            <TemplatePicker value={subject} onChange={(v) => (setSubject(v), setTarget(null))} />
          ) : (
            <TreePicker value={subject} onChange={(v) => (setSubject(v), setTarget(null))} />
          )}
          {subject ? <NodePicker source={source} uuid={subject} value={target} onChange={setTarget} /> : null}
          <TextInput
            type="date"
            label={t('assign.dueDate')}
            description={t('assign.dueDateHint')}
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            data-testid="assign-due"
          />
          <Textarea
            label={t('assign.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <FormError error={create.error} />
          <DialogActions
            onCancel={onClose}
            submit={t('assign.submit')}
            loading={create.isPending}
            disabled={!subject}
          />
        </Stack>
      </form>
    </Modal>
  );
}

interface PickerProps {
  value: string | null;
  onChange: (uuid: string | null) => void;
}

/** Templates of the community, searched as one types. */
function TemplatePicker({ value, onChange }: PickerProps) {
  const { t } = useTranslation('groups');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const shares = useShares({ search: debounced || undefined, pageSize: 20 });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (shares.data?.results ?? []).map((s) => ({ value: s.uuid, label: s.title }));
  // the chosen template stays an option while another search shows other ones
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={t('assign.template')}
      placeholder={t('assign.templateSearch')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={(uuid, option) => {
        setChosen(option ?? null);
        onChange(uuid);
      }}
      nothingFoundMessage={shares.isFetching ? t('loading') : t('assign.noTemplates')}
      required
      data-testid="assign-template"
    />
  );
}

/** My trees that others may read (a private tree cannot be assigned). */
function TreePicker({ value, onChange }: PickerProps) {
  const { t } = useTranslation('groups');
  const trees = useTreeList({ ordering: '-updated_at', pageSize: 100 });
  const options = (trees.data?.results ?? [])
    .filter((tree) => tree.visibility !== 'private')
    .map((tree) => ({ value: tree.uuid, label: tree.title }));
  return (
    <Select
      label={t('assign.myTree')}
      description={t('assign.privateHint')}
      searchable
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={trees.isFetching ? t('loading') : t('assign.noTrees')}
      required
      data-testid="assign-tree"
    />
  );
}

/** Optionally one node of the chosen subject: the assignment is then that node's path. */
function NodePicker({ source, uuid, value, onChange }: PickerProps & { source: Source; uuid: string }) {
  return source === 'share' ? (
    <ShareNodePicker uuid={uuid} value={value} onChange={onChange} />
  ) : (
    <TreeNodePicker uuid={uuid} value={value} onChange={onChange} />
  );
}

function ShareNodePicker({ uuid, ...props }: PickerProps & { uuid: string }) {
  return <NodeSelect doc={useShare(uuid).data?.data} {...props} />;
}

function TreeNodePicker({ uuid, ...props }: PickerProps & { uuid: string }) {
  return <NodeSelect doc={useTreeByUuid(uuid).data?.data} {...props} />;
}

function NodeSelect({ doc, value, onChange }: PickerProps & { doc: TreeDocument | undefined }) {
  const { t } = useTranslation('groups');
  const options = (doc?.nodes ?? []).map((node) => ({ value: node.id, label: node.title }));
  return (
    <Select
      label={t('assign.target')}
      description={t('assign.targetHint')}
      placeholder={t('assign.wholeTree')}
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      data-testid="assign-target"
    />
  );
}
