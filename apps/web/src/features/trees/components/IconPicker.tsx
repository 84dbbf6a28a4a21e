import { ActionIcon, Button, Popover, ScrollArea, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPoint, IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_ICON_NAMES, nodeIcon } from './node-icons.ts';

/** Searchable grid over the curated node icons; `null` clears the icon. */
export function IconPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (icon: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('trees');
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const names = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? NODE_ICON_NAMES.filter((n) => n.slice(n.indexOf(':') + 1).includes(q)) : NODE_ICON_NAMES;
  }, [query]);
  const Current = nodeIcon(value) ?? IconPoint;
  return (
    <Popover opened={opened} onChange={setOpened} width={300} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<Current size={18} />}
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
          fullWidth
          justify="flex-start"
        >
          {value ? value.replace(/^tabler:/, '') : t('panel.noIcon')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <TextInput
          placeholder={t('panel.searchIcons')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          mb="xs"
          data-autofocus
        />
        <ScrollArea.Autosize mah={220}>
          {names.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('panel.noIconMatch')}
            </Text>
          ) : (
            <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
              {names.map((name) => {
                const Icon = nodeIcon(name)!;
                const label = name.replace(/^tabler:/, '');
                return (
                  <Tooltip key={name} label={label} openDelay={400}>
                    <ActionIcon
                      variant={name === value ? 'filled' : 'subtle'}
                      color={name === value ? undefined : 'gray'}
                      size="lg"
                      aria-label={label}
                      onClick={() => {
                        onChange(name);
                        setOpened(false);
                      }}
                    >
                      <Icon size={20} />
                    </ActionIcon>
                  </Tooltip>
                );
              })}
            </SimpleGrid>
          )}
        </ScrollArea.Autosize>
        {value ? (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            mt="xs"
            leftSection={<IconX size={14} />}
            onClick={() => (onChange(null), setOpened(false))}
          >
            {t('panel.clearIcon')}
          </Button>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
