import { z } from 'zod';

/**
 * Every IPC channel between the console window and the main process.
 * preload.cts repeats these strings (a sandboxed preload cannot import local
 * modules); its `satisfies typeof IpcChannels` keeps both in step.
 */
export const IpcChannels = {
  openDataFolder: 'muster:open-data-folder',
  showNotification: 'muster:show-notification',
  getAppInfo: 'muster:get-app-info',
} as const;

export type IpcChannel = (typeof IpcChannels)[keyof typeof IpcChannels];

export interface AppInfo {
  name: string;
  version: string;
  platform: NodeJS.Platform;
  dataDir: string;
  consoleUrl: string;
  lanAccess: boolean;
  /** How other PCs reach this console; empty when LAN access is off. */
  lanUrls: string[];
}

/** What the preload exposes as `window.musterDesktop` (absent in a plain browser). */
export interface DesktopBridge {
  openDataFolder(): Promise<void>;
  showNotification(title: string, body: string): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
}

export const BRIDGE_KEY = 'musterDesktop';

export const NotificationRequest = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().max(1_000),
});
