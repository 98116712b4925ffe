import { useEffect, useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

interface CommittedNumberInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: number | null;
  min: number;
  max?: number;
  onCommit: (value: number | null) => void;
}

/**
 * A number filter that only reports values within its bounds, after typing pauses
 * (so `2` on the way to `2024` does not send a request the server would refuse).
 */
export function CommittedNumberInput({ value, min, max, onCommit, ...rest }: CommittedNumberInputProps) {
  const [text, setText] = useState<string | number>(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);

  const commit = useDebouncedCallback((v: string | number) => {
    if (v === '') {
      if (value !== null) onCommit(null);
      return;
    }
    if (typeof v === 'number' && v >= min && (max === undefined || v <= max) && v !== value) onCommit(v);
  }, 500);

  return (
    <NumberInput
      {...rest}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      value={text}
      onChange={(v) => {
        setText(v);
        commit(v);
      }}
    />
  );
}
