import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n';

/** An error (announced at once) or a status message (announced politely). */
export function Notice({ kind, children, onClose }: { kind: 'error' | 'success' | 'info'; children: ComponentChildren; onClose?: () => void }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onClose && (
        <button type="button" class="link" onClick={onClose} aria-label={t('Dismiss')}>
          ×
        </button>
      )}
    </div>
  );
}

/**
 * The result of the last action of a panel. Always one element, so the forms after it keep their
 * place (and what was typed in them) when a message comes or goes.
 */
export function Outcome({ message, error }: { message: string; error: string }) {
  return (
    <div class="outcome">
      {message && <Notice kind="success">{message}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
    </div>
  );
}
