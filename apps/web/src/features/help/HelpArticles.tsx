import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { helpCategoryKey, useHelpArticles } from './help-api.ts';
import './help.css';

/**
 * Help articles: the list grouped by category and the chosen article's sanitised HTML. The `id` query
 * keeps the choice in the URL; `preferred` picks the first article of a category when none is chosen.
 */
export function HelpArticles({ preferred }: { preferred?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const articles = useHelpArticles();

  if (articles.error) {
    return (
      <EmptyState
        title={errorText(t, articles.error)}
        action={
          <Button variant="primary" onClick={articles.reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!articles.data) return <Loader label={t('common.loading')} />;
  const list = articles.data;
  if (list.length === 0) return <EmptyState title={t('help.empty')} />;

  const wanted = Number(params.get('id'));
  const current = list.find((a) => a.id === wanted) ?? list.find((a) => a.category === preferred) ?? list[0];
  const categories = [...new Set(list.map((a) => a.category))];

  return (
    <div className="help">
      <nav className="help__nav" aria-label={t('help.articles')}>
        {categories.map((category) => (
          <div key={category} className="help__group">
            <h2 className="help__group-title">{t(`help.category.${helpCategoryKey(category)}`)}</h2>
            <ul className="help__list">
              {list
                .filter((a) => a.category === category)
                .map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      className={`help__item${a.id === current?.id ? ' is-active' : ''}`}
                      aria-current={a.id === current?.id ? 'true' : undefined}
                      aria-controls="help-article"
                      onClick={() => setParams({ id: String(a.id) }, { replace: true, preventScrollReset: true })}
                    >
                      {a.title}
                    </button>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      {current ? (
        <article id="help-article" className="help__article card" aria-live="polite">
          <h2 className="help__title">{current.title}</h2>
          <SafeHtml html={current.content} />
        </article>
      ) : null}
    </div>
  );
}
