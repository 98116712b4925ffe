import { useEffect, useRef, useState } from 'react';
import { CloseButton, Kbd, TextInput } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface DirectorySearchProps {
  value: string;
  onSearch: (q: string) => void;
}

/** Free-text search with a 300 ms debounce; `/` anywhere on the page focuses it. */
export function DirectorySearch({ value, onSearch }: DirectorySearchProps) {
  const { t } = useTranslation('hr');
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const ref = useRef<HTMLInputElement>(null);
  const lastSent = useRef(value);

  useHotkeys([['/', () => ref.current?.focus()]]);

  // Follow changes from outside (clear filters, back button).
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced !== lastSent.current) {
      lastSent.current = debounced;
      onSearch(debounced);
    }
  }, [debounced, onSearch]);

  return (
    <TextInput
      ref={ref}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          lastSent.current = text;
          onSearch(text);
        }
        if (e.key === 'Escape') ref.current?.blur();
      }}
      placeholder={t('people.directory.searchPlaceholder')}
      aria-label={t('people.directory.search')}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <CloseButton aria-label={t('people.directory.clearSearch')} size="sm" onClick={() => setText('')} />
        ) : (
          <Kbd size="xs">/</Kbd>
        )
      }
      style={{ flex: 1, minWidth: 240 }}
    />
  );
}
