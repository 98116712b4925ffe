// Just enough of Electron's main-process API for electron-main.ts to run under Node.
import { EventEmitter } from 'node:events';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
  url?: string;
}

function fakeEvent(extra: Partial<FakeEvent> = {}): FakeEvent {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
    ...extra,
  };
}

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny'; overrideBrowserWindowOptions?: unknown };

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | undefined;
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  /** Simulates the renderer navigating; returns whether main prevented it. */
  navigate(url: string): boolean {
    const event = fakeEvent({ url });
    this.emit('will-navigate', event);
    return event.defaultPrevented;
  }
}

export class FakeApp extends EventEmitter {
  isPackaged = false;
  paths: Record<string, string> = {};
  appPath = '';
  quitCalls = 0;
  /** Set once a quit went through (no before-quit handler prevented it). */
  exited = false;
  requestSingleInstanceLock = () => true;
  whenReady = () => Promise.resolve();
  getPath = (name: string) => this.paths[name] ?? '';
  getAppPath = () => this.appPath;
  getName = () => 'Muster';
  getVersion = () => '1.0.0';
  quit = () => {
    this.quitCalls++;
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.exited = true;
  };
}

export const app = new FakeApp();

export class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = [];
  readonly loaded: string[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.all.push(this);
    app.emit('web-contents-created', fakeEvent(), this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {}
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
}

type IpcHandler = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, IpcHandler>(),
  handle(channel: string, handler: IpcHandler): void {
    this.handlers.set(channel, handler);
  },
};

export const Menu = { buildFromTemplate: (template: unknown[]) => template };

export class Tray extends EventEmitter {
  static last: Tray | undefined;
  menu: Array<{ label?: string; checked?: boolean; click?: (item: { checked: boolean }) => void }> = [];
  destroyed = false;
  constructor() {
    super();
    Tray.last = this;
  }
  setToolTip(): void {}
  setContextMenu(menu: Tray['menu']): void {
    this.menu = menu;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export const nativeImage = { createFromDataURL: (url: string) => ({ url }) };

export class Notification {
  static shown: Array<{ title: string; body: string }> = [];
  static isSupported = () => true;
  constructor(readonly options: { title: string; body: string }) {}
  show(): void {
    Notification.shown.push({ title: this.options.title, body: this.options.body });
  }
}

type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;

export const session = {
  defaultSession: {
    permissionHandler: undefined as PermissionHandler | undefined,
    setPermissionRequestHandler(handler: PermissionHandler): void {
      this.permissionHandler = handler;
    },
  },
};

export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  },
  openPath(target: string): Promise<string> {
    this.opened.push(target);
    return Promise.resolve('');
  },
};
