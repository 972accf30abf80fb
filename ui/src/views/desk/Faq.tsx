import { api, type Item } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Notice } from '../../components/Notice';
import { RichText } from '../../components/RichText';
import { matchesWords, plainText } from '../../data/desk';
import { t } from '../../lib/i18n';
import { href, navigate } from '../../lib/router';
import { useSession } from '../../data/session';

/** The most FAQ articles the desk reads at once (searched here, in the user's browser). */
const FAQ_RANGE = '0-499';

/** The FAQ (knowledge base articles marked is_faq the session reads), searched by words of the question or the answer. */
export function Faq({ id, q }: { id: number | null; q: string }) {
  const { scope } = useSession();
  const { data: articles, error } = useApi(
    () => api.list('KnowbaseItem', { range: FAQ_RANGE, sort: 'name' }).then((page) => page.items.filter((a) => Number(a.is_faq) === 1)),
    [scope],
  );

  const article = id === null ? undefined : articles?.find((a) => a.id === id);
  if (article) return <Article article={article} q={q} />;
  const found = (articles ?? []).filter((a) => !q || matchesWords(q, [String(a.name ?? ''), plainText(String(a.answer ?? ''))]));
  return (
    <div class="page desk-faq">
      <h1>{t('FAQ')}</h1>
      <form role="search" class="desk-search" onSubmit={(e) => {
        e.preventDefault();
        navigate(['faq'], { q: String(new FormData(e.currentTarget).get('q') ?? '').trim() }, true);
      }}>
        <label class="field">
          <span>{t('Search the FAQ')}</span>
          <input type="search" name="q" defaultValue={q} data-search />
        </label>
        <button type="submit">{t('Search')}</button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {articles && found.length === 0 && <p class="muted">{t('No article matches.')}</p>}
      <ul class="desk-list">
        {found.map((a) => (
          <li key={a.id}>
            <a href={href(['faq', a.id], { q })} translate={false}>{String(a.name ?? '')}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Article({ article, q }: { article: Item; q: string }) {
  return (
    <article class="page desk-article">
      <p><a href={href(['faq'], { q })}>{t('FAQ')}</a></p>
      <h1 translate={false}>{String(article.name ?? '')}</h1>
      <RichText html={String(article.answer ?? '')} />
    </article>
  );
}
