import { useEffect, useState } from 'preact/hooks';
import { t } from '../lib/i18n';

interface Props {
  /** The first row shown (0-based) and rows per page. */
  start: number;
  size: number;
  total: number;
  /** Moves to the page starting at that row. */
  onStart: (start: number) => void;
}

/** Paging of a list: first, previous, a page number to jump to, next, last. */
export function Pager({ start, size, total, onStart }: Props) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(pages, Math.floor(start / size) + 1);
  const [typed, setTyped] = useState(String(current));
  useEffect(() => setTyped(String(current)), [current]);
  const go = (page: number) => onStart((Math.min(pages, Math.max(1, page)) - 1) * size);
  if (total <= size) return null;
  return (
    <nav class="pager" aria-label={t('Pages')}>
      <button type="button" class="secondary" disabled={current === 1} onClick={() => go(1)}>
        {t('First')}
      </button>
      <button type="button" class="secondary" disabled={current === 1} onClick={() => go(current - 1)}>
        {t('Previous')}
      </button>
      <form
        class="pager-jump"
        onSubmit={(e) => {
          e.preventDefault();
          const page = Number(typed);
          if (Number.isInteger(page)) go(page);
        }}
      >
        <label for="pager-page">{t('Page')}</label>
        <input id="pager-page" type="number" min={1} max={pages} value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
        <span>{t('of {pages}', { pages })}</span>
        <button type="submit" class="secondary">
          {t('Go')}
        </button>
      </form>
      <button type="button" class="secondary" disabled={current === pages} onClick={() => go(current + 1)}>
        {t('Next')}
      </button>
      <button type="button" class="secondary" disabled={current === pages} onClick={() => go(pages)}>
        {t('Last')}
      </button>
    </nav>
  );
}
