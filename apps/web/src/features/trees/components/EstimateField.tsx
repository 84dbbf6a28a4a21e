import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const MAX_ESTIMATE = 100_000;

/**
 * A node's time estimate in whole minutes; empty means unknown (null). Only digits can be typed and
 * values are clamped to 0–100,000, so every keystroke is a valid document edit (folded into one undo step).
 */
export function EstimateField({
  value,
  readOnly,
  onChange,
}: {
  value: number | null;
  readOnly: boolean;
  onChange: (minutes: number | null) => void;
}) {
  const { t } = useTranslation('learning');
  return (
    <NumberInput
      label={t('editor.estimate')}
      description={t('editor.estimateHint')}
      value={value ?? ''}
      readOnly={readOnly}
      min={0}
      max={MAX_ESTIMATE}
      step={5}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      thousandSeparator={false}
      inputMode="numeric"
      data-testid="node-estimate-field"
      onChange={(next) => {
        if (next === '' || next === null) onChange(null);
        else if (typeof next === 'number' && Number.isInteger(next))
          onChange(Math.min(MAX_ESTIMATE, Math.max(0, next)));
      }}
    />
  );
}
