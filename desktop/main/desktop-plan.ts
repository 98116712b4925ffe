import path from 'node:path';
import type { StackPlan } from './child-specs.ts';
import { serverHost } from './lan-access.ts';
import type { DesktopSettings } from './settings.ts';

export interface DesktopPlanInput {
  settings: DesktopSettings;
  /** Electron's app.getPath('userData'). */
  userDataDir: string;
  /** Electron's app.getAppPath(): app.asar when packaged, the project root in development. */
  appPath: string;
  isPackaged: boolean;
  /** The Electron binary; children run it as Node. */
  execPath: string;
  env: NodeJS.ProcessEnv;
}

/** How the desktop app runs the server and connector. */
export function desktopPlan(input: DesktopPlanInput): StackPlan {
  return {
    execPath: input.execPath,
    electron: true,
    packaged: input.isPackaged,
    appRoot: input.appPath,
    // app.asar is a file, not a folder a process can run in.
    cwd: input.isPackaged ? input.userDataDir : input.appPath,
    baseEnv: input.env,
    dataDir: path.join(input.userDataDir, 'data'),
    host: serverHost(input.settings.lanAccess),
    port: input.settings.port,
  };
}
