import type { ComponentChildren } from 'preact';

/** An error (announced at once) or a status message (announced politely). */
export function Notice({ kind, children, onClose }: { kind: 'error' | 'success' | 'info'; children: ComponentChildren; onClose?: () => void }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onClose && (
        <button type="button" class="link" onClick={onClose} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}
