import { Center, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Spotlight } from '@mantine/spotlight';
import {
  IconBinaryTree2,
  IconCompass,
  IconFileText,
  IconLanguage,
  IconLogout,
  IconMoonStars,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALES, setLocale } from '../../lib/i18n.ts';
import { usePageCommands } from '../../lib/page-commands.ts';
import { useThemeToggle } from '../../lib/theme-toggle.ts';
import { createBlankTree } from './api/createBlankTree.ts';
import { useRemoteMatches } from './api/useRemoteMatches.ts';
import { matchesTitle, queryTerms } from './matching.ts';
import type { PaletteSource } from './sources.ts';

/** A page the palette may open (the shell passes the ones this user can visit). */
export interface PalettePage {
  id: string;
  title: string;
  path: string;
}

interface PaletteItem {
  id: string;
  title: string;
  description?: string;
  icon: ReactNode;
  run: () => void;
}

interface PaletteGroup {
  id: string;
  label: string;
  items: PaletteItem[];
}

/** SPEC §9 palette close-reset delay: the query clears after the closing animation, not during it. */
const CLOSE_RESET_MS = 100;
const ICON = { size: 18, stroke: 1.7, 'aria-hidden': true } as const;

function useActions(onLogout: () => void): PaletteItem[] {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const toggleTheme = useThemeToggle();
  // A new blank tree opens straight in the editor, the quickest way from "idea" to "canvas".
  const newTree = () =>
    createBlankTree(t('palette.untitledTree'))
      .then(({ uuid }) => navigate(`/trees/${uuid}`))
      .catch((error: unknown) => {
        console.warn('Could not create a tree from the command palette', error);
        notifications.show({ color: 'red', message: t('palette.newTreeFailed') });
      });
  return [
    { id: 'new-tree', title: t('palette.actions.newTree'), icon: <IconPlus {...ICON} />, run: () => void newTree() },
    {
      id: 'toggle-theme',
      title: t('palette.actions.toggleTheme'),
      icon: <IconMoonStars {...ICON} />,
      run: () => toggleTheme(),
    },
    ...LOCALES.filter((locale) => locale !== i18n.language).map((locale) => ({
      id: `language-${locale}`,
      title: t('palette.actions.switchLanguage', { language: t(`language.names.${locale}`) }),
      icon: <IconLanguage {...ICON} />,
      run: () => setLocale(locale),
    })),
    { id: 'logout', title: t('palette.actions.logout'), icon: <IconLogout {...ICON} />, run: onLogout },
  ];
}

/**
 * Ctrl+K / Cmd+K (Mantine's `mod`): pages, the user's trees and community templates (from the API,
 * debounced) and actions. A query of two characters or more is split on spaces and every word must
 * occur in the title, case-insensitively; the open page's commands (the editor's actions) come first.
 * Rendered by the shell only for a logged-in user.
 */
export function CommandPalette({ pages, sources }: { pages: PalettePage[]; sources?: readonly PaletteSource[] }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const resetTimer = useRef<number | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const actions = useActions(() => navigate('/logout'));
  const pageCommands = usePageCommands();
  const remote = useRemoteMatches(query, opened, sources);
  const terms = queryTerms(query);

  const groups = useMemo<PaletteGroup[]>(() => {
    const keep = (items: PaletteItem[]) =>
      terms.length ? items.filter((item) => matchesTitle(item.title, terms)) : items;
    const fromRemote = (
      items: { uuid: string; title: string }[],
      prefix: string,
      icon: ReactNode,
      path: (uuid: string) => string,
    ) =>
      items.map((item) => ({
        id: `${prefix}-${item.uuid}`,
        title: item.title,
        icon,
        run: () => navigate(path(item.uuid)),
      }));
    return [
      // The page's own commands first (the editor's actions while a tree is open): what is at hand.
      {
        id: 'page-commands',
        label: t('palette.groups.editor'),
        items: keep(
          pageCommands.map((command) => ({
            id: `command-${command.id}`,
            title: command.title,
            description: command.shortcut,
            icon: command.icon ? <command.icon {...ICON} /> : <IconBinaryTree2 {...ICON} />,
            run: command.run,
          })),
        ),
      },
      {
        id: 'pages',
        label: t('palette.groups.pages'),
        items: keep(
          pages.map((page) => ({
            id: `page-${page.id}`,
            title: page.title,
            description: page.path,
            icon: <IconFileText {...ICON} />,
            run: () => navigate(page.path),
          })),
        ),
      },
      {
        id: 'trees',
        label: t('palette.groups.trees'),
        items: keep(fromRemote(remote.trees, 'tree', <IconBinaryTree2 {...ICON} />, (uuid) => `/trees/${uuid}`)),
      },
      {
        id: 'templates',
        label: t('palette.groups.templates'),
        items: keep(
          fromRemote(remote.templates, 'template', <IconCompass {...ICON} />, (uuid) => `/community/${uuid}`),
        ),
      },
      // A source's hits are its own answer (a note matches by its text, not its title): not filtered again.
      ...remote.sources.map(({ source, items }) => ({
        id: `source-${source.id}`,
        label: t(source.labelKey),
        items: items.map((item) => ({
          id: `${source.id}-${item.id}`,
          title: item.title,
          description: item.description,
          icon: <source.icon {...ICON} />,
          run: () => navigate(item.path),
        })),
      })),
      { id: 'actions', label: t('palette.groups.actions'), items: keep(actions) },
    ].filter((group) => group.items.length > 0);
    // `actions` is rebuilt each render but only changes with the language, which `t` tracks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages, pageCommands, remote.trees, remote.templates, remote.sources, terms.join(' '), t, navigate]);

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Works from inside text fields too: the palette is the way around the app from anywhere.
      tagsToIgnore={[]}
      zIndex={2100}
      scrollable
      maxHeight={440}
      onSpotlightOpen={() => {
        // Reopened before the last close finished resetting: keep what is typed now.
        window.clearTimeout(resetTimer.current);
        setOpened(true);
      }}
      onSpotlightClose={() => {
        setOpened(false);
        resetTimer.current = window.setTimeout(() => setQuery(''), CLOSE_RESET_MS);
      }}
      // The dialog needs a name for screen readers; sighted users see the search field instead.
      title={t('palette.title')}
      classNames={{ header: 'arbor-visually-hidden' }}
    >
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.placeholder')}
        leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
        rightSection={remote.loading ? <Loader size={16} aria-label={t('common:loading')} /> : null}
        data-testid="palette-search"
      />
      <Spotlight.ActionsList>
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.id} label={group.label}>
            {group.items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.title}
                description={item.description}
                leftSection={item.icon}
                onClick={item.run}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 && !remote.loading ? (
          <Spotlight.Empty>
            <Center>
              <Text size="sm" c="dimmed" data-testid="palette-empty" style={{ overflowWrap: 'anywhere' }}>
                {t('palette.empty', { query: query.trim() })}
              </Text>
            </Center>
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
      <Group justify="flex-end" gap={6} px="md" py={8} className="arbor-palette-footer">
        <Text size="xs" c="dimmed">
          {t('palette.hint')}
        </Text>
      </Group>
    </Spotlight.Root>
  );
}

// The header's button is its own module, so the shell can show it without loading the palette.
