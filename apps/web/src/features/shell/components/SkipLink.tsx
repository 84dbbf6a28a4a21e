import { useTranslation } from 'react-i18next';

/** First tab stop: jumps past the header to the page. */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a href="#main-content" className="arbor-skip-link">
      {t('skipToContent')}
    </a>
  );
}
