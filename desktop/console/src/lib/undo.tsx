import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/** Actions waiting out their undo window, by toast id: each commits at once when the page goes away. */
const waiting = new Map<string, () => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const commit of [...waiting.values()]) commit();
  });
}

export const UNDO_WINDOW_MS = 6000;

interface UndoableAction {
  /** Unique per action (e.g. `approve-<id>`): a second click on the same thing does not queue twice. */
  key: string;
  title: string;
  message: string;
  /** Sends the action. Called once: after the window, when the toast is closed, or when the page is left. */
  commit: () => void;
  /** Called instead of `commit` when the user presses Undo. */
  onUndo?: () => void;
  delayMs?: number;
}

/** True while an action with this key waits for its undo window to pass. */
export function isWaiting(key: string): boolean {
  return waiting.has(`undo-${key}`);
}

/**
 * One click that can be taken back: a toast with an Undo button shows for a few
 * seconds, and only then is the action sent. Closing the toast or leaving the page
 * sends it at once; Undo drops it, so nothing reaches the server.
 */
export function withUndo(action: UndoableAction): void {
  const id = `undo-${action.key}`;
  if (waiting.has(id)) return;
  let settled = false;
  const settle = (run: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    waiting.delete(id);
    notifications.hide(id);
    run();
  };
  const commit = () => settle(action.commit);
  const undo = () => settle(() => action.onUndo?.());
  const timer = setTimeout(commit, action.delayMs ?? UNDO_WINDOW_MS);
  waiting.set(id, commit);
  notifications.show({
    id,
    color: 'teal',
    title: action.title,
    autoClose: false,
    withCloseButton: true,
    onClose: commit,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          {action.message}
        </Text>
        <Button size="compact-sm" variant="light" color="gray" onClick={undo} data-testid="undo" style={{ flexShrink: 0 }}>
          {i18n.t('common:actions.undo')}
        </Button>
      </Group>
    ),
  });
}
