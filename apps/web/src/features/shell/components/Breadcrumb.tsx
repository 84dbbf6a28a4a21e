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

/** Path segments that group pages without being a page themselves, with their localised names. */
const SECTIONS = { admin: 'sections.admin', u: 'sections.authors', collections: 'sections.collections' } as const;
const isSection = (segment: string): segment is keyof typeof SECTIONS => Object.hasOwn(SECTIONS, segment);

/**
 * Built from the path (SPEC §2), the last segment replaced by the route's title. A segment that is
 * itself a page is a link showing that page's localised title (`/community` → 技能树模板社区); a
 * segment with no page behind it (`/admin`) is plain text, never a link to a 404: a known section
 * shows its localised name, anything else is capitalised, as SPEC §2 says. The route table is app/'s:
 * it hands `pageTitleOf` in.
 */
export function Breadcrumb({ title, pageTitleOf }: { title: string; pageTitleOf: PageTitleOf }) {
  const { t } = useTranslation('shell');
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
          const path = `/${segments.slice(0, index + 1).join('/')}`;
          const pageTitle = pageTitleOf(path);
          if (pageTitle === null)
            return (
              <Text key={index} size="sm" c="dimmed" truncate maw={220} data-testid="breadcrumb-section">
                {isSection(segment) ? t(SECTIONS[segment]) : capitalise(segment)}
              </Text>
            );
          return (
            <Anchor key={index} component={Link} to={path} size="sm" c="dimmed" truncate maw={220}>
              {pageTitle}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
