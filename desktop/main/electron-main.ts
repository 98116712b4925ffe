// Electron main process: runs the server and connector as children, shows the
// console in a window, and lives in the tray. No business logic here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  session,
  shell,
  Tray,
  type IpcMainInvokeEvent,
} from 'electron';
import { connectorSpec, localServerUrl, serverSpec, type StackPlan } from './child-specs.ts';
import { resolveConnectorSecret } from './connector-secret.ts';
import { desktopPlan } from './desktop-plan.ts';
import { IpcChannels, NotificationRequest, type AppInfo, type IpcChannel } from './ipc-channels.ts';
import { LAN_PAGE_PATH, lanUrls } from './lan-access.ts';
import { openLogFile, type LogFile } from './log-file.ts';
import { readSettings, SETTINGS_FILE, updateSettings, type DesktopSettings } from './settings.ts';
import { MusterStack } from './stack.ts';
import { statusPageUrl, type StatusPage } from './status-page.ts';
import { ChildGaveUpError, ChildStoppedError, prefixedOutput } from './supervisor.ts';
import { TRAY_ICON_DATA_URL } from './tray-icon.ts';
import { trayMenuTemplate } from './tray-menu.ts';
import { decideLink, isSameOrigin } from './window-policy.ts';

interface DesktopState {
  settings: DesktopSettings;
  plan: StackPlan;
  stack: MusterStack;
  logFile: LogFile;
  /** The console's URL and origin stay fixed: the port never changes while running. */
  consoleUrl: string;
  consoleOrigin: string;
  /** What the window shows: the console once the server is ready, else a status page. */
  page: StatusPage | 'console';
  window: BrowserWindow | undefined;
  tray: Tray | undefined;
  quitting: boolean;
  childrenStopped: boolean;
}

const icon = () => nativeImage.createFromDataURL(TRAY_ICON_DATA_URL);
const settingsFile = () => path.join(app.getPath('userData'), SETTINGS_FILE);
const logPath = () => path.join(app.getPath('logs'), 'muster.log');

/** Returns false in a second instance, which hands over to the first and quits. */
function setupSingleInstance(): boolean {
  if (app.requestSingleInstanceLock()) return true;
  app.quit();
  return false;
}

function createState(): DesktopState {
  const settings = readSettings(settingsFile());
  const plan = planFor(settings);
  const logFile = openLogFile(logPath());
  const state: Omit<DesktopState, 'stack'> = {
    settings,
    plan,
    logFile,
    consoleUrl: `${localServerUrl(plan)}/`,
    consoleOrigin: new URL(localServerUrl(plan)).origin,
    page: { title: 'Starting Muster…', detail: 'Preparing the database. This takes a few seconds.', busy: true },
    window: undefined,
    tray: undefined,
    quitting: false,
    childrenStopped: false,
  };
  const stack = new MusterStack({
    server: serverSpec(plan),
    // Reads state.plan when called: a LAN toggle may have replaced it.
    connector: () => connectorSpec(state.plan, resolveConnectorSecret(state.plan.baseEnv, state.plan.dataDir)),
    output: (name, stream, line) => {
      logFile.sink(name, stream, line);
      if (!app.isPackaged) prefixedOutput(name, stream, line);
    },
  });
  return Object.assign(state, { stack });
}

function planFor(settings: DesktopSettings): StackPlan {
  return desktopPlan({
    settings,
    userDataDir: app.getPath('userData'),
    appPath: app.getAppPath(),
    isPackaged: app.isPackaged,
    execPath: process.execPath,
    env: process.env,
  });
}

function setupSecurity(state: DesktopState): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write');
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideLink(url, state.consoleOrigin);
      if (decision === 'allow') {
        return {
          action: 'allow',
          overrideBrowserWindowOptions: {
            autoHideMenuBar: true,
            webPreferences: { contextIsolation: true, nodeIntegration: false, sandbox: true },
          },
        };
      }
      if (decision === 'open-external') openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event) => {
      const decision = decideLink(event.url, state.consoleOrigin);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision === 'open-external') openExternal(event.url);
    });
  });
}

function setupIpc(state: DesktopState): void {
  // Only the console page may use the bridge, not a splash page or a foreign frame.
  const handle = (channel: IpcChannel, listener: (...args: unknown[]) => unknown) => {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isSameOrigin(event.senderFrame?.url, state.consoleOrigin)) {
        throw new Error(`${channel} refused: the caller is not the Muster console`);
      }
      return listener(...args);
    });
  };
  handle(IpcChannels.openDataFolder, () => openDataFolder(state));
  handle(IpcChannels.showNotification, (request) => {
    const { title, body } = NotificationRequest.parse(request);
    notify(title, body);
  });
  handle(IpcChannels.getAppInfo, (): AppInfo => appInfo(state));
}

function appInfo(state: DesktopState): AppInfo {
  return {
    name: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    dataDir: state.plan.dataDir,
    consoleUrl: state.consoleUrl,
    lanAccess: state.settings.lanAccess,
    lanUrls: state.settings.lanAccess ? lanUrls(os.networkInterfaces(), state.plan.port) : [],
  };
}

async function openDataFolder(state: DesktopState): Promise<void> {
  const problem = await shell.openPath(state.plan.dataDir);
  if (problem) throw new Error(problem);
}

function notify(title: string, body: string): void {
  if (Notification.isSupported()) new Notification({ title, body, icon: icon() }).show();
}

function pageUrl(state: DesktopState): string {
  return state.page === 'console' ? state.consoleUrl : statusPageUrl(state.page);
}

function showPage(state: DesktopState, page: StatusPage | 'console'): void {
  state.page = page;
  if (state.window) load(state, state.window, pageUrl(state));
  refreshTray(state);
}

