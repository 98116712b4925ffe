// Sandboxed preload: runs as CommonJS without access to local modules, hence .cts.
import electron = require('electron');
import type { AppInfo, DesktopBridge, IpcChannels } from './ipc-channels.ts';

const channels = {
  openDataFolder: 'muster:open-data-folder',
  showNotification: 'muster:show-notification',
  getAppInfo: 'muster:get-app-info',
} as const satisfies typeof IpcChannels;

const bridge: DesktopBridge = {
  openDataFolder: () => electron.ipcRenderer.invoke(channels.openDataFolder) as Promise<void>,
  showNotification: (title, body) =>
    electron.ipcRenderer.invoke(channels.showNotification, { title, body }) as Promise<void>,
  getAppInfo: () => electron.ipcRenderer.invoke(channels.getAppInfo) as Promise<AppInfo>,
};

// Same value as BRIDGE_KEY in ipc-channels.ts.
electron.contextBridge.exposeInMainWorld('musterDesktop', bridge);
