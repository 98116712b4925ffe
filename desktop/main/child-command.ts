import path from 'node:path';

export interface ChildCommandInput {
  /** True when running compiled JavaScript from `dist/` (packaged app, or `node dist/...`). */
  packaged: boolean;
  /** The folder holding package.json (inside app.asar when packaged). */
  appRoot: string;
  /** Source entry relative to appRoot, e.g. `server/src/main.ts`. */
  entry: string;
  /** Node, or Electron run as Node (`ELECTRON_RUN_AS_NODE=1`). */
  execPath: string;
  /** Node/V8 options for this child, placed before everything else. */
  nodeFlags?: readonly string[];
}

export interface ChildCommand {
  command: string;
  args: string[];
}

/**
 * The command that runs one of our entries: the compiled `dist/**.js` when
 * packaged, the TypeScript source through tsx otherwise.
 */
export function childCommand({ packaged, appRoot, entry, execPath, nodeFlags = [] }: ChildCommandInput): ChildCommand {
  if (packaged) {
    const compiled = path.join(appRoot, 'dist', entry.replace(/\.ts$/, '.js'));
    return { command: execPath, args: [...nodeFlags, '--enable-source-maps', compiled] };
  }
  return { command: execPath, args: [...nodeFlags, '--import', 'tsx', path.join(appRoot, entry)] };
}

/**
 * Where this module runs from: compiled (`<root>/dist/desktop/main/x.js`) or
 * source (`<root>/desktop/main/x.ts`). Returns the app root and which it is.
 */
export function locateApp(moduleFile: string): { appRoot: string; packaged: boolean } {
  const dir = path.dirname(moduleFile);
  const packaged = moduleFile.endsWith('.js');
  return { appRoot: path.resolve(dir, packaged ? '../../..' : '../..'), packaged };
}
