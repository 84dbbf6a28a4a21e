import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const capitalise = (segment: string) => {
  const text = decodeURIComponent(segment).replace(/[-_]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The localised title of the page at `path`, or null when no page lives there. */
export type PageTitleOf = (path: string) => string | null;

/**
 * Built from the path (SPEC §2): each segment linked, the last one replaced by the route's title. A
 * segment that is itself a page shows that page's localised title (`/community` → 技能树模板社区);
 * other segments are capitalised, as SPEC §2 says. The route table is app/'s: it hands `pageTitleOf` in.
 */
export function Breadcrumb({ title, pageTitleOf }: { title: string; pageTitleOf: PageTitleOf }) {
  const { t } = useTranslation('shell');
  const label = (path: string, segment: string) => pageTitleOf(path) ?? capitalise(segment);
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  return (
    <nav aria-label={t('breadcrumb')}>
      <Breadcrumbs separatorMargin={6} className="arbor-breadcrumb">
        <Anchor component={Link} to="/" aria-label={t('nav.home')} c="dimmed" display="flex">
          <IconHome size={16} aria-hidden />
        </Anchor>
        {segments.map((segment, index) => {
          const last = index === segments.length - 1;
          if (last)
            return (
              <Text key={index} size="sm" fw={500} aria-current="page" truncate>
                {title}
              </Text>
            );
          return (
            <Anchor
              key={index}
              component={Link}
              to={`/${segments.slice(0, index + 1).join('/')}`}
              size="sm"
              c="dimmed"
              truncate
              maw={220}
            >
              {label(`/${segments.slice(0, index + 1).join('/')}`, segment)}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
