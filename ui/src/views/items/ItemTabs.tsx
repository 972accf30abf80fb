import { t } from '../../lib/i18n';
import { href, navigate } from '../../lib/router';

/** The tab bar of an item's page: each tab is a link (the tab is in the URL), followed in place. */
export function ItemTabs({ itemtype, id, tabs, tab }: { itemtype: string; id: number; tabs: [string, string][]; tab: string }) {
  return (
    <div class="tabs" role="tablist" aria-label={t('Sections')}>
      {tabs.map(([key, label]) => (
        <a
          key={key}
          role="tab"
          id={`tab-${key}`}
          aria-selected={tab === key}
          aria-controls="tab-panel"
          href={href([itemtype, id], { tab: key === 'details' ? undefined : key })}
          onClick={(e) => {
            e.preventDefault();
            navigate([itemtype, id], { tab: key === 'details' ? undefined : key }, true);
          }}
        >
          {label}
        </a>
      ))}
    </div>
  );
}