/** Loads without rejecting: a load replaced by the next one (splash → console) fails with ERR_ABORTED. */
function load(state: DesktopState, window: BrowserWindow, url: string): void {
  window.loadURL(url).catch((error: unknown) => {
    state.logFile.sink('desktop', 'stderr', `loading ${url.slice(0, 60)} failed: ${String(error)}`);
  });
}

function openExternal(url: string): void {
  shell.openExternal(url).catch(() => {
    // nothing useful to do: the OS has no handler for it
  });
}

function setupWindow(state: DesktopState): void {
  showWindow(state);
  // Closing the window keeps Muster running in the tray: LAN browsers and the connector still need the server.
  app.on('window-all-closed', () => {});
  app.on('second-instance', () => showWindow(state));
}

function showWindow(state: DesktopState): void {
  if (state.window) {
    if (state.window.isMinimized()) state.window.restore();
    state.window.show();
    state.window.focus();
    return;
  }
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    title: 'Muster',
    icon: icon(),
    autoHideMenuBar: true,
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, 'preload.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    state.window = undefined;
  });
  state.window = window;
  load(state, window, pageUrl(state));
}

function setupTray(state: DesktopState): void {
  state.tray = new Tray(icon());
  state.tray.setToolTip('Muster');
  state.tray.on('click', () => showWindow(state));
  refreshTray(state);
}

function trayStatus(state: DesktopState): string {
  if (state.page === 'console') return state.settings.lanAccess ? 'Muster is running (LAN access on)' : 'Muster is running';
  return state.page.busy ? 'Muster is starting…' : 'Muster has stopped';
}

function refreshTray(state: DesktopState): void {
  if (!state.tray || state.tray.isDestroyed()) return;
  const template = trayMenuTemplate(
    { lanAccess: state.settings.lanAccess, status: trayStatus(state) },
    {
      openWindow: () => showWindow(state),
      openInBrowser: () => openExternal(state.consoleUrl),
      setLanAccess: (enabled) => void setLanAccess(state, enabled),
      openLanPage: () => openLanPage(state),
      openDataFolder: () => void openDataFolder(state).catch((error: Error) => notify('Muster', error.message)),
      quit: () => app.quit(),
    },
  );
  state.tray.setContextMenu(Menu.buildFromTemplate(template));
}

/** Shows the console's LAN page (QR code, certificate, pairing) in the window, once the console is up. */
function openLanPage(state: DesktopState): void {
  showWindow(state);
  if (state.page === 'console' && state.window) load(state, state.window, `${state.consoleUrl}${LAN_PAGE_PATH}`);
}

/** Restarts the server on the new HOST; the connector keeps using loopback and needs no restart. */
async function setLanAccess(state: DesktopState, enabled: boolean): Promise<void> {
  state.settings = updateSettings(settingsFile(), { lanAccess: enabled });
  state.plan = planFor(state.settings);
  showPage(state, { title: 'Restarting Muster…', detail: enabled ? 'Opening Muster to the local network.' : 'Closing Muster to the local network.', busy: true });
  try {
    await state.stack.server.restart(serverSpec(state.plan));
  } catch (error) {
    if (!(error instanceof ChildStoppedError)) showFailure(state, error);
    return;
  }
  const urls = lanUrls(os.networkInterfaces(), state.plan.port);
  notify(
    'Muster',
    enabled
      ? `Other devices can now open ${urls.join(' or ') || `port ${state.plan.port} of this PC`} over HTTPS. Install this PC's certificate on each one first: Devices on the LAN (in the tray menu) shows how.`
      : 'Only this PC can open Muster now.',
  );
}

function showFailure(state: DesktopState, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  showPage(state, {
    title: 'Muster is not running',
    detail: `${reason}\n\nDetails are in ${logPath()}.\nQuit Muster from the tray and open it again; if this repeats, check that port ${state.plan.port} is free.`,
  });
}

function setupChildEvents(state: DesktopState): void {
  const { server, connector } = state.stack;
  server.on('ready', () => {
    if (state.page !== 'console') showPage(state, 'console');
  });
  server.on('restart', () =>
    showPage(state, { title: 'Restarting Muster…', detail: 'The server stopped unexpectedly and is being restarted.', busy: true }),
  );
  server.on('giveUp', ({ crashes }) => showFailure(state, new Error(`The Muster server crashed ${crashes} times in a row.`)));
  connector.on('giveUp', () => notify('Muster', 'The terminal connector keeps failing and was stopped. Punches are not being collected.'));
}

/**
 * Stops the children before Electron exits; `before-quit` is re-entered once
 * they are gone. (Electron turns SIGINT/SIGTERM into a quit, so this covers them.)
 */
function setupShutdown(state: DesktopState): void {
  app.on('before-quit', (event) => {
    if (state.childrenStopped) return;
    event.preventDefault();
    if (state.quitting) return;
    state.quitting = true;
    state.tray?.destroy();
    void state.stack
      .stop()
      .catch((error: unknown) => state.logFile.sink('desktop', 'stderr', `stopping children failed: ${String(error)}`))
      .then(() => state.logFile.close())
      .finally(() => {
        state.childrenStopped = true;
        app.quit();
      });
  });
}

async function startChildren(state: DesktopState): Promise<void> {
  fs.mkdirSync(state.plan.dataDir, { recursive: true });
  try {
    await state.stack.start();
  } catch (error) {
    // A giveUp shows its own page; a stop means we are quitting.
    if (state.quitting || error instanceof ChildGaveUpError) return;
    showFailure(state, error);
  }
}

if (setupSingleInstance()) {
  await app.whenReady();
  const state = createState();
  setupSecurity(state);
  setupIpc(state);
  setupWindow(state);
  setupTray(state);
  setupChildEvents(state);
  setupShutdown(state);
  await startChildren(state);
}
