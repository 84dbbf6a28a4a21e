import { Textarea, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface DraftTextFieldProps {
  label: ReactNode;
  value: string;
  /** returns false when the value was refused (the field then shows `error`) */
  onCommit: (value: string) => boolean;
  readOnly: boolean;
  multiline?: boolean;
  minRows?: number;
  maxLength: number;
  required?: boolean;
  error?: string;
  placeholder?: string;
  className?: string;
  testId?: string;
}

/**
 * A text field that edits the document as you type but keeps its own draft, so a value the document
 * refuses (an empty title) can be typed through without the field snapping back, and an undo
 * elsewhere still shows up here.
 */
export function DraftTextField({
  label,
  value,
  onCommit,
  readOnly,
  multiline,
  minRows = 2,
  maxLength,
  required,
  error,
  placeholder,
  className,
  testId,
}: DraftTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [refused, setRefused] = useState(false);
  // A new value from the document (undo, an AI text accepted) replaces the draft in the same render,
  // not one effect later, so the field never shows the old text beside the new document.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
    setRefused(false);
  }
  const onChange = (next: string) => {
    setDraft(next);
    if (required && !next.trim()) {
      setRefused(true);
      return;
    }
    setRefused(!onCommit(next));
  };
  const common = {
    label,
    value: draft,
    readOnly,
    maxLength,
    placeholder,
    className,
    error: refused ? error : undefined,
    'data-testid': testId,
    onBlur: () => {
      if (refused) setDraft(value);
    },
  };
  return multiline ? (
    <Textarea {...common} autosize minRows={minRows} maxRows={18} onChange={(e) => onChange(e.currentTarget.value)} />
  ) : (
    <TextInput {...common} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}
