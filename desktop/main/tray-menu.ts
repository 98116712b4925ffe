import type { MenuItemConstructorOptions } from 'electron';

export interface TrayActions {
  openWindow(): void;
  openInBrowser(): void;
  setLanAccess(enabled: boolean): void;
  /** The console's "Devices on the LAN" page: addresses, QR code, the certificate to install. */
  openLanPage(): void;
  openDataFolder(): void;
  quit(): void;
}

export interface TrayState {
  lanAccess: boolean;
  /** Shown as a disabled first line, e.g. "Muster is running". */
  status: string;
}

/** The tray's context menu (plain data: Electron builds it with Menu.buildFromTemplate). */
export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: state.status, enabled: false },
    { type: 'separator' },
    { label: 'Open Muster', click: () => actions.openWindow() },
    { label: 'Open in browser', click: () => actions.openInBrowser() },
    {
      label: 'Allow LAN access',
      type: 'checkbox',
      checked: state.lanAccess,
      click: (item) => actions.setLanAccess(item.checked),
    },
    { label: 'Devices on the LAN…', click: () => actions.openLanPage() },
    { label: 'Open data folder', click: () => actions.openDataFolder() },
    { type: 'separator' },
    { label: 'Quit Muster', click: () => actions.quit() },
  ];
}
