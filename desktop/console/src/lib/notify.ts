import { notifications } from '@mantine/notifications';
import { ApiError } from './api.ts';

/** A short green confirmation in the corner. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 3500 });
}

/** A neutral hint. */
export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'blue', title, message, autoClose: 4000 });
}

/** A red notification showing the problem's title and `detail`. */
export function notifyError(error: unknown, fallbackTitle = 'Something went wrong'): void {
  if (error instanceof ApiError) {
    notifications.show({
      color: 'red',
      title: error.problem.title || fallbackTitle,
      message: error.problem.detail ?? `The server answered ${error.status}.`,
      autoClose: 8000,
    });
    return;
  }
  notifications.show({
    color: 'red',
    title: fallbackTitle,
    message: error instanceof Error ? error.message : String(error),
    autoClose: 8000,
  });
}
