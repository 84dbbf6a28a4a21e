import { Button, type ButtonProps } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectRef } from '../../api/useProgress.ts';

/** The dialog is its own chunk, loaded when first opened. */
const CustomSessionDialog = lazy(() =>
  import('./CustomSessionDialog.tsx').then((m) => ({ default: m.CustomSessionDialog })),
);

/** The custom session dialog, mounted once it has been opened (so its chunk loads only then). */
export function LazyCustomSessionDialog(props: {
  opened: boolean;
  onClose: () => void;
  subject?: SubjectRef & { title?: string };
}) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <CustomSessionDialog {...props} />
    </Suspense>
  );
}

/** "Custom session…": opens the dialog (review ahead, the at-risk ones), of `subject` at first when given. */
export function CustomSessionButton({
  subject,
  ...buttonProps
}: { subject?: SubjectRef & { title?: string } } & ButtonProps) {
  const { t } = useTranslation('recall');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="custom-session-open"
        {...buttonProps}
      >
        {t('session.custom')}
      </Button>
      <LazyCustomSessionDialog opened={opened} onClose={() => setOpened(false)} subject={subject} />
    </>
  );
}
