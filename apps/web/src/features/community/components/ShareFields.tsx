import { TagsInput, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { SHARE_LIMITS, validateShareForm, type ShareFieldProblem, type ShareFormValues } from '../model/share-form.ts';

interface ShareFieldsProps {
  values: ShareFormValues;
  onChange: (patch: Partial<ShareFormValues>) => void;
  /** show the form's own problems (after a first attempt to send) */
  showProblems: boolean;
  /** the server's refusal of the last attempt, whose field messages show under the fields */
  error: unknown;
  /** tags offered while typing (hot tags) */
  suggestions?: string[];
  /** the hint under the tags field */
  tagsHint?: string;
  /** focus the title when the dialog opens */
  autoFocus?: boolean;
}

/** A template's title, description and tags, checked with translated messages before the server's. */
export function ShareFields({
  values,
  onChange,
  showProblems,
  error,
  suggestions,
  tagsHint,
  autoFocus,
}: ShareFieldsProps) {
  const { t } = useTranslation('community');
  const problems = validateShareForm(values);
  const problemText = (problem: ShareFieldProblem | undefined) =>
    showProblems && problem ? t(`share.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const fields = error instanceof ApiError ? error.fields : {};
  // The server names a refused tag by its position (`tags.2`).
  const serverTagError = fields.tags?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]?.[0];
  return (
    <>
      <TextInput
        label={t('share.title')}
        value={values.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        withAsterisk
        maxLength={SHARE_LIMITS.title}
        error={problemText(problems.title) ?? fields.title?.[0]}
        data-autofocus={autoFocus || undefined}
      />
      <Textarea
        label={t('share.description')}
        value={values.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        autosize
        minRows={3}
        maxLength={SHARE_LIMITS.description}
        error={problemText(problems.description) ?? fields.description?.[0]}
      />
      <TagsInput
        label={t('share.tags')}
        description={tagsHint}
        value={values.tags}
        onChange={(tags) => onChange({ tags })}
        maxTags={SHARE_LIMITS.tags}
        data={suggestions}
        error={problemText(problems.tags) ?? serverTagError}
        withAsterisk
        clearable
      />
    </>
  );
}
